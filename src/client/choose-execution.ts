/**
 * Where an action's subtasks run. An explicit mode wins (the environment's config, else runJob's);
 * "auto" runs on every core when the optimizer's estimate says it pays: enough known input that
 * parallel sources read in the workers (sequence sizes) going through user functions at
 * parallelism above 1 on a machine with more than one core, or enough file bytes read in the
 * workers whose records are combined or written there (only the combined output crosses the
 * coordinator); in process otherwise. Collection records do not count: a collection is one
 * subtask's input, shipped from the coordinator's memory, which costs about what the simple
 * functions the workers would run in parallel save; nor do file bytes whose every record would
 * cross the coordinator, nor files below AUTO_MIN_FILE_BYTES (see estimatedInput). The coordinator
 * runs subtasks too, beside cores - 1 workers, and the sources' splits (file splits, sequence
 * ranges) are claimed as the subtasks read them (remote-executor.ts): it starts at once, and a
 * worker takes its share from when it is up. When
 * "auto" runs in process, a plan whose parallelism nothing observes (observed-parallelism.ts) is
 * planned again at parallelism 1: subtasks sharing one thread only pay for partitioning. The choice
 * and its reason go into the plan JSON and, for "auto", on stderr.
 */
import { availableParallelism } from "node:os";
import { statSync } from "node:fs";
import type { SinkNode, SourceNode } from "../plan/logical.js";
import { collectionSize } from "../plan/descriptors.js";
import { chainPredecessor, type PhysicalNode, type PhysicalPlan } from "../plan/physical.js";
import { poolSize, startedWorkers } from "../runtime/executors/pool.js";
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
  /**
   * Threads: the coordinator runs subtasks too, beside `workers` worker threads, each subtask where
   * a place is free first, and the file splits are claimed as the subtasks read them (remote-executor.ts).
   */
  readonly coordinator?: boolean;
}

/**
 * The choice as one line, as "auto" logs it and `sluice explain` shows it.
 * @example
 * executionText(choice); // "threads (1 worker and the coordinator), auto: ..." or "in-process, a script (not a job module) runs in process"
 */
export function executionText(choice: ExecutionChoice): string {
  const workers = choice.workers > 0 ? ` (${choice.workers} worker${choice.workers === 1 ? "" : "s"}${choice.coordinator ? " and the coordinator" : ""})` : "";
  return `${choice.mode}${workers}, ${choice.reason}`;
}

/** Records of sequence input above which "auto" uses workers. */
export const AUTO_MIN_INPUT = 200_000;

/**
 * Bytes of file input (read and combined or written in the workers) from which "auto" uses threads
 * (SLUICE_AUTO_MIN_FILE_BYTES overrides it). The coordinator then runs subtasks beside cores - 1
 * worker threads and the splits are claimed as read, so the coordinator never waits for a worker to
 * start; what a worker adds is its share of the splits once it is up (~0.1-0.3 s: a fresh isolate,
 * the entry, the plan), at a cold isolate's pace, and it costs the coordinator a parallel plan
 * (combiner, exchange) and the CPU of a second isolate and its compiler and GC threads. Measured on 2
 * cores (coordinator CPU, the critical path when the second core is free, against the whole run in
 * process at p=1; fresh processes, interleaved): wordcount 10 MB 320-470 ms against 450-500 (no gain,
 * and a loss in wall time whenever another process holds a core), 20 MB 530-580 against 680-790, 52 MB
 * 1060-1420 against 1650-1960; csv-job with 6.3 MB of orders 430-530 against 430-610, 15.8 MB 750-880
 * against 1060-1310. Below 16 MiB a worker's share does not pay for itself. This holds once the
 * process has worker threads up (AUTO_MIN_FILE_BYTES_COLD before).
 */
export const AUTO_MIN_FILE_BYTES = 16 * 2 ** 20;

