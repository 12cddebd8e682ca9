/**
 * A step function whose join builds on the partial solution and probes a static DataSet: the join
 * chains onto its static probe input, so that task has no output exchange (everything after it is
 * chained too). Found by the differential fuzzer (FUZZ-FINDINGS F3): such a task was taken for a
 * static input whose consumers all keep it, and skipped, so the step joined nothing.
 */
import { JoinHint } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

const HINTS = [
  "BROADCAST_HASH_FIRST",
  "REPARTITION_HASH_FIRST",
  "BROADCAST_HASH_SECOND",
  "REPARTITION_HASH_SECOND",
  "REPARTITION_SORT_MERGE",
  "OPTIMIZER_CHOOSES",
] as const;

testAtParallelism("a step's join building on the partial solution and probing a static input, every hint", async (env) => {
  for (const hint of HINTS) {
    for (const n of [1, 3]) {
      const statics = env.fromCollection([[1, "s1"], [2, "s2"]]);
      const it = env.fromCollection<[number, number]>([[1, 0], [2, 0], [3, 0]]).iterate(n);
      const next = it.map((r): [number, number] => [r[0], r[1] + 1])
        .join(statics, JoinHint[hint]).where(0).equalTo(0).with((a) => a);
      assertSameRecords(await it.closeWith(next).collect(), [[1, n], [2, n]], `${hint}, ${n} supersteps`);
    }
  }
});
