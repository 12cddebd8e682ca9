/** The memory budget: config, environment variable, default; fractions in the plan JSON. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { getHeapStatistics } from "node:v8";
import { tmpdir } from "node:os";
import { ExecutionEnvironment, InvalidProgramException, JoinHint, Order } from "../../src/index.js";
import { parseByteSize } from "../../src/common/byte-size.js";
import { DEFAULT_HEAP_SHARE, resolvePlanMemory } from "../../src/runtime/memory/memory-budget.js";

test("byte sizes: numbers and text with units", () => {
  assert.equal(parseByteSize(1000, "t"), 1000);
  assert.equal(parseByteSize("512mb", "t"), 512 * 2 ** 20);
  assert.equal(parseByteSize("1.5 GiB", "t"), 1.5 * 2 ** 30);
  assert.equal(parseByteSize("64k", "t"), 65536);
  for (const bad of [0, -1, "", "lots", "12 parsecs", Number.NaN]) {
    assert.throws(() => parseByteSize(bad, "setMemoryBudget"), (e: unknown) => e instanceof InvalidProgramException && /setMemoryBudget/.test(String(e)));
  }
});

test("the budget: config first, then SLUICE_MEMORY_BUDGET, then a share of the heap limit", () => {
  const heap = getHeapStatistics().heap_size_limit;
  const def = resolvePlanMemory({}, {});
  assert.ok(Math.abs(def.budgetBytes - heap * DEFAULT_HEAP_SHARE) < 2 ** 20);
  assert.equal(def.spillRoot, tmpdir());
  const fromEnv = resolvePlanMemory({}, { SLUICE_MEMORY_BUDGET: "100mb", SLUICE_SPILL_DIR: "/scratch" });
  assert.deepEqual(fromEnv, { budgetBytes: 100 * 2 ** 20, spillRoot: "/scratch" });
  assert.deepEqual(resolvePlanMemory({ budgetBytes: 5000, spillRoot: "/x" }, { SLUICE_MEMORY_BUDGET: "100mb", SLUICE_SPILL_DIR: "/y" }), { budgetBytes: 5000, spillRoot: "/x" });
  assert.throws(() => resolvePlanMemory({}, { SLUICE_MEMORY_BUDGET: "much" }), /SLUICE_MEMORY_BUDGET/);
});

test("ExecutionConfig keeps the budget and the spill directory", () => {
  const c = ExecutionEnvironment.createLocalEnvironment(1).getConfig();
  assert.equal(c.getMemoryBudget(), undefined);
  assert.equal(c.setMemoryBudget("2gb").getMemoryBudget(), 2 * 2 ** 30);
  assert.equal(c.setSpillDirectory("/mnt/x").getSpillDirectory(), "/mnt/x");
  assert.throws(() => c.setMemoryBudget(-5), InvalidProgramException);
  assert.throws(() => c.setSpillDirectory(""), InvalidProgramException);
});

type JsonNode = { contents: string; driver_strategy: string; memory_fraction?: number; chained?: boolean };

test("the optimizer gives record holders memory fractions, shown in the plan JSON", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const a = env.fromElements<[number, string]>([1, "a"], [2, "b"]);
  const b = env.fromElements<[number, string]>([1, "x"]);
  const discard = { open() {}, writeRecord() {}, close() {} };
  a.join(b, JoinHint.REPARTITION_SORT_MERGE).where(0).equalTo(0).output(discard);
  a.groupBy(0).reduce((x) => x).output(discard);
  a.map((x) => x).sortPartition(0, Order.ASCENDING).output(discard);
  const nodes = (JSON.parse(env.getExecutionPlan()) as { nodes: JsonNode[] }).nodes;
  const frac = (pred: (n: JsonNode) => boolean): number | undefined => nodes.find(pred)?.memory_fraction;
  // A merge join: two sorters and its held input share the task.
  assert.equal(frac((n) => n.driver_strategy === "Merge"), 1);
  assert.equal(frac((n) => n.driver_strategy === "Hash Reduce"), 1);
  assert.equal(frac((n) => n.driver_strategy === "Sort-Partition"), 1);
  // A chained combiner holds records; the source it runs in does not.
  assert.equal(frac((n) => n.driver_strategy === "Hash Combine"), 1);
  assert.equal(frac((n) => n.driver_strategy === "Data Source"), undefined);
  assert.equal(frac((n) => n.driver_strategy === "Map"), undefined);
});
