/**
 * Hash join, one algorithm for every build side and join type (Flink's HYBRIDHASH_BUILD_FIRST /
 * _SECOND and the outer variants, after MutableHashTable, minus spilling):
 * 1. the build side is read completely into a JoinHashTable (the runner reads it first);
 * 2. probe records stream through: each is paired with the records of its key's bucket;
 * 3. outer joins: a probe record without a bucket is emitted with null for the build side if the
 *    probe side is outer; at the end, build records whose key was never probed are emitted with
 *    null for the probe side if the build side is outer.
 * Memory holds the build side only; the probe side is never buffered. A build side past the
 * operator's memory share turns the table into a hybrid hash join (hybrid-hash-join.ts): hash
 * partitions that do not fit go to disk with their probe records and are joined one by one.
 */
import { isFlatRecord } from "../../../common/copy.js";
import type { CompiledKey, HashKey } from "../../../common/keys.js";
import { instantiateUdf } from "../../../common/udf.js";
import type { JoinNode } from "../../../plan/logical.js";
import { JoinHashTable } from "../../hash/join-hash-table.js";
import { staticHolder } from "../../iteration/hooks.js";
import { KeptTableBuilder, type KeptBuildTable } from "../../iteration/kept-build-table.js";
import { subtaskKey } from "../../../common/subtask-key.js";
import { BaseOperator, holderOf, type Operator, type OperatorContext } from "../operator.js";
import { copyRecord } from "../../../common/copy.js";
import { RecordSizeEstimator } from "../../memory/size-estimator.js";
import type { HolderMemory } from "../../memory/job-memory.js";
import { HashJoinSortFallback } from "./sort-fallback.js";
import { HybridHashJoin } from "./hybrid-hash-join.js";
import { emitAgainst, emitOnce, heldPairEmitter, lastUse, outerSides, sharingPolicy, type PairEmitter, type SharingPolicy } from "./pair-function.js";
import { tableProber } from "./table-probe.js";
import { emitTypedMatches, NUMBER_ROWS_JOIN_STATS, probeRowsAgainst } from "./number-rows-join.js";
import { isTableKey, NumberTupleTable, typedRowBytes } from "../../hash/number-tuple-table.js";
import { isRowKey, keyPosition, numbersAt, numbersInto, type NumberRows } from "../../../common/number-rows.js";

export class HashJoinOperator extends BaseOperator<any, any, JoinNode> {
  readonly firstInputToRead: 0 | 1;
  private readonly table: JoinHashTable<any>;
  private readonly buildKey: CompiledKey;
  private readonly probeKey: CompiledKey;
  /** (build, probe) -> the function in (first, second) order. */
  private readonly emit: PairEmitter;
  private readonly probeOuter: boolean;
  private readonly buildOuter: boolean;
  private readonly policy: SharingPolicy;
  /** Every build record is flat (tracked for a function that only reads: no copies then). */
  private allFlat: boolean;
  /** Inside an iteration with a static build side: the table kept across supersteps, frozen. */
  private readonly kept: ReturnType<typeof staticHolder<KeptBuildTable>>;
  /** The first superstep of a kept table: the build side is collected here instead of `table`. */
  private readonly building: KeptTableBuilder | undefined;
  private readonly memory: HolderMemory;
  private readonly size = new RecordSizeEstimator();
  /** Set once the build side outgrew the share (never for a table kept across supersteps). */
  private fallback: HybridHashJoin | HashJoinSortFallback | undefined;
  /** The key's position in a tuple, per side: where rows of numbers hold it (-1: they go through the record path). */
  private readonly buildField: number;
  private readonly probeField: number;
  /**
   * The build rows that came as numbers with row keys (isRowKey), held as numbers
   * (number-rows-join.ts); `table` holds the rest, keys of other kinds. A key's build rows are in
   * one of the two: once `table` holds a row key, every build row goes there.
   */
  private typedBuild: NumberTupleTable | undefined;
  private typedBytes = 0;
  /** `table` holds a record with a row key. */
  private tableRowKeys = false;
  /** The one array a read-only function gets every probe row in. */
  private readonly reusedProbe: number[] = [];

