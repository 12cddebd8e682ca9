/**
 * Group reduce and group combine drivers. Records are grouped by hashing the key (groups keep
 * arrival order); with a group order each group is sorted (stable) before the function sees it.
 * Without a key the whole input is one group. Combiners (partial = true) emit once they hold
 * COMBINER_MAX_RECORDS records or their memory share, bounding their memory as Flink's sort-based
 * combiners do. Past its share a keyed final group reduce spills its groups as sorted runs, sends
 * every later record straight to the runs (typed columns for int keys and number tuples: no table,
 * no per-group array, no record on the heap) and finishes group by group from their merge
 * (runtime/spill/keyed-spill.ts); without a key the one
 * group (and a mapPartition's partition) goes to a spillable list the function iterates from disk.
 */
import { copyRecord } from "../../common/copy.js";
import type { CompiledKey } from "../../common/keys.js";
import { KeyIndex } from "../hash/keyed-map.js";
import { instantiateUdf } from "../../common/udf.js";
import type { GroupCombineNode, GroupReduceNode, Ordering } from "../../plan/logical.js";
import { sortRecords } from "../sort/comparator.js";
import { BaseOperator, holderOf, nodeUdf, type Operator, type OperatorContext } from "./operator.js";
import { KeyedSpill, type KeyedEntry } from "../spill/keyed-spill.js";
import { SpillableList } from "../spill/spillable-list.js";
import { subtaskKey } from "../../common/subtask-key.js";
import { isRowKey, keyPosition, numbersAt, type NumberRows } from "../../common/number-rows.js";

export const COMBINER_MAX_RECORDS = 1 << 18;

/**
 * Heap a group's array takes beyond its records, counted toward the table's share (measured on
 * V8 12: a one-record array and its slot ~48 bytes; its second record grows the store to 17 slots,
 * ~136 more; later growth is ~12 bytes a record). Without it a table of many small groups held
 * about twice its share (reduceGroup 10M rows / 5M keys: 370 MB live for a 137 MB share).
 */
const NEW_GROUP_BYTES = 48;
const GROWN_GROUP_BYTES = 136;

export class GroupOperator extends BaseOperator<any, any, GroupReduceNode | GroupCombineNode> {
  /** Keys to ids; `groups[id]` is the key's records in arrival order. */
  private index: KeyIndex | undefined;
  private groups: any[][] = [];
  private all: SpillableList<any>;
  private held = 0;
  private readonly spill: KeyedSpill<any>;
  private readonly fn: (values: Iterable<any>, out: Operator) => void;
  private readonly key: CompiledKey | undefined;
  private readonly order: readonly Ordering[];
  private readonly copyIn: boolean;
  /** A final keyed reduce past its share: records go straight to the spill's runs, no table. */
  private direct = false;
  /** Where rows of numbers hold the key (-1: not one tuple field; rows then go in as records). */
  private readonly keyField: number;

