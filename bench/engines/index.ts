/** The engines the harness compares, each loaded only in the child that runs it. */
import { SPECS, type WorkloadId } from "../lib/workloads.js";
import type { EngineImpls } from "./types.js";

export interface EngineInfo {
  readonly id: string;
  readonly describe: string;
  /** Run only when named with --engines (kept out of the default run and its smoke test). */
  readonly optIn?: boolean;
  load(): Promise<EngineImpls>;
}

/** Sluice at parallelism 1 and at `cores`, hand-written JS, and each columnar peer two ways. */
export function engines(cores: number): EngineInfo[] {
  const sluiceAt = (p: number): EngineInfo => ({
    id: `sluice-p${p}`,
    describe: `Sluice, createLocalEnvironment(${p})`,
    load: async () => (await import("./sluice.js")).sluice(p),
  });
  return [
    {
      id: "plain-js",
      describe: "hand-written plain JavaScript, one thread (Map join/grouping, Array sort)",
      load: async () => (await import("./plain.js")).plain,
    },
    sluiceAt(1),
    ...(cores > 1
      ? [
          sluiceAt(cores),
          {
            id: "sluice-auto",
            optIn: true,
            describe: `Sluice job module (bench/jobs/harness.job.mjs) through runJob at parallelism ${cores} in the default mode, auto (the time includes starting workers when it uses them)`,
            load: async () => (await import("./sluice-auto.js")).sluiceAuto(cores),
          },
          {
            id: `sluice-p${cores}-threads`,
            describe: `Sluice, createLocalEnvironment(${cores}) with setExecutionMode("threads"): subtasks in ${cores} worker threads (the time includes starting them)`,
            load: async () => (await import("./sluice.js")).sluice(cores, "threads"),
          },
        ]
      : []),
    { id: "arquero-rows", describe: "Arquero 7, end to end from JS rows to JS rows", load: async () => (await import("./arquero.js")).arqueroRows },
    { id: "arquero-native", describe: "Arquero 7 on its own tables / reading the file itself", load: async () => (await import("./arquero.js")).arqueroNative },
    { id: "polars-rows", describe: "nodejs-polars 0.25.2, end to end from JS rows to JS rows", load: async () => (await import("./polars.js")).polarsRows },
    {
      id: "polars-native",
      describe: "nodejs-polars 0.25.2 on its own DataFrames / reading the file itself",
      load: async () => (await import("./polars.js")).polarsNative,
    },
    {
      id: "duckdb-rows",
      describe: "DuckDB (@duckdb/node-api), end to end from JS rows to JS rows",
      load: async () => (await import("./duckdb.js")).duckdbRows,
    },
    { id: "duckdb-native", describe: "DuckDB on its own tables / reading the file itself", load: async () => (await import("./duckdb.js")).duckdbNative },
  ];
}

/** Why `engine` does not run `workload` at all, or undefined when it does. */
export function notApplicable(engine: string, workload: WorkloadId): string | undefined {
  if (engine.endsWith("-rows") && SPECS[workload].kind !== "memory") return "n/a (reads the file itself: see -native)";
  if (workload.startsWith("tuple-") && engine !== "plain-js" && !engine.startsWith("sluice-")) return "n/a (tuple programs: plain JS and Sluice only)";
  return undefined;
}