  constructor(ctx: OperatorContext<JoinNode>, out: Operator, private readonly build: 0 | 1) {
    const node = ctx.node.logical;
    const udf = instantiateUdf(node.udf);
    super(ctx, out, udf);
    const keys = [node.keyFirst, node.keySecond] as const;
    const outer = outerSides(node.joinType);
    this.firstInputToRead = build;
    this.buildKey = subtaskKey(keys[build], ctx.node.name);
    this.probeKey = subtaskKey(keys[1 - build]!, ctx.node.name);
    this.buildField = keyPosition(keys[build]);
    this.probeField = keyPosition(keys[1 - build]!);
    this.buildOuter = outer[build];
    this.probeOuter = outer[1 - build]!;
    // A static build side is built once per iteration (Flink's cached static path); an outer
    // build side tracks matches per superstep, so it is built anew.
    this.kept = this.buildOuter ? undefined : staticHolder<KeptBuildTable>(ctx, build, "build-table");
    this.table = new JoinHashTable(this.buildOuter);
    this.emit = heldPairEmitter(udf, node.flat, out, build);
    this.policy = sharingPolicy(ctx);
    this.memory = holderOf(ctx);
    this.allFlat = this.policy.readsOnly;
    if (this.kept?.kept !== undefined) this.useKeptTable(this.kept.kept);
    else if (this.kept !== undefined) this.building = new KeptTableBuilder(this.policy.copy);
  }

  collect(record: any): void {
    if (this.build === 0) this.insert(record);
    else this.probeRecord(record);
  }
  collectSecond(record: any): void {
    if (this.build === 1) this.insert(record);
    else this.probeRecord(record);
  }

  /** A batch: the build side record by record, the probe side through `probeRecords`. */
  collectBatch(input: 0 | 1, records: readonly any[], from: number, to: number): void {
    if (input === this.build) for (let i = from; i < to; i++) this.insert(records[i]);
    else this.probeRecords(records, from, to);
  }

  /** Rows of numbers: the build side held as numbers while it can be, probe rows looked up on their key field. */
  collectNumbers(input: 0 | 1, rows: NumberRows): void {
    if (input === this.build) {
      NUMBER_ROWS_JOIN_STATS.built += rows.count;
      this.insertRows(rows);
    } else {
      NUMBER_ROWS_JOIN_STATS.probed += rows.count;
      this.probeRows(rows);
    }
  }

  /** The probe of one streamed record: the general one, or the table's own once it is built. */
  private probeRecord: (record: any) => void = (record) => this.probe(record);
  /** The probe of records[from, to): the same, as one loop. */
  private probeRecords: (records: readonly any[], from: number, to: number) => void = (records, from, to) => {
    for (let i = from; i < to; i++) this.probeRecord(records[i]);
  };

  endInput(input: 0 | 1): void {
    if (input !== this.build) return;
    if (this.kept && this.kept.kept === undefined) {
      // The first superstep's build side, frozen for this and every later superstep.
      const frozen = this.building!.build();
      this.kept.keep(frozen);
      this.useKeptTable(frozen);
    }
    if (this.kept === undefined && this.fallback === undefined) {
      if (this.typedBuild !== undefined) this.useTypedProbe();
      else this.useTableProbe();
    }
  }

  /** Probe records against the build rows held as numbers (a row key) or the record table (any other); rows go through probeRows. */
  private useTypedProbe(): void {
    const typed = this.typedBuild!;
    typed.freeze();
    const hashable = this.probeKey.hashable;
    const { emit, policy, probeOuter } = this;
    const others = this.table.size > 0 ? this.table : undefined;
    this.probeWith((record) => {
      const key = hashable(record);
      if (!isTableKey(key)) {
        if (others !== undefined) return this.probeTable(key, record);
        if (probeOuter) emit(null, lastUse(record, policy));
        return;
      }
      const id = typed.find(key);
      if (id >= 0) emitTypedMatches(typed, id, record, emit, policy);
      else if (probeOuter) emit(null, lastUse(record, policy));
    });
  }