/**
 * The file threshold while no worker thread of this process is up: the first job also pays for the
 * worker's start (0.2-0.25 s with the coordinator busy on the other core) and for its cold
 * compiler (its first split ~0.25 s against ~0.04 s warm), and on a machine where two threads over
 * hash tables slow each other (bench/README.md: two p=1 wordcounts side by side, 17-20% each) that
 * is not won back at 52 MB: wordcount wall 1284-1383 ms against 1089-1208 at p=1 (fresh processes,
 * interleaved, 5 runs of 7 rounds), while the same job in a process whose pool is up ran in 816-1136
 * against 1028-1364. Measured at 104 MB: 2.3-2.8 s against 2.0-4.0 (a noisy hour). Both
 * crossovers sit near it (bench/crossover.ts, three runs): on a worker thread wordcount's 52 MB was
 * 0.92-1.07x of p=1 and csv-job with 67 MB of orders 0.91-1.06x; at 105 MB of text auto was 1.06-1.48x
 * faster, at 133 MB of orders 1.08-1.33x.
 */
export const AUTO_MIN_FILE_BYTES_COLD = 64 * 2 ** 20;

function minFileBytes(): { bytes: number; why: string } {
  const n = Number(process.env.SLUICE_AUTO_MIN_FILE_BYTES);
  if (Number.isFinite(n) && n >= 0 && process.env.SLUICE_AUTO_MIN_FILE_BYTES !== "") return { bytes: n, why: "" };
  return startedWorkers("threads") > 0 ? { bytes: AUTO_MIN_FILE_BYTES, why: ": worker threads up" } : { bytes: AUTO_MIN_FILE_BYTES_COLD, why: ": no worker thread up yet" };
}

const USER_FUNCTION_DRIVERS = /MAP|FILTER|REDUCE|GROUP|JOIN|HYBRIDHASH|MERGE|NESTEDLOOP|CROSS|PARTITION/;

export function chooseExecution(plan: PhysicalPlan, mode: JobMode, from: string): ExecutionChoice {
  const inProcess = (reason: string): ExecutionChoice => ({ mode: "in-process", workers: 0, reason });
  if (mode === "in-process") return inProcess(`mode in-process (${from})`);
  const maxP = maxParallelism(plan);
  if (maxP === 1) return inProcess(`${mode === "auto" ? "auto: " : ""}parallelism 1`);
  const workers = Math.min(poolSize(), maxP);
  if (mode !== "auto") return { mode, workers, reason: `mode ${mode} (${from})` };
  const cores = availableParallelism();
  const auto = (why: string): ExecutionChoice => autoInProcess(plan, maxP, why);
  if (cores < 2) return auto("auto: one core");
  const input = estimatedInput(plan);
  const work = plan.nodes.filter((n) => USER_FUNCTION_DRIVERS.test(n.driver)).length;
  if (work === 0) return auto(`auto: no user function to spread (${input.text})`);
  const through = `through ${work} operator(s) with user functions`;
  const { bytes: minBytes, why } = minFileBytes();
  let enough: string;
  if (input.units >= AUTO_MIN_INPUT) enough = `>= ${thousands(AUTO_MIN_INPUT)} records${input.fileBytes >= minBytes ? `, ${thousands(minBytes)} file bytes${why}` : ""}`;
  else if (input.fileBytes >= minBytes) enough = `>= ${thousands(minBytes)} file bytes${why}`;
  else return auto(`auto: small parallel input (${input.text}; threads from ${thousands(AUTO_MIN_INPUT)} records or ${thousands(minBytes)} file bytes${why})`);
  // The coordinator reads too, from the start, and the workers claim splits once they are up.
  const helpers = Math.max(1, Math.min(workers, cores) - 1);
  const beside = `the coordinator runs subtasks beside ${helpers} worker thread${helpers === 1 ? "" : "s"}, splits claimed as the subtasks read them`;
  return { mode: "threads", workers: helpers, reason: `auto: ${input.text} (${enough}) ${through}; ${beside}`, coordinator: true };
}

