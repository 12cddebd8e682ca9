/**
 * One run of a job module's entry in the coordinator (runJob). The entry's actions are numbered in
 * the order it reaches them. Each runs in process or on workers (choose-execution.ts); on workers,
 * every worker runs the same entry with a clone of the arguments: an action the coordinator already
 * ran is answered with the coordinator's result, the one running now is planned by the worker,
 * checked against the coordinator's plan by fingerprint and served subtask by subtask. Results are
 * kept for the run only (when workers may need them) and dropped with it.
 */
import { writeDiagnostic } from "../common/diagnostics.js";
import { InvalidProgramException } from "../common/errors.js";
import type { SinkNode } from "../plan/logical.js";
import type { PhysicalPlan } from "../plan/physical.js";
import type { JobRun } from "../runtime/job-runner.js";
import { encodeBatch } from "../runtime/executors/codec.js";
import { fingerprintDifference, fingerprintPlan, type PlanFingerprint } from "../runtime/executors/fingerprint.js";
import { workerPool, type RunListener, type WorkerHandle, type WorkerPool } from "../runtime/executors/pool.js";
import type { WireEntry } from "../runtime/executors/protocol.js";
import { RemoteExecutor } from "../runtime/executors/remote-executor.js";
import { toWireError, type WireError } from "../runtime/executors/wire-error.js";
import type { WorkerKind } from "../runtime/executors/worker-link.js";
import { chooseExecution, executionText, type ExecutionChoice, type JobMode } from "./choose-execution.js";
import { allElements, type ActionOptions, type ActionOutcome, type ActionSession, type CollectionElements } from "./action-session.js";
import { trace } from "../runtime/executors/trace.js";
import { planWhere, runWatched } from "./execute-plan.js";
import { closeClusterRun, runOnCluster, type ClusterRunOptions } from "./cluster-run.js";

export type { JobMode };

export interface SessionOptions {
  readonly moduleUrl: string;
  readonly args: unknown;
  readonly mode: JobMode;
  readonly parallelism?: number;
  readonly signal?: AbortSignal;
  /** URL of the worker main module (job/worker-main), next to runJob's own file. */
  readonly workerMain: string;
  /** Loader URL workers register first (tsx), or undefined for plain JavaScript. */
  readonly loader: string | undefined;
  /** A Dask scheduler address: every action runs on that cluster (cluster-run.ts). */
  readonly cluster?: string;
}

interface Current {
  readonly action: number;
  readonly jobName: string;
  readonly fingerprint: PlanFingerprint;
  readonly candidates: Set<WorkerHandle>;
  readonly idle: WorkerHandle[];
  /** Workers sent this action's plan request before they reached it (they plan on arrival, unasked). */
  readonly asked: Set<WorkerHandle>;
  failure: Error | undefined;
}

type Recorded = { readonly ok: true; readonly run: JobRun; wire?: WireEntry } | { readonly ok: false; readonly error: WireError };

let runs = 0;

export class JobSession implements ActionSession, RunListener {
  readonly run = ++runs;
  private actions = 0;
  private readonly results: Recorded[] = [];
  private readonly pools = new Set<WorkerPool>();
  private readonly finished = new Set<WorkerHandle>();
  private current: Current | undefined;
  private closed = false;
  /** The collection sources this entry run made, in order (workers hold samples of them; their sizes are sent when a plan is). */
  private readonly collections: (readonly unknown[])[] = [];

  constructor(readonly options: SessionOptions) {}

  explain(plan: PhysicalPlan, options: ActionOptions): ExecutionChoice {
    return this.choose(plan, options);
  }

  collection(items: Iterable<unknown>): CollectionElements {
    const elements = allElements(items);
    this.collections.push(elements);
    return { elements };
  }

  /** The collections' sizes now: an array is read when the job runs, so it may have grown since its source was made. */
  private collectionSizes(): number[] {
    return this.collections.map((c) => c.length);
  }

