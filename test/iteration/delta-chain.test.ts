import assert from "node:assert/strict";
import { random } from "../../examples/_iteration-data.js";
import { connectedComponents } from "../../examples/connected-components.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";

testAtParallelism("on a long chain the delta iteration touches only changed records", async (env, p) => {
  // A path of n vertices with shuffled ids, 0 at one end: the component id 0 travels one hop per
  // superstep (n supersteps), while a vertex changes only when a smaller id reaches it.
  const n = 600;
  const next = random(17);
  const ids = Array.from({ length: n - 1 }, (_, i) => i + 1);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  const path = [0, ...ids];
  const edges = path.slice(1).map((v, i) => [path[i]!, v] as [number, number]);
  const out = await connectedComponents(env.generateSequence(0, n - 1), env.fromCollection(edges), 10 * n).collect();
  assertSameRecords(out, Array.from({ length: n }, (_, v) => [v, 0]));
  const s = env.getLastJobExecutionResult()!.getIterationStats()[0]!;
  assert.equal(s.supersteps, n); // the last one finds no change
  const bound = s.supersteps * n;
  const worksets = s.inputPerSuperstep.reduce((a, b) => a + b, 0);
  process.stderr.write(
    `long chain, p=${p}: ${s.supersteps} supersteps x ${n} vertices = ${bound}; workset records ${worksets}; records processed ${s.totalRecords}\n`,
  );
  assert.ok(s.totalRecords * 10 < bound, `${s.totalRecords} records vs ${bound}`);
  assert.ok(worksets * 50 < bound, `${worksets} workset records vs ${bound}`);
});
