/** API.md "Package": the package entry exports every named class and enum; package.json points at dist/. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as sluice from "../../src/index.js";
import type { Collector, IterativeDataSet, RuntimeContext, Accumulator, Aggregator, InputFormat, OutputFormat, KeySelector } from "../../src/index.js";

const CLASSES = [
  "ExecutionEnvironment", "DataSet", "UnsortedGrouping", "SortedGrouping", "CsvReader", "DataSink", "JobExecutionResult",
  "InvalidProgramException", "JobExecutionException", "Configuration",
  "IntCounter", "LongCounter", "DoubleCounter", "Histogram", "ListAccumulator", "LongSumAggregator", "DoubleSumAggregator",
  "RichMapFunction", "RichFlatMapFunction", "RichFilterFunction", "RichMapPartitionFunction", "RichReduceFunction",
  "RichGroupReduceFunction", "RichGroupCombineFunction", "RichJoinFunction", "RichFlatJoinFunction", "RichCoGroupFunction",
  "RichCrossFunction", "DeltaIteration",
  "StreamExecutionEnvironment", "DataStream", "KeyedStream", "WatermarkStrategy", "Duration", "TumblingEventTimeWindows",
  "SlidingEventTimeWindows", "EventTimeSessionWindows", "TimeWindow", "OutputTag", "JobClient",
] as const;

test("src/index.ts exports every class named in API.md", () => {
  const exported = sluice as unknown as Record<string, unknown>;
  const missing = CLASSES.filter((n) => typeof exported[n] !== "function");
  assert.deepEqual(missing, []);
});

test("src/index.ts exports the enums with their API.md members", () => {
  assert.deepEqual(Object.keys(sluice.Order), ["ASCENDING", "DESCENDING"]);
  const aggs = new Set([sluice.Aggregations.SUM, sluice.Aggregations.MIN, sluice.Aggregations.MAX]);
  assert.equal(aggs.size, 3);
  assert.notEqual(sluice.WriteMode.NO_OVERWRITE, sluice.WriteMode.OVERWRITE);
  const hints = new Set([
    sluice.JoinHint.OPTIMIZER_CHOOSES, sluice.JoinHint.BROADCAST_HASH_FIRST, sluice.JoinHint.BROADCAST_HASH_SECOND,
    sluice.JoinHint.REPARTITION_HASH_FIRST, sluice.JoinHint.REPARTITION_HASH_SECOND, sluice.JoinHint.REPARTITION_SORT_MERGE,
  ]);
  assert.equal(hints.size, 6);
  const types = new Set([sluice.JoinType.INNER, sluice.JoinType.LEFT_OUTER, sluice.JoinType.RIGHT_OUTER, sluice.JoinType.FULL_OUTER]);
  assert.equal(types.size, 4);
});

/** Type-only exports: tsc (run over test/ by `npm test`) fails if one is missing or changes shape. */
export type ExportedTypes = [RuntimeContext, InputFormat<string>, OutputFormat<string>, IterativeDataSet<number>];

test("the exported types are usable", () => {
  const out: number[] = [];
  const collector: Collector<number> = { collect: (v) => out.push(v) };
  const sel: KeySelector<[number], number> = (t) => t[0];
  collector.collect(sel([7]));
  assert.deepEqual(out, [7]);
  const acc: Accumulator<number, number> = new sluice.IntCounter();
  const agg: Aggregator<number> = new sluice.LongSumAggregator();
  acc.add(2);
  agg.aggregate(3);
  assert.equal(acc.getLocalValue(), 2);
  assert.equal(agg.getAggregate(), 3);
});

test("package.json: name sluice, ESM, Node 20 floor, exports point at dist/ with .d.ts", () => {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as Record<string, unknown>;
  assert.equal(pkg.name, "sluice");
  assert.equal(pkg.type, "module");
  assert.match(String((pkg.engines as Record<string, string>).node), />=\s*20/);
  const exp = (pkg.exports as Record<string, Record<string, string>>)["."];
  assert.equal(exp.import, "./dist/index.js");
  assert.equal(exp.types, "./dist/index.d.ts");
  const build = JSON.parse(readFileSync(new URL("../../tsconfig.build.json", import.meta.url), "utf8")) as { compilerOptions: Record<string, unknown> };
  assert.equal(build.compilerOptions.outDir, "dist");
  assert.equal(build.compilerOptions.declaration, true);
  assert.match(String((pkg.scripts as Record<string, string>).build), /tsconfig\.build\.json/);
});
