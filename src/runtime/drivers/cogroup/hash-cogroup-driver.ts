/**
 * Hash coGroup (HASH_CO_GROUP, the optimizer's choice for a coGroup without group order): both
 * inputs arrive hash-partitioned but unsorted; each record goes into its key's group, keys found
 * by one KeyIndex shared by both sides (runtime/hash/keyed-map.ts: int keys and int pairs in
 * typed open-addressing tables, no key string per record). At the end every key of either input
 * produces exactly one call `f(firstGroup, secondGroup, out)`, keys in the order they first came,
 * with an empty group for a side that lacks the key; groups are fresh arrays in arrival order, as
 * the sort-based CO_GROUP gives them. No sort of either input at all.
 *
 * Memory: the groups are counted against the driver's share (records, plus a per-key overhead);
 * past it, every held record goes to two external sorts by hashable key (runtime/spill/
 * keyed-spill.ts), so does the rest of both inputs, and at the end both are merged key by key:
 * the same calls in key order, as the sort-based driver would make them (Flink's hash-to-sort
 * fallback).
 */
import type { CompiledKey, HashKey, PairSlot } from "../../../common/keys.js";
import { subtaskKey } from "../../../common/subtask-key.js";
import { instantiateUdf } from "../../../common/udf.js";
import { copyRecord, isFlatRecord } from "../../../common/copy.js";
import type { CoGroupNode } from "../../../plan/logical.js";
import type { CoGroupFold } from "../../../plan/physical.js";
import { KeyIndex } from "../../hash/keyed-map.js";
import type { HolderMemory } from "../../memory/job-memory.js";
import { RecordSizeEstimator } from "../../memory/size-estimator.js";
import { compareHashKeys, KeyedSpill } from "../../spill/keyed-spill.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "../operator.js";
import { foldState, type FoldState } from "./fold-state.js";
import { isRowKey, keyPosition, numbersAt, numbersInto, type NumberRows } from "../../../common/number-rows.js";

type CoGroupCall = (first: Iterable<any>, second: Iterable<any>, out: Operator) => void;

/** Heap bytes a key costs beyond its records (index entries, two group slots, a group array). */
const KEY_OVERHEAD = 64;
/** Heap bytes a folded key costs per local it keeps (an array slot, a boxed number). */
const FOLD_LOCAL_BYTES = 24;
/** The most keys a fold's state is allocated for up front (from the optimizer's estimate). */
const MAX_FOLD_CAPACITY = 1 << 18;

/**
 * One CompiledKey over both sides' keys, switched per record, so that both sides share one
 * KeyIndex (ids). A pair path is used only if both keys have one (else a key of one side could
 * land in the pair table and the equal key of the other in the hashable Map).
 */
class SwitchedKey implements CompiledKey {
  current: CompiledKey;
  readonly description: string;
  readonly pair: ((record: any, slot: PairSlot) => boolean) | undefined;

  constructor(readonly first: CompiledKey, readonly second: CompiledKey) {
    this.current = first;
    this.description = first.description;
    this.pair = first.pair !== undefined && second.pair !== undefined ? (r, s) => this.current.pair!(r, s) : undefined;
  }

  readonly extract = (r: any): unknown => this.current.extract(r);
  readonly hashable = (r: any): HashKey => this.current.hashable(r);
}

/**
 * One input's records in arrival order, each linked to the next record of its key (typed arrays:
 * first and last record per key id, next per record), so holding them allocates nothing per key.
 */
class SideRecords {
  private records: any[] = [];
  private next = new Int32Array(1024);
  private head = new Int32Array(1024).fill(-1);
  private tail = new Int32Array(1024);

