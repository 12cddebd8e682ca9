/**
 * Runs a physical plan: tasks in topological order, each as p subtasks, exchanges finished
 * (range boundaries) once all producers are done and freed once their consumer has run.
 * Output formats get Flink's job-level hooks: initializeGlobal before anything runs (path
 * checks), finalizeGlobal after success (commit), abortGlobal after a failure (clean up).
 */
import { concatParts } from "../common/concat-parts.js";
import { InvalidProgramException, JobExecutionException, TaskFailure, describeError } from "../common/errors.js";
import type { GlobalOutputHooks, InputSplit } from "../common/formats.js";
import { logicalOf, type PhysicalNode, type PhysicalPlan } from "../plan/physical.js";
import { shipText } from "../plan/plan-json.js";
import { buildJobGraph } from "./job-graph.js";
import type { ProgressSnapshot } from "../common/progress.js";
import { ProgressTracker } from "./progress-tracker.js";
import { assignSplits } from "./task/source-runner.js";
import { AccumulatorRegistry, type IterationView } from "../common/runtime-context-impl.js";
import type { SubtaskEnv } from "./task/subtask-runner.js";
import { IN_PROCESS, type TaskExecutor } from "./executors/executor.js";
import type { Exchange } from "./exchange/exchange.js";
import { runIteration } from "./iteration/iteration-runner.js";
import type { ChannelMetric, IterationStats } from "../common/job-metrics.js";
import { JobMemory } from "./memory/job-memory.js";
import { ExchangeSpill } from "./spill/exchange-spill.js";

export interface JobRun {
  readonly accumulators: Map<string, unknown>;
  /** collect() results by slot, subtasks concatenated in order. */
  readonly collected: Map<number, unknown[]>;
  readonly channels: ChannelMetric[];
  readonly netRuntimeMs: number;
  /** What each iteration did (supersteps, records per superstep), in the order they ran. */
  readonly iterations: IterationStats[];
}

export interface RunOptions {
  readonly jobName: string;
  readonly iteration?: IterationView;
  /** Where subtasks run (default: in process). */
  readonly executor?: TaskExecutor;
  /** Receives progress snapshots while the job runs (sampled) and once at its end. */
  readonly onProgress?: (snapshot: ProgressSnapshot) => void;
  /**
   * Aborted to cancel the job or when it timed out (its reason, a JobExecutionException, is the
   * job's error). Checked between tasks and by the subtasks' record loops; an executor that says
   * `abortable` is not waited for (it stops its subtasks itself once the job failed).
   */
  readonly signal?: AbortSignal;
}

export async function runJob(plan: PhysicalPlan, options: RunOptions): Promise<JobRun> {
  const start = performance.now();
  const graph = buildJobGraph(plan);
  const feeds = new Map<PhysicalNode, (subtask: number) => Iterable<unknown>>();
  const iterations: IterationStats[] = [];
  const tracker = options.onProgress ? new ProgressTracker(options.jobName, ProgressTracker.tasksOf(graph.tasks), options.onProgress) : undefined;
  const taskIndex = new Map(graph.tasks.map((t, i) => [t, i] as const));
  const memory = new JobMemory(plan.memory);
  for (const ex of graph.exchanges) ex.useStore(new ExchangeSpill(memory, ex.consumerName));
  const env: SubtaskEnv = {
    progress: tracker && {
      counts: (t, s) => tracker.subtask(taskIndex.get(t) ?? -1, s),
      tick: () => tracker.tick(),
      report: (t, s, c) => tracker.report(taskIndex.get(t) ?? -1, s, c),
    },
    feeds,
    accumulators: new AccumulatorRegistry(),
    collected: new Map(),
    objectReuse: plan.objectReuse,
    iteration: options.iteration,
    broadcastCache: new Map(),
    signal: options.signal,
    memory,
  };
  const signal = options.signal;
  const hooks = outputHooks(plan.nodes);
  const executor = options.executor ?? IN_PROCESS;
  let accumulators: Map<string, unknown>;
  try {
    for (const h of hooks) await h.format.initializeGlobal?.(h.parallelism);
    for (const [index, task] of graph.tasks.entries()) {
      signal?.throwIfAborted();
      const head = task.chain[0]!;
      const splits: InputSplit[][] = head.driver === "SOURCE" ? await assignSplits(head, executor.splitsPerSubtask) : [];
      if (tracker) tracker.tasks[index]!.bytesTotal = splitBytes(splits);
      if (head.iteration) {
        // The iteration runs all its supersteps here (in the coordinator, also in threads mode);
        // its subtasks then emit its result.
        const here = executor.local?.(task) ?? task;
        const run = await runIteration(head, here, env);
        feeds.set(head, run.output);
        iterations.push(run.stats);
        await IN_PROCESS.runTask(here, index, env, splits);
      } else {
        const running = executor.runTask(task, index, env, splits);
        await (signal && executor.abortable ? untilAborted(running, signal) : running);
      }
      tracker?.finishTask(index);
      for (const ex of task.outputs) ex.finishProducers();
      // Each exchange has one consumer: once it ran, the records can go.
      for (const ex of [...task.inputs.flat(), ...task.broadcasts.flatMap((b) => b.exchanges)]) ex.release();
    }
    accumulators = executor.accumulators ? await executor.accumulators(env.accumulators) : env.accumulators.merged();
    for (const h of hooks) await h.format.finalizeGlobal?.(h.parallelism);
  } catch (e) {
    // Subtasks an abortable executor still runs must stop before the output hooks remove staging.
    if (signal?.aborted && executor.abortable) await executor.cancel?.().catch(() => undefined);
    for (const h of hooks) {
      try {
        await h.format.abortGlobal?.(h.parallelism);
      } catch {
        // The job's own error is the one to report.
      }
    }
    // A cancelled or timed-out job fails with the signal's reason, whatever a subtask threw then.
    throw signal?.aborted ? abortedError(signal.reason, e, options.jobName) : toJobExecutionException(e, options.jobName);
  } finally {
    tracker?.close();
    for (const ex of graph.exchanges) ex.release();
    memory.dispose();
  }
  const collected = new Map<number, unknown[]>();
  for (const [slot, parts] of env.collected) collected.set(slot, concatParts(parts));
  return {
    accumulators,
    collected,
    channels: graph.exchanges.map(metricOf),
    netRuntimeMs: performance.now() - start,
    iterations,
  };
}

