/**
 * Where an action's subtasks run. An explicit mode wins (the environment's config, else runJob's);
 * "auto" runs on every core when the optimizer's estimate says it pays: enough known input that
 * parallel sources read in the workers (sequence sizes) going through user functions at
 * parallelism above 1 on a machine with more than one core; in process otherwise. Collection
 * records do not count: a collection is one subtask's input, shipped from the coordinator's
 * memory, which costs about what the simple functions the workers would run in parallel save; nor
 * do file bytes (measured slower in threads, see estimatedInput). When
 * "auto" runs in process, a plan whose parallelism nothing observes (observed-parallelism.ts) is
 * planned again at parallelism 1: subtasks sharing one thread only pay for partitioning. The choice
 * and its reason go into the plan JSON and, for "auto", on stderr.
 */
import { availableParallelism } from "node:os";
import { statSync } from "node:fs";
import type { SourceNode } from "../plan/logical.js";
import { collectionSize } from "../plan/descriptors.js";
import type { PhysicalPlan } from "../plan/physical.js";
import { poolSize } from "../runtime/executors/pool.js";
import { hasDefaultOutputSink, parallelismObserver } from "./observed-parallelism.js";

export type JobMode = "auto" | "in-process" | "threads" | "processes";

export interface ExecutionChoice {
  readonly mode: "in-process" | "threads" | "processes" | "cluster";
  /** Workers to use (threads, processes). */
  readonly workers: number;
  /** Why, in a few words (shown in the plan JSON and the log line). */
  readonly reason: string;
  /** Set when the plan runs at another default parallelism than it was given ("auto" in process: 1). */
  readonly parallelism?: number;
  /** With `parallelism`: the default parallelism kept for sinks with an output format (what they write shows it). */
  readonly outputParallelism?: number;
}

/** Records of sequence input above which "auto" uses workers. */
export const AUTO_MIN_INPUT = 200_000;

const USER_FUNCTION_DRIVERS = /MAP|FILTER|REDUCE|GROUP|JOIN|HYBRIDHASH|MERGE|NESTEDLOOP|CROSS|PARTITION/;

export function chooseExecution(plan: PhysicalPlan, mode: JobMode, from: string): ExecutionChoice {
  const inProcess = (reason: string): ExecutionChoice => ({ mode: "in-process", workers: 0, reason });
  if (mode === "in-process") return inProcess(`mode in-process (${from})`);
  const maxP = Math.max(1, ...plan.nodes.map((n) => n.parallelism));
  if (maxP === 1) return inProcess(`${mode === "auto" ? "auto: " : ""}parallelism 1`);
  const workers = Math.min(poolSize(), maxP);
  if (mode !== "auto") return { mode, workers, reason: `mode ${mode} (${from})` };
  const cores = availableParallelism();
  const auto = (why: string): ExecutionChoice => autoInProcess(plan, maxP, why);
  if (cores < 2) return auto("auto: one core");
  const input = estimatedInput(plan);
  const work = plan.nodes.filter((n) => USER_FUNCTION_DRIVERS.test(n.driver)).length;
  if (work === 0) return auto(`auto: no user function to spread (${input.text})`);
  if (input.units < AUTO_MIN_INPUT) return auto(`auto: small parallel input (${input.text}; threads from ${thousands(AUTO_MIN_INPUT)})`);
  const reason = `auto: ${input.text} >= ${thousands(AUTO_MIN_INPUT)} through ${work} operator(s) with user functions`;
  return { mode: "threads", workers: Math.min(workers, cores), reason };
}

/**
 * "auto" in process: at parallelism 1 unless something in the plan observes its parallelism `maxP`;
 * sinks with an output format keep theirs (a file sink still writes its directory of files).
 */
function autoInProcess(plan: PhysicalPlan, maxP: number, why: string): ExecutionChoice {
  const seen = parallelismObserver(plan);
  if (seen !== undefined) return { mode: "in-process", workers: 0, reason: `${why}; keeps parallelism ${maxP}: ${seen}` };
  const p = plan.defaultParallelism;
  const outputs = p > 1 && hasDefaultOutputSink(plan);
  const kept = outputs ? `; output-format sinks keep parallelism ${p}` : "";
  return {
    mode: "in-process", workers: 0, parallelism: 1, ...(outputs ? { outputParallelism: p } : {}),
    reason: `${why}; at parallelism 1: nothing in the plan observes parallelism ${maxP}${kept}`,
  };
}

/**
 * Known input of the plan's parallel sources (sequence records); file bytes and the records of
 * collection sources are named in the text but not counted: at the harness's full size (50 MB of
 * text, a 1M-row CSV join) wordcount and csv-job ran 1.2x and 2.5x slower in threads than at p=1
 * in process (their records cross the coordinator between workers), so files stay in process.
 */
function estimatedInput(plan: PhysicalPlan): { units: number; text: string } {
  let records = 0;
  let bytes = 0;
  let collected = 0;
  for (const n of plan.nodes) {
    if (n.driver !== "SOURCE") continue;
    const src = (n.logical as SourceNode).source;
    if (src.kind === "collection") collected += collectionSize(src);
    else if (src.kind === "sequence") records += src.to - src.from + 1;
    else bytes += fileBytes(src.format);
  }
  const text = [
    `${thousands(records)} known input records from parallel sources`,
    ...(bytes > 0 ? [`${thousands(bytes)} input bytes from files, not counted (file jobs measured slower in threads)`] : []),
    ...(collected > 0 ? [`${thousands(collected)} collection records, not counted (shipped to one subtask)`] : []),
  ].join(", ");
  return { units: records, text };
}

/**
 * A whole number with comma-grouped thousands ("2,000,000"), as toLocaleString("en") writes it, without its
 * cost: the first toLocaleString of a process loads ICU's number formatting (30-200 ms measured),
 * and this runs on the coordinator's path before the workers start.
 */
function thousands(n: number): string {
  return String(Math.round(n)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
}

function fileBytes(format: unknown): number {
  const path = (format as { filePath?: unknown; path?: unknown }).filePath ?? (format as { path?: unknown }).path;
  if (typeof path !== "string") return 0;
  try {
    const st = statSync(path);
    return st.isFile() ? st.size : 0;
  } catch {
    return 0;
  }
}