  add(id: number, record: any): void {
    const i = this.records.length;
    this.records.push(record);
    if (i >= this.next.length) this.next = grown(this.next, i, 0);
    this.next[i] = -1;
    if (id >= this.head.length) {
      this.head = grown(this.head, id, -1);
      this.tail = grown(this.tail, id, 0);
    }
    const last = this.head[id]! < 0 ? -1 : this.tail[id]!;
    if (last < 0) this.head[id] = i;
    else this.next[last] = i;
    this.tail[id] = i;
  }

  /** A fresh array of key id's records, in arrival order (empty when none). */
  group(id: number): any[] {
    const g: any[] = [];
    if (id >= this.head.length) return g;
    const records = this.records;
    const next = this.next;
    for (let i = this.head[id]!; i >= 0; i = next[i]!) g.push(records[i]);
    return g;
  }
}

/** A copy of `a` large enough for index `i`, new slots set to `fill`. */
function grown(a: Int32Array, i: number, fill: number): Int32Array<ArrayBuffer> {
  const b = new Int32Array(Math.max(2 * a.length, i + 1));
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

type InCopy = "all" | "nested" | "none";

/**
 * What input `side` needs: a function that only reads (node.readsOnly, passes/reads-only-cogroup.ts)
 * gets flat records as they are and copies of the others whenever they are not its own (its chained
 * input not owned, or a channel that hands the user's elements over uncopied: `uncopiedInputs`);
 * any other function gets copies of what is not owned.
 */
function inCopy(ctx: OperatorContext<CoGroupNode>, side: 0 | 1): InCopy {
  if (ctx.objectReuse) return "none";
  // Chained onto its second input, the node's inputOwned is that input's; the other comes through
  // a channel, which copied what was not owned unless the optimizer said it need not.
  const owned = side === ctx.node.chainedInput ? ctx.inputOwned : ctx.node.uncopiedInputs?.includes(side) !== true;
  if (owned) return "none";
  return ctx.node.readsOnly ? "nested" : "all";
}

export class HashCoGroupOperator extends BaseOperator<any, any, CoGroupNode> {
  readonly firstInputToRead = 0 as const;
  private readonly key: SwitchedKey;
  private readonly fn: CoGroupCall;
  /** Per input: copy every record, or only those that are not flat (a function that only reads), or none. */
  /** Per input: the record as this driver may keep it (itself, or a copy where its input is not owned). */
  private readonly copiers: readonly [(r: any) => any, (r: any) => any];
  private readonly memory: HolderMemory;
  private index: KeyIndex;
  /** Both inputs' records, each chained to the next of its key (no array per key while building). */
  private sides: [SideRecords, SideRecords] = [new SideRecords(), new SideRecords()];
  private readonly size = new RecordSizeEstimator();
  /**
   * Set once the groups outgrew the share: both inputs by hashable key, on their way to disk.
   * When folding, only the records of keys that came after that (the folded keys go on folding).
   */
  private spilled: [KeyedSpill<any>, KeyedSpill<any>] | undefined;
  /** The function run as a fold per key (node.coGroupFold): no records held. */
  private readonly fold: CoGroupFold | undefined;
  private foldState: FoldState | undefined;
  /** Keys the fold's state is allocated for: the optimizer's estimate (expectedKeys), within bounds. */
  private readonly foldCapacity: number;
  /** Heap bytes one folded key costs. */
  private readonly foldKeyBytes: number;
  /** Per input, where rows of numbers hold the key (-1: not one tuple field). */
  private readonly keyFields: readonly [number, number];
  /** The record a row's key is looked up in (the index reads it during the call). */
  private readonly scratch: number[] = [];

  constructor(ctx: OperatorContext<CoGroupNode>, out: Operator) {
    const node = ctx.node.logical;
    const udf = instantiateUdf(node.udf);
    super(ctx, out, udf);
    this.fn = udf.call;
    this.key = new SwitchedKey(subtaskKey(node.keyFirst, ctx.node.name), subtaskKey(node.keySecond, ctx.node.name));
    this.keyFields = [keyPosition(node.keyFirst), keyPosition(node.keySecond)];
    this.copiers = [copierOf(inCopy(ctx, 0)), copierOf(inCopy(ctx, 1))];
    this.memory = holderOf(ctx);
    this.fold = ctx.node.coGroupFold;
    this.foldKeyBytes = KEY_OVERHEAD + FOLD_LOCAL_BYTES * (this.fold?.state.length ?? 0);
    const expected = this.fold?.expectedKeys ?? 0;
    this.foldCapacity = Math.min(MAX_FOLD_CAPACITY, expected, Math.floor(this.memory.limit / this.foldKeyBytes));
    this.index = new KeyIndex(this.key, { expectedKeys: this.foldCapacity });
    this.foldState = this.fold === undefined ? undefined : foldState(this.fold, this.foldCapacity);
  }

  collect(record: any): void {
    this.key.current = this.key.first;
    this.add(0, record);
  }

  collectSecond(record: any): void {
    this.key.current = this.key.second;
    this.add(1, record);
  }

  /** A batch of one input: its key chosen once, then record by record. */
  collectBatch(input: 0 | 1, records: readonly any[], from: number, to: number): void {
    this.key.current = input === 0 ? this.key.first : this.key.second;
    for (let i = from; i < to; i++) this.add(input, records[i]);
  }

  /**
   * Rows of numbers of one input: once the groups went to disk, a row whose key field holds a row
   * key and that joins no folded key goes to the spill's typed columns as it lies, no record built;
   * any other row becomes a record (this driver's own: no copy).
   */
  collectNumbers(input: 0 | 1, rows: NumberRows): void {
    this.key.current = input === 0 ? this.key.first : this.key.second;
    const { data, width, count } = rows;
    const kf = this.keyFields[input];
    for (let i = 0, at = 0; i < count; i++, at += width) {
      const spilled = this.spilled;
      if (spilled !== undefined && kf >= 0 && isRowKey(data[at + kf]!)) {
        try {
          const folded = this.foldState !== undefined && this.index.find(numbersInto(data, at, width, this.scratch)) >= 0;
          if (!folded && spilled[input].addDirectRow(data[at + kf]!, data, at, width)) continue;
        } catch (e) {
          throw this.fail(e);
        }
      }
      this.add(input, numbersAt(data, at, width), true);
    }
  }

  /** `owned`: the record is this driver's already (no copy). */
  private add(side: 0 | 1, record: any, owned = false): void {
    try {
      const copier = owned ? identity : this.copiers[side];
      if (this.spilled !== undefined && this.foldState === undefined) {
        // Past the share: straight to the sorted runs (typed columns for int keys and number tuples, copied only if held as a record).
        this.spilled[side].addDirect(this.key.hashable(record), record, copier);
        return;
      }
      const r = copier(record);
      if (this.foldState !== undefined) {
        this.addFolded(this.foldState, side, r);
        return;
      }
      const index = this.index;
      let id = index.find(r);
      if (id < 0) id = index.add();
      this.sides[side].add(id, r);
      if (this.size.add(r) + index.size * KEY_OVERHEAD >= this.memory.limit) this.spill();
    } catch (e) {
      throw this.fail(e);
    }
  }

  /**
   * Folding: a known key's record goes through the function's loop body at once; a new key gets
   * its state, or, once the keys outgrew the share, its records go to the sorts (merged at the end).
   */
  private addFolded(state: FoldState, side: 0 | 1, r: any): void {
    const index = this.index;
    let id = index.find(r);
    if (id < 0) {
      const spilled = this.spilled;
      if (spilled !== undefined) {
        spilled[side].addDirect(this.key.hashable(r), r, identity);
        return;
      }
      id = index.add();
      state.init(id);
      if (index.size * this.foldKeyBytes >= this.memory.limit) {
        const half: HolderMemory = { ...this.memory, limit: this.memory.limit / 2 };
        this.spilled = [new KeyedSpill(half), new KeyedSpill(half)];
      }
    }
    state.add[side]?.(id, r);
  }

  /** The groups outgrew the share: every held record moves to the sorts by key. */
  private spill(): void {
    // The two sorts share the driver's share: each buffers at most half of it before writing a run.
    const half: HolderMemory = { ...this.memory, limit: this.memory.limit / 2 };
    const sides: [KeyedSpill<any>, KeyedSpill<any>] = [new KeyedSpill(half), new KeyedSpill(half)];
    const index = this.index;
    for (const side of [0, 1] as const) {
      const held = this.sides[side];
      sides[side].spill(
        (function* entries(): Iterable<[HashKey, any]> {
          for (let id = 0; id < index.size; id++) {
            const g = held.group(id);
            if (g.length === 0) continue;
            const k = index.keyOf(id);
            for (const r of g) yield [k, r];
          }
        })(),
      );
    }
    this.spilled = sides;
    this.reset();
  }

  private reset(): void {
    this.index = new KeyIndex(this.key);
    this.sides = [new SideRecords(), new SideRecords()];
    this.size.reset();
    if (this.fold !== undefined) this.foldState = foldState(this.fold, this.foldCapacity);
  }

  /** Folding: every folded key's emit, in the order keys first came. */
  private emitFolded(): void {
    const state = this.foldState!;
    const keys = this.index.size;
    // Dropped before the calls (an iteration's next superstep starts empty).
    this.reset();
    const out = this.out;
    for (let id = 0; id < keys; id++) {
      try {
        state.emit(id, out);
      } catch (e) {
        throw this.fail(e);
      }
    }
  }

  private call(first: any[], second: any[]): void {
    try {
      this.fn(first, second, this.out);
    } catch (e) {
      throw this.fail(e);
    }
  }

  override finish(): Promise<void> | void {
    if (this.fold !== undefined) this.emitFolded();
    const spilled = this.spilled;
    if (spilled !== undefined) {
      try {
        this.mergeSpilled(spilled);
      } finally {
        for (const s of spilled) s.dispose();
        this.spilled = undefined;
      }
    } else if (this.fold === undefined) {
      const [first, second] = this.sides;
      const keys = this.index.size;
      // Dropped before the calls: the groups are the function's now (and an iteration's next superstep starts empty).
      this.reset();
      for (let id = 0; id < keys; id++) this.call(first.group(id), second.group(id));
    }
    return this.out.finish();
  }

  /** Both sorted sides merged key by key: one call per key of either side. */
  private mergeSpilled([first, second]: [KeyedSpill<any>, KeyedSpill<any>]): void {
    let a: Iterator<[HashKey, any[]]>;
    let b: Iterator<[HashKey, any[]]>;
    try {
      a = first.mergedGroups([], this.memory)[Symbol.iterator]();
      b = second.mergedGroups([], this.memory)[Symbol.iterator]();
    } catch (e) {
      throw this.fail(e);
    }
    const next = (it: Iterator<[HashKey, any[]]>): IteratorResult<[HashKey, any[]]> => {
      try {
        return it.next();
      } catch (e) {
        throw this.fail(e);
      }
    };
    let x = next(a);
    let y = next(b);
    while (!x.done || !y.done) {
      const c = x.done ? 1 : y.done ? -1 : compareHashKeys(x.value[0], y.value[0]);
      if (c < 0) {
        this.call(x.value![1], []);
        x = next(a);
      } else if (c > 0) {
        this.call([], y.value![1]);
        y = next(b);
      } else {
        this.call(x.value![1], y.value![1]);
        x = next(a);
        y = next(b);
      }
    }
  }
}

const identity = (r: any): any => r;
const copyNested = (r: any): any => (isFlatRecord(r) ? r : copyRecord(r));

function copierOf(copy: InCopy): (r: any) => any {
  return copy === "none" ? identity : copy === "nested" ? copyNested : copyRecord;
}