  constructor(ctx: OperatorContext<GroupReduceNode | GroupCombineNode>, out: Operator, private readonly partial: boolean) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    const logical = ctx.node.logical;
    this.fn = udf.call;
    this.key = logical.key ? subtaskKey(logical.key, ctx.node.name) : undefined;
    this.keyField = logical.key ? keyPosition(logical.key) : -1;
    this.index = this.key ? new KeyIndex(this.key) : undefined;
    this.order = logical.groupOrder;
    this.copyIn = !ctx.inputOwned;
    this.spill = new KeyedSpill(holderOf(ctx));
    this.all = new SpillableList(holderOf(ctx), "group");
  }

  collect(record: any): void {
    if (this.direct) return this.addDirect(record, this.copyIn);
    this.keep(this.copyIn ? copyRecord(record) : record);
  }

  /** Holds record `r`, this operator's own. */
  private keep(r: any): void {
    if (this.key === undefined) {
      // A combiner emits its one group when full; a final reduce lets the list spill.
      if (this.partial && this.spill.full(r)) {
        this.all.add(r);
        return this.flush();
      }
      this.all.add(r);
    } else {
      let id: number;
      try {
        id = this.index!.find(r);
      } catch (e) {
        throw this.fail(e);
      }
      let overhead = NEW_GROUP_BYTES;
      if (id < 0) this.groups[this.index!.add()] = [r];
      else overhead = this.groups[id]!.push(r) === 2 ? GROWN_GROUP_BYTES : 0;
      if (this.spill.full(r, overhead)) return this.tableFull();
    }
    if (this.partial && ++this.held >= COMBINER_MAX_RECORDS) this.flush();
  }

  private flush(): void {
    this.held = 0;
    this.spill.reset();
    if (this.key === undefined) {
      const all = this.all;
      this.all = new SpillableList(holderOf(this.ctx), "group");
      // As Flink's AllGroupReduceDriver: no call for an empty input.
      if (all.length > 0) this.callGroup(all.contents());
      all.dispose();
      return;
    }
    const [, groups] = this.take();
    for (const g of groups) this.callGroup(g);
  }

  /**
   * The groups hold their share: a combiner emits them, a final reduce spills them by key and
   * sends every later record straight to the sorted runs (its groups come from the merge anyway).
   */
  private tableFull(): void {
    if (this.partial) return this.flush();
    this.spill.spill(entriesOf(...this.take()));
    this.direct = true;
  }

  /**
   * Rows of numbers: once the groups went to disk (direct), rows whose key field holds a row key go
   * to the spill's typed columns as they lie, no record built; otherwise each row is a record.
   */
  collectNumbers(_input: 0 | 1, rows: NumberRows): void {
    const { data, width, count } = rows;
    const kf = this.keyField;
    for (let i = 0, at = 0; i < count; i++, at += width) {
      if (!this.direct) {
        this.keep(numbersAt(data, at, width));
        continue;
      }
      const k = kf >= 0 ? data[at + kf]! : NaN;
      try {
        if (isRowKey(k) && this.spill.addDirectRow(k, data, at, width)) continue;
      } catch (e) {
        throw this.fail(e);
      }
      this.addDirect(numbersAt(data, at, width), false);
    }
  }

  /** Adds a record straight to the spill's runs (a copy when `copy`). */
  private addDirect(record: any, copy: boolean): void {
    try {
      this.spill.addDirect(this.key!.hashable(record), record, copy ? copyRecord : identity);
    } catch (e) {
      throw this.fail(e);
    }
  }

  /** Empties the table, returning its (index, groups). */
  private take(): [KeyIndex, any[][]] {
    const taken: [KeyIndex, any[][]] = [this.index!, this.groups];
    this.index = new KeyIndex(this.key!);
    this.groups = [];
    return taken;
  }

  private callGroup(values: any[] | Iterable<any>): void {
    try {
      const sorted = this.order.length > 0 ? sortRecords(Array.isArray(values) ? values : [...values], this.order, this.ctx.node.name) : values;
      this.fn(sorted, this.out);
    } catch (e) {
      throw this.fail(e);
    }
  }

  override finish(): Promise<void> | void {
    if (!this.spill.spilled || this.key === undefined) {
      this.flush();
      return this.out.finish();
    }
    try {
      for (const [, group] of this.spill.mergedGroups(entriesOf(...this.take()), holderOf(this.ctx))) this.callGroup(group);
    } finally {
      this.take();
      this.spill.dispose();
    }
    return this.out.finish();
  }
}

const identity = <T>(r: T): T => r;

/** The records of hash groups as (key's hashable, record) entries, group after group in arrival order. */
function* entriesOf(index: KeyIndex, groups: readonly any[][]): Generator<KeyedEntry<any>> {
  for (let id = 0; id < groups.length; id++) {
    const k = index.keyOf(id);
    for (const r of groups[id]!) yield [k, r];
  }
}

/** MapPartition: the function is called once per subtask with all of its records. */
export class MapPartitionOperator extends BaseOperator {
  private readonly buffer: SpillableList<any>;
  private readonly fn: (values: Iterable<any>, out: Operator) => void;
  private readonly copyIn: boolean;

  constructor(ctx: OperatorContext, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
    this.copyIn = !ctx.inputOwned;
    this.buffer = new SpillableList(holderOf(ctx), "partition");
  }
  collect(record: any): void {
    this.buffer.add(this.copyIn ? copyRecord(record) : record);
  }
  override finish(): Promise<void> | void {
    try {
      this.fn(this.buffer.contents(), this.out);
    } catch (e) {
      throw this.fail(e);
    } finally {
      this.buffer.dispose();
    }
    return this.out.finish();
  }
}