/**
 * Where a script's action runs (a program that does its work at its top level: no job module to
 * ship, so always in process). In "auto", the default mode, a script whose environment keeps the
 * machine's default parallelism (never given nor set) runs at parallelism 1 when nothing in the
 * plan observes the parallelism, as "auto" runs a job module in process: its subtasks would share
 * one thread and only pay for partitioning (group-sum 1.56x and tuple-join 1.70x slower at 2 than
 * at 1 in process, bench/README.md). A parallelism the program set, or an explicit mode (the
 * environment's, or SLUICE_EXECUTION_MODE), is kept.
 * @example
 * scriptExecution(plan, undefined, true); // { mode: "in-process", parallelism: 1, reason: "auto: a script ..." } when nothing observes it
 */
export function scriptExecution(plan: PhysicalPlan, mode: string | undefined, parallelismIsDefault: boolean): ExecutionChoice {
  const script = "a script (not a job module) runs in process";
  const explicit = mode ?? (process.env.SLUICE_EXECUTION_MODE || undefined);
  const maxP = maxParallelism(plan);
  if (maxP === 1 || !parallelismIsDefault || (explicit !== undefined && explicit !== "auto")) return { mode: "in-process", workers: 0, reason: script };
  return autoInProcess(plan, maxP, `auto: ${script} at the machine's default parallelism`);
}

/** The highest parallelism of the plan's operators (at least 1). */
function maxParallelism(plan: PhysicalPlan): number {
  return Math.max(1, ...plan.nodes.map((n) => n.parallelism));
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
 * Known input of the plan's parallel sources: sequence records, and the bytes of files whose source
 * chain combines or writes its records in the worker (a combiner, a file sink), so what crosses the
 * coordinator is the combined output. Bytes of files whose every record would cross the coordinator
 * (its exchanges pass through it) and the records of collection sources are named but not counted.
 */
function estimatedInput(plan: PhysicalPlan): { units: number; fileBytes: number; text: string } {
  let records = 0;
  let bytes = 0;
  let crossing = 0;
  let collected = 0;
  for (const n of plan.nodes) {
    if (n.driver !== "SOURCE") continue;
    const src = (n.logical as SourceNode).source;
    if (src.kind === "collection") collected += collectionSize(src);
    else if (src.kind === "sequence") records += src.to - src.from + 1;
    else if (reducesInChain(plan, n)) bytes += fileBytes(src.format);
    else crossing += fileBytes(src.format);
  }
  const text = [
    `${thousands(records)} known input records from parallel sources`,
    ...(bytes > 0 ? [`${thousands(bytes)} input bytes from files combined or written in the workers`] : []),
    ...(crossing > 0 ? [`${thousands(crossing)} input bytes from files whose records all cross the coordinator, not counted`] : []),
    ...(collected > 0 ? [`${thousands(collected)} collection records, not counted (shipped to one subtask)`] : []),
  ].join(", ");
  return { units: records, fileBytes: bytes, text };
}

/** Combiner drivers (hash partial reduce, sum, min/max; group combine). */
const COMBINERS = /PARTIAL|_COMBINE$/;

/** Whether the task `source` heads combines its records (a combiner) or writes them (a file sink) before any exchange. */
function reducesInChain(plan: PhysicalPlan, source: PhysicalNode): boolean {
  for (let node: PhysicalNode | undefined = source; node !== undefined; node = chainedAfter(plan, node)) {
    if (COMBINERS.test(node.driver)) return true;
    if (node.driver === "SINK" && (node.logical as SinkNode).sink.kind === "format") return true;
  }
  return false;
}

/** The node chained to `node` in its task (records handed over directly), if any. */
function chainedAfter(plan: PhysicalPlan, node: PhysicalNode): PhysicalNode | undefined {
  return plan.nodes.find((n) => n.chained && n.inputs.length > 0 && chainPredecessor(n) === node);
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