  /** Build rows: as numbers (a typed table, or the hybrid join's partitions) while their keys are row keys, else as records. */
  private insertRows(rows: NumberRows): void {
    const { data, width, count } = rows;
    const kf = this.kept === undefined ? this.buildField : -1;
    for (let i = 0, at = 0; i < count; i++, at += width) {
      // Past the share: the rest of the batch goes to the hybrid join in one call.
      if (kf >= 0 && this.fallback instanceof HybridHashJoin) return this.hybridRows(this.fallback, rows, i, kf);
      const k = kf >= 0 ? data[at + kf]! : NaN;
      const typed = this.typedBuild;
      if (!isRowKey(k) || this.tableRowKeys || (typed !== undefined && typed.width !== width)) {
        this.insert(numbersAt(data, at, width));
        continue;
      }
      try {
        if (this.fallback !== undefined) this.insert(numbersAt(data, at, width));
        else {
          (this.typedBuild ??= new NumberTupleTable(width, this.buildOuter)).append(k, data, at);
          this.typedBytes += typedRowBytes(width);
          if (this.typedBytes + this.size.bytes >= this.memory.limit) this.spillTable();
        }
      } catch (e) {
        throw this.fail(e);
      }
    }
  }

  /** Build rows from row `from` on into the hybrid join (a row of another key as a record, through insert). */
  private hybridRows(hybrid: HybridHashJoin, rows: NumberRows, from: number, keyField: number): void {
    try {
      hybrid.addBuildRows(rows, from, keyField, (r) => this.insert(r));
    } catch (e) {
      throw this.fail(e);
    }
  }

  /**
   * Probe rows: on their numbers against a typed build side or the hybrid join's partitions; else
   * as a batch of records (fresh, or arrays reused batch after batch for a read-only function when
   * nothing keeps them).
   */
  private probeRows(rows: NumberRows): void {
    const { data, width, count } = rows;
    const reused = this.policy.readsOnly ? this.reusedProbe : undefined;
    const kf = this.kept === undefined ? this.probeField : -1;
    const fallback = this.fallback;
    try {
      if (kf >= 0 && fallback instanceof HybridHashJoin) return fallback.addProbeRows(rows, kf, reused, this.probeRecord);
      if (kf >= 0 && fallback === undefined && this.typedBuild !== undefined) {
        const probe = { emit: this.emit, policy: this.policy, probeOuter: this.probeOuter, keyField: kf, other: this.probeRecord };
        return probeRowsAgainst(this.typedBuild, rows, probe, this.reusedProbe);
      }
    } catch (e) {
      throw this.fail(e);
    }
    // As a batch of records, so the table's staged probe overlaps its lookups (table-probe.ts).
    const reuse = reused !== undefined && fallback === undefined;
    const batch = this.rowRecords;
    batch.length = count;
    for (let i = 0, at = 0; i < count; i++, at += width) {
      const r = batch[i];
      batch[i] = reuse && r !== undefined && r.length === width ? numbersInto(data, at, width, r) : numbersAt(data, at, width);
    }
    this.probeRecords(batch, 0, count);
    if (!reuse) batch.length = 0;
  }

  /** Probe rows as records, for the record path: for a read-only function, arrays reused batch after batch. */
  private readonly rowRecords: number[][] = [];

  /** A record with a row key meets build rows held as numbers: they become records in the table. */
  private untypeBuild(): void {
    const typed = this.typedBuild!;
    this.typedBuild = undefined;
    this.typedBytes = 0;
    this.tableRowKeys = true;
    typed.forEachRow((k, src, at) => {
      const r = numbersAt(src, at, typed.width);
      this.table.insert(k, r);
      this.size.add(r);
    });
    typed.clear();
  }

  /** Probes against the finished record table, its copy decisions taken once (table-probe.ts). */
  private useTableProbe(): void {
    const key = this.ctx.node.logical[this.build === 0 ? "keySecond" : "keyFirst"];
    const prober = tableProber(this.table, this.probeKey.hashable, this.emit, this.policy, this.probeOuter, this.allFlat, key.kind === "fields");
    this.probeWith(prober.one, prober.batch);
  }

  /** Probes, one record or a batch, go through `one`; a failure names the operator. */
  private probeWith(one: (record: any) => void, batch?: (records: readonly any[], from: number, to: number) => void): void {
    this.probeRecord = (record) => {
      try {
        one(record);
      } catch (err) {
        throw this.fail(err);
      }
    };
    this.probeRecords = (records, from, to) => {
      try {
        if (batch !== undefined) batch(records, from, to);
        else for (let i = from; i < to; i++) one(records[i]);
      } catch (err) {
        throw this.fail(err);
      }
    };
  }