/** Total bytes of file splits (undefined when the splits are not byte ranges). */
function splitBytes(splits: readonly InputSplit[][]): number | undefined {
  let total: number | undefined;
  for (const s of splits.flat()) if (typeof s["length"] === "number") total = (total ?? 0) + s["length"];
  return total;
}

/** `running`, or the signal's reason as soon as it is aborted (the loser's outcome is dropped). */
function untilAborted(running: Promise<void>, signal: AbortSignal): Promise<void> {
  running.catch(() => undefined);
  return new Promise<void>((resolve, reject) => {
    const onAbort = (): void => reject(signal.reason);
    if (signal.aborted) return onAbort();
    signal.addEventListener("abort", onAbort, { once: true });
    running.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function metricOf(ex: Exchange): ChannelMetric {
  return { source: ex.channel.source.name, target: ex.consumerName, ship: shipText(ex.channel), records: ex.records, sourceId: ex.channel.source.id };
}

function outputHooks(nodes: readonly PhysicalNode[]): { format: GlobalOutputHooks; parallelism: number }[] {
  const out: { format: GlobalOutputHooks; parallelism: number }[] = [];
  for (const n of nodes) {
    if (n.driver !== "SINK") continue;
    const sink = logicalOf(n, "SINK").sink;
    if (sink.kind === "format") out.push({ format: sink.format, parallelism: n.parallelism });
  }
  return out;
}

/**
 * The job's error once its signal was aborted: the reason (a cancel or timeout of the API, a
 * JobExecutionException saying which; another reason is wrapped in one), naming the operator and
 * subtask it stopped when it stopped one.
 */
function abortedError(reason: unknown, e: unknown, jobName: string): unknown {
  const message = reason instanceof JobExecutionException ? reason.message : `Job '${jobName}' was aborted (${describeError(reason)})`;
  if (!(e instanceof TaskFailure)) return reason instanceof JobExecutionException ? reason : new JobExecutionException(message, { cause: reason });
  const stopped = `operator '${e.operator}' (subtask ${e.subtask + 1}/${e.parallelism}) was running`;
  return new JobExecutionException(`${message}; ${stopped}`, { cause: reason });
}

function toJobExecutionException(e: unknown, jobName: string): unknown {
  if (e instanceof JobExecutionException) return e;
  if (e instanceof TaskFailure) {
    return new JobExecutionException(
      `Job '${jobName}' failed: operator '${e.operator}' (subtask ${e.subtask + 1}/${e.parallelism}) threw ${describeError(e.userError)}`,
      { cause: e.userError },
    );
  }
  if (e instanceof InvalidProgramException) return e;
  return new JobExecutionException(`Job '${jobName}' failed: ${describeError(e)}`, { cause: e });
}