  async execute(sinks: readonly SinkNode[], options: ActionOptions): Promise<ActionOutcome> {
    const n = this.actions++;
    try {
      trace(`action ${n} reached`);
      const { plan, choice } = planWhere(sinks, options, (p) => this.choose(p, options));
      trace(`action ${n} planned: ${choice.mode}`);
      // "auto" says what it chose on stderr: every time it uses workers, once per run otherwise.
      if (choice.reason.startsWith("auto") && (choice.mode !== "in-process" || n === 0)) {
        writeDiagnostic(`[sluice] job '${options.jobName}': ${executionText(choice)}\n`);
      }
      const signal = anySignal(options.signal, this.options.signal);
      let outcome: ActionOutcome;
      if (this.options.cluster !== undefined) {
        const results = Array.from({ length: n }, (_, k) => this.wire(k));
        outcome = await runOnCluster(this.options as ClusterRunOptions, this.run, n, results, plan, { ...options, signal });
      } else if (choice.mode === "in-process") outcome = await runWatched(plan, { ...options, signal });
      else outcome = await this.runRemote(n, plan, choice, { ...options, signal });
      this.record(n, { ok: true, run: outcome.run! });
      return { ...outcome, execution: choice };
    } catch (e) {
      this.record(n, { ok: false, error: toWireError(e) });
      throw e;
    }
  }

  close(): void {
    this.closed = true;
    this.results.length = 0;
    for (const pool of this.pools) pool.close(this.run);
    if (this.options.cluster !== undefined && this.actions > 0) closeClusterRun(this.options as ClusterRunOptions, this.run);
  }

  private choose(plan: PhysicalPlan, options: ActionOptions): ExecutionChoice {
    if (this.options.cluster !== undefined) return { mode: "cluster", workers: 0, reason: `cluster ${this.options.cluster} (runJob)` };
    const explicit = options.mode as JobMode | undefined;
    return chooseExecution(plan, explicit ?? this.options.mode, explicit ? "the environment's config" : "runJob");
  }

  private async runRemote(n: number, plan: PhysicalPlan, choice: ExecutionChoice, options: ActionOptions): Promise<ActionOutcome> {
    const { jobName, signal } = options;
    const pool = workerPool({ kind: choice.mode as WorkerKind, main: this.options.workerMain, loader: this.options.loader });
    this.pools.add(pool);
    pool.listen(this.run, this);
    const handles = pool.ensure(choice.workers, choice.reason).filter((h) => !this.finished.has(h));
    const cur: Current = {
      action: n, jobName, fingerprint: fingerprintPlan(plan), candidates: new Set(handles), idle: [], asked: new Set(), failure: undefined,
    };
    this.current = cur;
    const { moduleUrl, args, parallelism } = this.options;
    for (const h of handles) {
      if (!h.opened.has(this.run)) {
        h.opened.add(this.run);
        h.post({ t: "open", run: this.run, moduleUrl, args, parallelism });
      }
      const reached = h.reached.get(this.run);
      // Waiting at an action that ran before: its result lets the entry go on towards this one.
      if (reached !== undefined && reached < n && this.results[reached]) this.answer(h, reached);
      // The plan request goes out now, also to a worker whose entry is still on its way (it waits in
      // that action's inbox): the worker plans on arrival instead of asking first, one message
      // through the coordinator less on the path to its first subtask (busy with its own subtasks,
      // the coordinator reads messages every 10 ms).
      if (reached === undefined || reached <= n) {
        h.post({ t: "plan", run: this.run, action: n, collections: this.collectionSizes() });
        cur.asked.add(h);
      }
    }
    if (handles.length === 0) cur.failure = new InvalidProgramException(`Job '${jobName}': every worker's entry ended before reaching this job`);
    const workers = {
      idle: () => pool.waitFor(
        () => cur.idle.shift(),
        () => cur.failure ?? (signal?.aborted ? signal.reason : undefined) ?? ([...cur.candidates].every((h) => h.dead) ? allDied(cur) : undefined)
          // The action ended (its last subtasks ran in the coordinator): a request still open gets no worker.
          ?? (this.current !== cur ? new Error(`job '${jobName}' ended`) : undefined),
      ),
      release: (h: WorkerHandle) => {
        if (!h.dead) cur.idle.push(h);
        pool.changed();
      },
    };
    for (const h of handles) h.hold(true);
    // A cancel or timeout while the executor waits for a worker (entries still planning) ends the wait.
    const wake = (): void => pool.changed();
    signal?.addEventListener("abort", wake, { once: true });
    try {
      const coordinator = choice.coordinator === true;
      return await runWatched(plan, options, new RemoteExecutor({ run: this.run, action: n, workers, signal, coordinator }));
    } finally {
      signal?.removeEventListener("abort", wake);
      this.current = undefined;
      for (const h of handles) h.hold(false);
      pool.changed();
    }
  }

