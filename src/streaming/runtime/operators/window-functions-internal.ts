/**
 * How a window operator keeps a window's contents and turns them into results (Flink's
 * ListState / ReducingState / AggregatingState plus the Internal*WindowFunction wrappers,
 * CoGroupWindowFunction and JoinedStreams' nested loop).
 */
import type { Collector } from "../../../common/collector.js";
import type { UdfInstance, UdfSpec } from "../../../common/udf.js";
import type { TimeWindow } from "../../time/time-window.js";
import { TaggedUnion } from "../../windows/tagged-union.js";
import type { AggregateFunction, ProcessWindowContext } from "../../windows/window-functions.js";

export type ContentsSpec =
  | { readonly kind: "list" }
  | { readonly kind: "reduce"; readonly fn: UdfSpec }
  | { readonly kind: "aggregate"; readonly fn: UdfSpec };

export type EmitSpec =
  | { readonly kind: "passThrough" }
  | { readonly kind: "process"; readonly fn: UdfSpec }
  | { readonly kind: "apply"; readonly fn: UdfSpec }
  | { readonly kind: "coGroup"; readonly fn: UdfSpec }
  | { readonly kind: "join"; readonly fn: UdfSpec; readonly flat: boolean };

/** A window's contents: `add` starts from `undefined` and returns the new contents. */
export interface WindowContents {
  add(contents: any, value: unknown): any;
  merge(a: any, b: any): any;
  /** The single result of reduce/aggregate contents; list contents are returned as they are. */
  result(contents: any): unknown;
  readonly isList: boolean;
}

type OpenUdf = (spec: UdfSpec, method?: string) => UdfInstance;

export function makeContents(spec: ContentsSpec, open: OpenUdf): WindowContents {
  switch (spec.kind) {
    case "list":
      return {
        isList: true,
        add: (c: unknown[] | undefined, v) => {
          if (c === undefined) return [v];
          c.push(v);
          return c;
        },
        merge: (a: unknown[], b: unknown[]) => a.concat(b),
        result: (c) => c,
      };
    case "reduce": {
      const reduce = open(spec.fn, "reduce").call;
      return { isList: false, add: (c, v) => (c === undefined ? v : reduce(c, v)), merge: (a, b) => reduce(a, b), result: (c) => c };
    }
    case "aggregate": {
      const agg = open(spec.fn, "add").target as AggregateFunction<unknown, unknown, unknown>;
      return {
        isList: false,
        add: (c, v) => agg.add(v, c === undefined ? agg.createAccumulator() : c),
        merge: (a, b) => agg.merge(a, b),
        result: (c) => agg.getResult(c),
      };
    }
  }
}

/** Emits one window's results for one key. */
export type Emitter = (key: unknown, window: TimeWindow, contents: unknown, out: Collector<unknown>, context: ProcessWindowContext) => void;

export function makeEmitter(spec: EmitSpec, contents: WindowContents, open: OpenUdf): Emitter {
  const elements = (c: unknown): unknown[] => (contents.isList ? (c as unknown[]) : [contents.result(c)]);
  switch (spec.kind) {
    case "passThrough":
      return (_k, _w, c, out) => out.collect(contents.result(c));
    case "process": {
      const fn = open(spec.fn, "process").call;
      return (k, _w, c, out, context) => fn(k, context, elements(c), out);
    }
    case "apply": {
      const fn = open(spec.fn, "apply").call;
      return (k, w, c, out) => fn(k, w, elements(c), out);
    }
    case "coGroup": {
      const fn = open(spec.fn, "coGroup").call;
      return (_k, _w, c, out) => {
        const [first, second] = split(c as TaggedUnion<unknown, unknown>[]);
        fn(first, second, out);
      };
    }
    case "join": {
      const fn = open(spec.fn, "join").call;
      return (_k, _w, c, out) => {
        const [first, second] = split(c as TaggedUnion<unknown, unknown>[]);
        for (const a of first) {
          for (const b of second) {
            if (spec.flat) fn(a, b, out);
            else out.collect(fn(a, b));
          }
        }
      };
    }
  }
}

function split(tagged: readonly TaggedUnion<unknown, unknown>[]): [unknown[], unknown[]] {
  const first: unknown[] = [];
  const second: unknown[] = [];
  for (const t of tagged) {
    if (t.isOne) first.push(t.one);
    else second.push(t.two);
  }
  return [first, second];
}
