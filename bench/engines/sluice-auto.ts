/**
 * Sluice as a job module (bench/jobs/harness.job.mjs) through runJob at parallelism = the core
 * count in the default mode ("auto"): every core when the optimizer's estimate says it pays, in
 * process otherwise (the choice and its reason go to stderr). The timed part is runJob, so it
 * includes starting the worker pool when auto picks threads (the first job of the process).
 */
import { loadSluice } from "../lib/library.js";
import type { Row } from "../lib/checksum.js";
import type { WorkloadId } from "../lib/workloads.js";
import { tuplesToRows, type EngineImpls, type Job } from "./types.js";

const JOB = new URL("../jobs/harness.job.mjs", import.meta.url);

interface HarnessJob {
  prepare(inputs: unknown): void;
  samples(inputs: object): Record<string, unknown[]>;
}

const TUPLES: Partial<Record<WorkloadId, readonly string[]>> = {
  wordcount: ["word", "n"],
  "tuple-join": ["id", "k", "a", "b"],
  "tuple-group-sum": ["k", "s", "t"],
  "tuple-distinct": ["a", "b"],
};

export async function sluiceAuto(parallelism: number): Promise<EngineImpls> {
  const { runJob } = await loadSluice();
  const mod = (await import(JOB.href)) as HarnessJob;
  const impl = (workload: WorkloadId) => (input: object): Job => {
    const files = "textPath" in input || "ordersPath" in input;
    if (!files) mod.prepare(input);
    const args = files ? { workload, paths: input } : { workload, samples: mod.samples(input) };
    let out: unknown[] = [];
    return {
      async run() {
        out = await runJob<unknown[]>(JOB, args, { parallelism });
      },
      rows(): Row[] {
        const fields = TUPLES[workload];
        if (fields) return tuplesToRows(out as unknown[][], fields);
        if (workload === "group-sum") return (out as { k: number; v: number }[]).map((x) => ({ k: x.k, s: x.v }));
        return out as Row[];
      },
    };
  };
  const ids: WorkloadId[] = [
    "join-uniform", "join-zipf", "left-outer-join", "cogroup", "group-sum", "distinct", "sort", "wordcount", "csv-job",
    "tuple-join", "tuple-group-sum", "tuple-distinct",
  ];
  return Object.fromEntries(ids.map((w) => [w, impl(w)])) as EngineImpls;
}
