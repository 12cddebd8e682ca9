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
import type { CompiledKey } from "../../../common/keys.js";
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

  constructor(ctx: OperatorContext<JoinNode>, out: Operator, private readonly build: 0 | 1) {
    const node = ctx.node.logical;
    const udf = instantiateUdf(node.udf);
    super(ctx, out, udf);
    const keys = [node.keyFirst, node.keySecond] as const;
    const outer = outerSides(node.joinType);
    this.firstInputToRead = build;
    this.buildKey = subtaskKey(keys[build], ctx.node.name);
    this.probeKey = subtaskKey(keys[1 - build]!, ctx.node.name);
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
    if (this.kept === undefined && this.fallback === undefined) this.useTableProbe();
  }

  /**
   * The probe against the finished table: its key ids and record slices read directly and the
   * copy decisions that depend on the build side taken once (the general `probe` makes them per
   * record), so a probe is a key, an id lookup and the function. Same pairs and copies as `probe`.
   */
  private useTableProbe(): void {
    const table = this.table;
    table.freeze();
    const ids = table.keyIndex;
    const { rows, start, matched } = table;
    const hashable = this.probeKey.hashable;
    const emit = this.emit;
    const policy = this.policy;
    const probeOuter = this.probeOuter;
    const allFlat = this.allFlat;
    // The single held match as it is: no copies at all, or a read-only function over flat build records.
    const heldAsIs = !policy.copy || (policy.readsOnly && allFlat);
    // The streamed record as it is: its last use, and it is owned (or nothing is copied); else a
    // read-only function gets it as it is when it is flat.
    const streamedAsIs = !policy.copy || policy.streamedOwned;
    const streamedIfFlat = policy.readsOnly;
    // A probe record against its key's one build record.
    const withHeld = (held: any, record: any): void => {
      if (heldAsIs && streamedAsIs) emit(held, record);
      else if (heldAsIs && streamedIfFlat) emit(held, isFlatRecord(record) ? record : copyRecord(record));
      else emitOnce(emit, held, record, policy, allFlat);
    };
    const withId = (record: any, id: number): void => {
      if (id < 0) {
        if (probeOuter) emit(null, lastUse(record, policy));
        return;
      }
      if (matched !== undefined) matched[id] = 1;
      const from = start[id]!;
      const to = start[id + 1]!;
      if (to - from > 1) emitAgainst(emit, rows, from, to, record, policy, allFlat);
      else withHeld(rows[from], record);
    };
    // Every key once (a dimension table's build side): key id i's record is rows[i], no slice to read.
    const unique = rows.length === start.length - 1;
    const withUniqueId = (record: any, id: number): void => {
      if (id < 0) {
        if (probeOuter) emit(null, lastUse(record, policy));
        return;
      }
      if (matched !== undefined) matched[id] = 1;
      withHeld(rows[id], record);
    };
    const pairUp = unique ? withUniqueId : withId;
    const one = (record: any): void => pairUp(record, ids.idOf(hashable(record)));
    // A batch in stages when the probe key is fields (engine code, no user function to interleave
    // with the join function): first every record's key id, then (unique keys) a touch of each
    // matched build record, then the pairs. The loads of one stage do not depend on each other, so
    // their cache misses overlap; record by record, each waits for the one before (csv-job's
    // probes into 100k users). Pairs and their order are the same.
    const staged = this.ctx.node.logical[this.build === 0 ? "keySecond" : "keyFirst"].kind === "fields";
    let idsOf = new Int32Array(1024);
    const batch = (records: readonly any[], from: number, to: number): void => {
      const n = to - from;
      if (idsOf.length < n) idsOf = new Int32Array(n);
      const got = idsOf;
      for (let i = 0; i < n; i++) got[i] = ids.idOf(hashable(records[from + i]));
      if (unique) {
        let objects = 0;
        for (let i = 0; i < n; i++) {
          const id = got[i]!;
          if (id >= 0 && typeof rows[id] === "object") objects++;
        }
        this.touched = objects;
      }
      for (let i = 0; i < n; i++) pairUp(records[from + i], got[i]!);
    };
    this.probeWith(one, staged ? batch : undefined);
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

  /** What a staged batch's touch of the build records counted (kept, so the loads are not dropped as unused). */
  private touched = 0;

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
      this.table.insert(key, record);
      if (this.allFlat && !isFlatRecord(record)) this.allFlat = false;
      if (this.kept === undefined && this.size.add(record) >= this.memory.limit) this.spillTable();
    } catch (e) {
      throw this.fail(e);
    }
  }

  private probe(record: any): void {
    try {
      if (this.fallback instanceof HybridHashJoin) return this.fallback.addProbe(this.probeKey.hashable(record), record);
      if (this.fallback) return this.fallback.addProbe(this.probeKey.hashable(record), this.ctx.inputOwned ? record : copyRecord(record));
      const id = this.table.probe(this.probeKey.hashable(record));
      if (id < 0) {
        if (this.probeOuter) this.emit(null, lastUse(record, this.policy));
        return;
      }
      const { rows, start } = this.table;
      if (start[id + 1]! - start[id]! > 1) emitAgainst(this.emit, rows, start[id]!, start[id + 1]!, record, this.policy, this.allFlat);
      else emitOnce(this.emit, rows[start[id]!], record, this.policy, this.allFlat);
    } catch (e) {
      throw this.fail(e);
    }
  }

  /** The table outgrew the share: its records move to a hybrid hash join (or, measuring, a sort-merge join). */
  private spillTable(): void {
    if (HASH_JOIN_SPILL.strategy === "sort-merge") {
      this.fallback = new HashJoinSortFallback(this.memory, this.table.keyedRecords());
    } else {
      const hybrid = new HybridHashJoin(this.memory, {
        buildOuter: this.buildOuter,
        probeOuter: this.probeOuter,
        emit: this.emit,
        policy: this.policy,
      });
      for (const [k, r] of this.table.keyedRecords()) hybrid.addBuild(k, r);
      this.fallback = hybrid;
    }
    this.table.clear();
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
      } catch (e) {
        throw this.fail(e);
      }
    }
    if (!this.kept) this.table.clear();
    return this.out.finish();
  }
}

/**
 * @internal How a hash join whose build side outgrew its share goes on: "hybrid" (the default) or
 * "sort-merge" (the earlier fallback, kept to measure against: bench/out-of-core.ts --join-spill).
 */
export const HASH_JOIN_SPILL: { strategy: "hybrid" | "sort-merge" } = { strategy: "hybrid" };
