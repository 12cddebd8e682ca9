/**
 * Windowed coGroup and join of two streams (Flink's CoGroupedStreams / JoinedStreams): both
 * inputs are tagged, unioned, keyed by their where/equalTo keys and windowed; when a window
 * fires, each key's records are split back into the two sides. A join is a coGroup calling the
 * join function for every pair (a nested loop).
 * @example
 * left.coGroup(right).where((l) => l[1]).equalTo((r) => r[1])
 *   .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
 *   .apply((first, second, out) => { ... })
 */
import { InvalidProgramException } from "../../common/errors.js";
import type { KeySelector } from "../../common/functions.js";
import type { KeyDefinition } from "../../common/keys.js";
import { udfArity, udfSpec } from "../../common/udf.js";
import type { EmitSpec } from "../runtime/operators/window-functions-internal.js";
import { MapOperator } from "../runtime/operators/record-operators.js";
import { type Duration } from "../time/duration.js";
import type { WindowAssigner } from "../windows/assigners.js";
import { TaggedUnion } from "../windows/tagged-union.js";
import type { WindowCoGroupFunction } from "../windows/window-functions.js";
import type { JoinFunctionArg, JoinResult, TupleHint } from "../../common/record-types.js";
import type { DataStream } from "./data-stream.js";

type Kind = "coGroup" | "join";

/** `a.coGroup(b)`: continue with `.where(keySelector)`. */
export class CoGroupedStreams<T1, T2> {
  /** @internal */
  constructor(private readonly input1: DataStream<T1>, private readonly input2: DataStream<T2>) {}
  /**
   * The first stream's key selector.
   * @example
   * clicks.coGroup(views).where((c) => c[0]);
   */
  where<K>(keySelector: KeySelector<T1, K>): Where<T1, T2, K, "coGroup"> {
    return new Where<T1, T2, K, "coGroup">("coGroup", this.input1, this.input2, selectorCall(keySelector, "coGroup where"));
  }
}

/** `a.join(b)`: continue with `.where(keySelector)`. */
export class JoinedStreams<T1, T2> {
  /** @internal */
  constructor(private readonly input1: DataStream<T1>, private readonly input2: DataStream<T2>) {}
  /**
   * The first stream's key selector.
   * @example
   * clicks.join(views).where((c) => c[0]);
   */
  where<K>(keySelector: KeySelector<T1, K>): Where<T1, T2, K, "join"> {
    return new Where<T1, T2, K, "join">("join", this.input1, this.input2, selectorCall(keySelector, "join where"));
  }
}

export class Where<T1, T2, K, J extends Kind> {
  /** @internal */
  constructor(
    private readonly kind: J,
    private readonly input1: DataStream<T1>,
    private readonly input2: DataStream<T2>,
    private readonly key1: (v: T1) => K,
  ) {}
  /**
   * The second stream's key selector; its key type must be the first one's.
   * @example
   * clicks.join(views).where((c) => c[0]).equalTo((v) => v[0]); // a key of another type does not compile
   */
  equalTo(keySelector: KeySelector<T2, K>): EqualTo<T1, T2, K, J> {
    return new EqualTo<T1, T2, K, J>(this.kind, this.input1, this.input2, this.key1, selectorCall(keySelector, `${this.kind} equalTo`));
  }
}

export class EqualTo<T1, T2, K, J extends Kind> {
  /** @internal */
  constructor(
    private readonly kind: J,
    private readonly input1: DataStream<T1>,
    private readonly input2: DataStream<T2>,
    private readonly key1: (v: T1) => K,
    private readonly key2: (v: T2) => K,
  ) {}
  /**
   * The window both streams are grouped in, per key.
   * @example
   * clicks.join(views).where((c) => c[0]).equalTo((v) => v[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)));
   */
  window(assigner: WindowAssigner): J extends "coGroup" ? CoGroupWithWindow<T1, T2, K> : JoinWithWindow<T1, T2, K> {
    const w = this.kind === "coGroup"
      ? new CoGroupWithWindow<T1, T2, K>(this.input1, this.input2, this.key1, this.key2, assigner)
      : new JoinWithWindow<T1, T2, K>(this.input1, this.input2, this.key1, this.key2, assigner);
    return w as J extends "coGroup" ? CoGroupWithWindow<T1, T2, K> : JoinWithWindow<T1, T2, K>;
  }
}