  /** Probes go to the frozen table kept across supersteps. */
  private useKeptTable(table: KeptBuildTable): void {
    const one = table.prober(this.probeKey.hashable, this.emit, this.policy, this.probeOuter);
    this.probeWith(one);
  }

  private insert(record: any): void {
    try {
      const key = this.buildKey.hashable(record);
      if (this.building) return this.building.add(key, record);
      if (this.fallback) return this.fallback.addBuild(key, record);
      if (isTableKey(key) && !this.tableRowKeys) {
        if (this.typedBuild !== undefined) this.untypeBuild();
        this.tableRowKeys = true;
      }
      this.table.insert(key, record);
      if (this.allFlat && !isFlatRecord(record)) this.allFlat = false;
      if (this.kept === undefined && this.size.add(record) + this.typedBytes >= this.memory.limit) this.spillTable();
    } catch (e) {
      throw this.fail(e);
    }
  }

  private probe(record: any): void {
    try {
      if (this.fallback instanceof HybridHashJoin) return this.fallback.addProbe(this.probeKey.hashable(record), record);
      if (this.fallback) return this.fallback.addProbe(this.probeKey.hashable(record), this.ctx.inputOwned ? record : copyRecord(record));
      this.probeTable(this.probeKey.hashable(record), record);
    } catch (e) {
      throw this.fail(e);
    }
  }

  /** A probe record of key `key` against the record table. */
  private probeTable(key: HashKey, record: any): void {
    const id = this.table.probe(key);
    if (id < 0) {
      if (this.probeOuter) this.emit(null, lastUse(record, this.policy));
      return;
    }
    const { rows, start } = this.table;
    if (start[id + 1]! - start[id]! > 1) emitAgainst(this.emit, rows, start[id]!, start[id + 1]!, record, this.policy, this.allFlat);
    else emitOnce(this.emit, rows[start[id]!], record, this.policy, this.allFlat);
  }

  /** The build side outgrew the share: its rows and records move to a hybrid hash join (or, measuring, a sort-merge join). */
  private spillTable(): void {
    if (HASH_JOIN_SPILL.strategy === "sort-merge") {
      if (this.typedBuild !== undefined) this.untypeBuild();
      this.fallback = new HashJoinSortFallback(this.memory, this.table.keyedRecords());
    } else {
      const hybrid = this.hybrid();
      const typed = this.typedBuild;
      if (typed !== undefined) {
        typed.forEachRow((k, src, at) => hybrid.addBuildNumbers(k, src, at, typed.width));
        typed.clear();
        this.typedBuild = undefined;
        this.typedBytes = 0;
      }
      for (const [k, r] of this.table.keyedRecords()) hybrid.addBuild(k, r);
      this.fallback = hybrid;
    }
    this.table.clear();
  }

  private hybrid(): HybridHashJoin {
    return new HybridHashJoin(this.memory, { buildOuter: this.buildOuter, probeOuter: this.probeOuter, emit: this.emit, policy: this.policy });
  }

  override finish(): Promise<void> | void {
    if (this.fallback) {
      try {
        if (this.fallback instanceof HybridHashJoin) this.fallback.finish();
        else this.fallback.run(this.emit, this.buildOuter, this.probeOuter, this.policy);
      } catch (e) {
        throw this.fail(e);
      } finally {
        this.fallback.dispose();
      }
      return this.out.finish();
    }
    if (this.buildOuter) {
      try {
        // Last use of each build record: no copy needed.
        for (const r of this.table.unmatched()) this.emit(r, null);
        if (this.typedBuild !== undefined) for (const r of this.typedBuild.unmatched()) this.emit(r, null);
      } catch (e) {
        throw this.fail(e);
      }
    }
    if (!this.kept) this.table.clear();
    this.typedBuild?.clear();
    return this.out.finish();
  }
}

/**
 * @internal How a hash join whose build side outgrew its share goes on: "hybrid" (the default) or
 * "sort-merge" (the earlier fallback, kept to measure against: bench/out-of-core.ts --join-spill).
 */
export const HASH_JOIN_SPILL: { strategy: "hybrid" | "sort-merge" } = { strategy: "hybrid" };