  /**
   * Keeps action `n`'s result for workers that reach it (or will). Workers waiting at it are answered
   * only when an action needs them again (runRemote): when the entry ends here first, nobody encodes
   * the result (a collect() of millions of records took the coordinator's time after the job for nothing).
   */
  private record(n: number, r: Recorded): void {
    if ((this.options.mode === "in-process" && this.options.cluster === undefined) || this.closed) return;
    this.results[n] = r;
  }

  private answer(h: WorkerHandle, n: number): void {
    trace(`result of action ${n} to ${h.kind} ${h.index + 1}`);
    h.post({ t: "result", run: this.run, action: n, entry: this.wire(n) });
  }

  /** Action `n`'s result as workers receive it (encoded once). */
  private wire(n: number): WireEntry {
    const r = this.results[n]!;
    if (!r.ok) return r;
    r.wire ??= {
      ok: true, accumulators: r.run.accumulators, netRuntimeMs: r.run.netRuntimeMs, channels: r.run.channels, iterations: r.run.iterations,
      collected: slots(r.run.collected).map((records) => (records ? encodeBatch(records) : undefined)),
    };
    return r.wire;
  }

  // ---- RunListener: what the workers say ----

  action(h: WorkerHandle, n: number): void {
    if (this.results[n]) {
      // It ran already: answer now if an action on workers is waiting for this one, else the next such action does.
      if (this.current !== undefined && this.current.action > n) this.answer(h, n);
    } else if (this.current?.action === n && this.current.candidates.has(h) && !this.current.asked.has(h)) h.post({ t: "plan", run: this.run, action: n, collections: this.collectionSizes() });
    // Otherwise the worker waits: the next action run on workers answers it (runRemote), or the run closes.
  }

  planned(h: WorkerHandle, n: number, fingerprint: PlanFingerprint | undefined, error: string | undefined): void {
    const cur = this.current;
    if (cur?.action !== n) return;
    const diff = fingerprint ? fingerprintDifference(cur.fingerprint, fingerprint) : `the worker could not build the plan: ${error}`;
    if (diff) cur.failure ??= mismatch(cur.jobName, h, diff);
    else {
      h.post({ t: "serve", run: this.run, action: n });
      cur.idle.push(h);
    }
    h.poolChanged();
  }

  ended(h: WorkerHandle, error: WireError | undefined): void {
    this.finished.add(h);
    const cur = this.current;
    if (!cur?.candidates.delete(h)) return;
    if (cur.candidates.size === 0 || [...cur.candidates].every((c) => c.dead)) {
      cur.failure ??= new InvalidProgramException(
        `Job '${cur.jobName}' cannot run on workers: the entry in ${h.kind} ${h.index + 1} ` +
          `${error ? `threw (${error.message})` : "returned"} before reaching it. ` +
          "Every worker runs the entry with the same arguments: build the dataflows from the arguments and files, " +
          "not from randomness, the time or per-process state.",
      );
    }
    h.poolChanged();
  }
}

function slots(collected: ReadonlyMap<number, unknown[]>): (unknown[] | undefined)[] {
  const out: (unknown[] | undefined)[] = [];
  for (const [slot, records] of collected) out[slot] = records;
  return out;
}

function allDied(cur: Current): Error {
  return new Error(`every worker died before job '${cur.jobName}' could run: ${[...cur.candidates].map((h) => h.dead?.message).join("; ")}`);
}

function mismatch(jobName: string, h: WorkerHandle, diff: string): InvalidProgramException {
  return new InvalidProgramException(
    `Job '${jobName}' cannot run on workers: ${h.kind} ${h.index + 1} built a different plan than the coordinator (${diff}). ` +
    "Each worker runs the entry itself, so the plan must come out the same everywhere: do not build it from randomness " +
    "(Math.random, random file names), the current time, or per-process state; pass such values in the arguments, or run in process.",
  );
}

/** One signal aborted when either is (the action's cancel or timeout, the run's signal). */
function anySignal(a: AbortSignal | undefined, b: AbortSignal | undefined): AbortSignal | undefined {
  return a && b ? AbortSignal.any([a, b]) : (a ?? b);
}
