/**
 * What a hash join does when its build side outgrows its memory share: it turns into a sort-merge
 * join on the hashable key (Flink's optimizer would have chosen one; MutableHashTable would spill
 * partitions and recurse). The table's records and the rest of the build side go to one external
 * sort, the probe side to another; at the end both are merged key by key: every probe record of a
 * key meets every build record of it, and the outer sides' unmatched records are emitted with null,
 * as the hash join would. Output comes in key order instead of probe order.
 */
import type { HashKey } from "../../../common/keys.js";
import type { HolderMemory } from "../../memory/job-memory.js";
import { compareHashKeys, KeyedSpill } from "../../spill/keyed-spill.js";
import { emitAgainst, type PairEmitter, type SharingPolicy } from "./pair-function.js";

export class HashJoinSortFallback {
  private readonly build: KeyedSpill<any>;
  private readonly probe: KeyedSpill<any>;

  constructor(private readonly memory: HolderMemory, table: Iterable<[HashKey, any]>) {
    this.build = new KeyedSpill(memory);
    this.probe = new KeyedSpill(memory);
    this.build.spill(table);
  }

  addBuild(key: HashKey, record: any): void {
    this.build.add([key, record]);
  }

  addProbe(key: HashKey, record: any): void {
    this.probe.add([key, record]);
  }

  /** Joins both sides key by key; `emit` takes (build, probe). */
  run(emit: PairEmitter, buildOuter: boolean, probeOuter: boolean, policy: SharingPolicy): void {
    const builds = this.build.mergedGroups([], this.memory)[Symbol.iterator]();
    const probes = this.probe.mergedGroups()[Symbol.iterator]();
    let b = builds.next();
    let p = probes.next();
    while (!b.done || !p.done) {
      const c = b.done ? 1 : p.done ? -1 : compareHashKeys(b.value[0], p.value[0]);
      if (c < 0) {
        if (buildOuter) for (const r of b.value[1]) emit(r, null);
        b = builds.next();
      } else if (c > 0) {
        if (probeOuter) for (const r of p.value[1]) emit(null, r);
        p = probes.next();
      } else {
        const rows = b.value[1];
        for (const r of p.value[1]) emitAgainst(emit, rows, 0, rows.length, r, policy);
        b = builds.next();
        p = probes.next();
      }
    }
  }

  dispose(): void {
    this.build.dispose();
    this.probe.dispose();
  }
}