abstract class WithWindow<T1, T2, K> {
  protected lateness: Duration | undefined;
  /** @internal */
  constructor(
    protected readonly input1: DataStream<T1>,
    protected readonly input2: DataStream<T2>,
    protected readonly key1: (v: T1) => K,
    protected readonly key2: (v: T2) => K,
    protected readonly assigner: WindowAssigner,
  ) {}
  /**
   * Keeps window state this long after the window's end.
   * @example
   * clicks.coGroup(views).where((c) => c[0]).equalTo((v) => v[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
   *   .allowedLateness(Duration.ofSeconds(1));
   */
  allowedLateness(lateness: Duration): this {
    this.lateness = lateness;
    return this;
  }
  /** Tags, unions, keys and windows both inputs; `emit` turns a window's records into results. */
  protected build<R>(emit: EmitSpec, functionName: string): DataStream<R> {
    const one = udfSpec((v: T1) => TaggedUnion.one<T1, T2>(v), "map", "coGroup");
    const two = udfSpec((v: T2) => TaggedUnion.two<T1, T2>(v), "map", "coGroup");
    const tag1 = this.input1.transform<TaggedUnion<T1, T2>>("Map", () => new MapOperator(one), "input");
    const tag2 = this.input2.transform<TaggedUnion<T1, T2>>("Map", () => new MapOperator(two), "input");
    const { key1, key2 } = this;
    const unionKey = (t: TaggedUnion<T1, T2>): K => (t.isOne ? key1(t.one as T1) : key2(t.two as T2));
    const key: KeyDefinition = { kind: "selector", selector: udfSpec(unionKey, "getKey", "coGroup") };
    const keyed = tag1.union(tag2).keyByDefinition<K>(key);
    const windowed = keyed.window(this.assigner);
    if (this.lateness !== undefined) windowed.allowedLateness(this.lateness);
    return windowed.build<R>({ kind: "list" }, emit, functionName);
  }
}

export class CoGroupWithWindow<T1, T2, K> extends WithWindow<T1, T2, K> {
  /**
   * `fn(first, second, out)` per key and window; a side without records is an empty array.
   * @example
   * clicks.coGroup(views).where((c) => c[0]).equalTo((v) => v[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
   *   .apply((cs, vs, out) => out.collect([[...cs].length, [...vs].length]));
   */
  apply<R>(fn: WindowCoGroupFunction<T1, T2, R>): DataStream<R> {
    return this.build<R>({ kind: "coGroup", fn: udfSpec(fn, "coGroup", "coGroup apply") }, "CoGroupWindowFunction");
  }
  /**
   * Same as apply (Flink's deprecated alias).
   * @example
   * clicks.coGroup(views).where((c) => c[0]).equalTo((v) => v[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
   *   .with((cs, vs, out) => out.collect([...cs].length));
   */
  with<R>(fn: WindowCoGroupFunction<T1, T2, R>): DataStream<R> {
    return this.apply(fn);
  }
}

export class JoinWithWindow<T1, T2, K> extends WithWindow<T1, T2, K> {
  /**
   * `fn(x, y)` per pair of one key and window; with three parameters `fn(x, y, out)` (flat join).
   * @example
   * clicks.join(views).where((c) => c[0]).equalTo((v) => v[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5))).apply((c, v) => [c[0], v[1]]);
   */
  apply<R extends TupleHint | void, C = R>(fn: JoinFunctionArg<T1, T2, R, C>): DataStream<JoinResult<R, C>> {
    const spec = udfSpec(fn, "join", "join apply");
    const flat = udfArity(spec) >= 3;
    return this.build<JoinResult<R, C>>({ kind: "join", fn: spec, flat }, flat ? "FlatJoinCoGroupFunction" : "JoinCoGroupFunction");
  }
  /**
   * Same as apply (Flink's deprecated alias).
   * @example
   * clicks.join(views).where((c) => c[0]).equalTo((v) => v[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
   *   .with((c, v, out) => out.collect(c[0]));
   */
  with<R extends TupleHint | void, C = R>(fn: JoinFunctionArg<T1, T2, R, C>): DataStream<JoinResult<R, C>> {
    return this.apply<R, C>(fn);
  }
}

function selectorCall<T, K>(keySelector: KeySelector<T, K>, operator: string): (v: T) => K {
  if (typeof keySelector === "function") return keySelector;
  if (keySelector !== null && typeof keySelector === "object" && typeof keySelector.getKey === "function") return (v) => keySelector.getKey(v);
  throw new InvalidProgramException(`${operator}: expected a key selector (a function or an object with getKey), got ${String(keySelector)}`);
}
