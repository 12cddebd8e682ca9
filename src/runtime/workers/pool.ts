/**
 * The coordinator's pool of worker threads (one per core by default, started at the first job that
 * runs in threads, kept for the process's life). Each worker runs the program and announces every
 * job it reaches: jobs that already ran are answered from the journal; for the job running now the
 * worker is asked for its plan's fingerprint (only then, so the worker optimizes after the
 * coordinator did, seeing the same files) and served once it matches. A worker that dies fails what it was
 * running; workers never keep the process alive between jobs (unref).
 */
import { Worker } from "node:worker_threads";
import { getHeapStatistics } from "node:v8";
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { InvalidProgramException } from "../../common/errors.js";
import { encodeBatch } from "./codec.js";
import { toWireError } from "./wire-error.js";
import { fingerprintDifference, type PlanFingerprint } from "./fingerprint.js";
import { DROPPED_RECORDS, journalEntry, onJobRecorded, type JournalEntry } from "./journal.js";
import type { FromWorker, ToWorker, WireEntry, WorkerData } from "./protocol.js";
import { BOOTSTRAP, loaderImports } from "./worker-bootstrap.js";
import { temporaryDirectoryLog } from "./temp-dir-log.js";

type Reply = Extract<FromWorker, { id: number }>;
type Request = ToWorker extends infer M ? (M extends { id: number } ? Omit<M, "id"> : never) : never;

/** How long a cancelled job's subtasks may take to notice before their worker is terminated. */
const CANCEL_GRACE_MS = 2_000;

/** How long a job waits for every worker's program to reach it before it runs anyway. */
const LOCKSTEP_TIMEOUT_MS = 10_000;

/** How long a job waits for a first worker to reach it (replaying the program) before failing. */
const READY_TIMEOUT_MS = Number(process.env.SLUICE_WORKER_TIMEOUT_MS) || 60_000;

export class WorkerHandle {
  readonly worker: Worker;
  /** The job this worker waits at; its plan's fingerprint once asked for and sent. */
  announced: { job: number; asked: boolean; plan?: { fingerprint: PlanFingerprint | undefined; error?: string } } | undefined;
  servingJob: number | undefined;
  /** The last job this worker's program reached. */
  reached = -1;
  busy = false;
  dead: Error | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (m: Reply) => void; reject: (e: Error) => void }>();

  constructor(readonly index: number, private readonly pool: WorkerPool) {
    const program = pathToFileURL(resolve(process.argv[1]!)).href;
    const data: WorkerData & { loaders: unknown } = {
      sluiceWorker: true, index, program, loaders: loaderImports(process.execArgv),
      tempDirLog: temporaryDirectoryLog(), replayTimeoutMs: READY_TIMEOUT_MS, cancelFlags: pool.cancelFlags,
    };
    this.worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: data,
      execArgv: workerExecArgv(process.execArgv),
      // The program reads its own arguments: workers must see the same ones to build the same plan.
      argv: process.argv.slice(2),
      resourceLimits: { maxOldGenerationSizeMb: Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20) },
    });
    this.worker.on("message", (m: FromWorker) => this.onMessage(m));
    this.worker.on("error", (e: Error & { code?: string }) => this.die(e.code === "ERR_WORKER_OUT_OF_MEMORY" ? new Error(`worker thread ${index + 1} ran out of memory: ${e.message}`) : e));
    this.worker.on("exit", (code) => this.die(new Error(`worker thread ${index + 1} exited with code ${code}${code === 0 ? "" : " (process.exit() in a user function, or a crash)"}`)));
  }

  post(m: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (!this.dead) this.worker.postMessage(m, transfer);
  }

  request(m: Request, transfer: ArrayBuffer[] = []): Promise<Reply> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.post({ ...m, id } as ToWorker, transfer);
    });
  }

  /** Whether this worker has answered every request (or died). */
  settledNow(): boolean {
    return this.pending.size === 0 || this.dead !== undefined;
  }

  /** Resolves once this worker has answered every request (or died). */
  settled(): Promise<void> {
    if (this.pending.size === 0 || this.dead) return Promise.resolve();
    return new Promise((resolve) => this.onSettled.push(resolve));
  }

  private readonly onSettled: (() => void)[] = [];

  private settle(): void {
    if (this.pending.size > 0 && !this.dead) return;
    for (const f of this.onSettled.splice(0)) f();
  }

  die(e: Error): void {
    if (this.dead) return;
    this.dead = e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    this.settle();
    this.pool.changed();
  }

  private onMessage(m: FromWorker): void {
    switch (m.t) {
      case "job":
        this.reached = m.job;
        this.announced = { job: m.job, asked: false };
        this.pool.announced(this);
        this.pool.changed();
        return;
      case "plan":
        if (this.announced?.job !== m.job) return;
        this.announced.plan = { fingerprint: m.fingerprint, error: m.planError };
        this.pool.planned(this);
        return;
      case "fatal":
        this.die(Object.assign(new Error(`worker thread ${this.index + 1} could not run the program: ${m.error.message}`), { name: m.error.name }));
        return;
      default: {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        p?.resolve(m);
        this.settle();
      }
    }
  }
}

interface CurrentJob {
  readonly job: number;
  readonly fingerprint: PlanFingerprint;
  readonly jobName: string;
  failure: Error | undefined;
}

export class WorkerPool {
  /** Shared with every worker: see WorkerData.cancelFlags. */
  readonly cancelFlags = new SharedArrayBuffer(4);
  private handles: WorkerHandle[] = [];
  private current: CurrentJob | undefined;
  private readonly waiters = new Set<() => void>();

  constructor() {
    Atomics.store(new Int32Array(this.cancelFlags), 0, -1);
    onJobRecorded((job) => {
      const entry = journalEntry(job)!;
      for (const h of this.live()) if (h.announced?.job === job) this.reply(h, entry);
    });
  }

  live(): WorkerHandle[] {
    return this.handles.filter((h) => !h.dead);
  }

  /** Starts workers until `n` are alive. */
  ensure(n: number, reason: string): void {
    const missing = n - this.live().length;
    if (missing <= 0) return;
    process.stderr.write(`[sluice] starting ${missing} worker thread(s) (${reason})\n`);
    this.handles = this.live();
    for (let i = 0; i < missing; i++) this.handles.push(new WorkerHandle(this.handles.length, this));
    for (const h of this.handles) if (!this.current) h.worker.unref();
  }

  beginJob(job: number, jobName: string, fingerprint: PlanFingerprint): void {
    this.current = { job, jobName, fingerprint, failure: undefined };
    for (const h of this.live()) {
      h.worker.ref();
      if (h.announced?.job === job) this.askPlan(h);
    }
  }

  endJob(): void {
    this.current = undefined;
    for (const h of this.live()) {
      h.worker.unref();
      h.servingJob = undefined;
      h.busy = false; // a failed job's cancelled subtasks have answered (cancel() waited for them)
    }
  }

  /** Whether `job` was cancelled (its subtasks stop at their next batch). */
  isCancelled(job: number): boolean {
    return Atomics.load(new Int32Array(this.cancelFlags), 0) === job;
  }

  /**
   * After a failure: stops what the workers still run for `job`. They read the cancel flag between
   * batches and answer; a worker that has not answered within CANCEL_GRACE_MS (a function stuck
   * without reading or writing records) is terminated, and a new one replays the program later.
   * Workers that answer stay, so the program does not start over in them.
   */
  async cancel(job: number): Promise<void> {
    Atomics.store(new Int32Array(this.cancelFlags), 0, job);
    const busy = this.live().filter((h) => !h.settledNow());
    if (busy.length === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const grace = new Promise<void>((resolve) => { timer = setTimeout(resolve, CANCEL_GRACE_MS); });
    await Promise.race([Promise.all(busy.map((h) => h.settled())), grace]);
    clearTimeout(timer);
    const stuck = busy.filter((h) => !h.settledNow());
    for (const h of stuck) h.die(new Error(`worker thread ${h.index + 1} did not stop within ${CANCEL_GRACE_MS} ms of the job's cancellation`));
    await Promise.all(stuck.map((h) => h.worker.terminate()));
  }


  /**
   * After the pool itself failed the current job (a worker built another plan, or none reached the
   * job): terminates the workers that were not serving it. Their program took another path; new
   * workers replay it from the start for the next job.
   */
  async dropDiverged(): Promise<void> {
    const cur = this.current;
    if (!cur?.failure) return;
    const diverged = this.live().filter((h) => h.servingJob !== cur.job);
    for (const h of diverged) h.die(new Error(`worker thread ${h.index + 1} took another path through the program`));
    await Promise.all(diverged.map((h) => h.worker.terminate()));
  }

  /** Resolves once every live worker reached `job` (or after `timeoutMs`). */
  reach(job: number, timeoutMs: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      function done(): void {
        clearTimeout(timer);
        waiters.delete(check);
        resolve();
      }
      const waiters = this.waiters;
      const check = (): void => {
        if (this.live().every((h) => h.reached >= job)) done();
      };
      waiters.add(check);
      check();
    });
  }

  /** A worker serving the current job and not busy; waits for one. */
  idleWorker(): Promise<WorkerHandle> {
    return new Promise((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const check = (): boolean => {
        const cur = this.current;
        // A waiter the job no longer needs (it failed and stopped dispatching, then ended).
        if (!cur) return finish(() => reject(new Error("the job ended")));
        if (cur.failure) return finish(() => reject(cur.failure));
        const live = this.live();
        if (live.length === 0) return finish(() => reject(new Error(`every worker thread died before job '${cur.jobName}' could run: ${this.handles.map((h) => h.dead?.message).join("; ")}`)));
        const idle = live.find((h) => h.servingJob === cur.job && !h.busy);
        if (idle) return finish(() => resolve(idle));
        if (!timer && !live.some((h) => h.servingJob === cur.job)) {
          timer = setTimeout(() => { cur.failure = notReached(cur); this.changed(); }, READY_TIMEOUT_MS);
        }
        return false;
      };
      const finish = (f: () => void): true => {
        if (timer) clearTimeout(timer);
        this.waiters.delete(wake);
        f();
        return true;
      };
      const wake = (): void => {
        check();
      };
      if (!check()) this.waiters.add(wake);
    });
  }

  /** Something changed (a worker became ready, idle, or died): wake the waiters. */
  changed(): void {
    for (const w of [...this.waiters]) w();
  }

  /** A worker reached a job: answer from the journal, admit it to the current job, or let it wait. */
  announced(h: WorkerHandle): void {
    const job = h.announced!.job;
    const entry = journalEntry(job);
    if (entry) this.reply(h, entry);
    else if (this.current?.job === job) this.askPlan(h);
  }

  private askPlan(h: WorkerHandle): void {
    if (h.announced!.asked) return;
    h.announced!.asked = true;
    h.post({ t: "plan", job: h.announced!.job });
  }

  /** A worker sent its plan's fingerprint for the current job: serve it if it matches. */
  planned(h: WorkerHandle): void {
    const cur = this.current;
    if (!cur || h.announced?.job !== cur.job) return;
    const { fingerprint, error } = h.announced.plan!;
    const diff = fingerprint ? fingerprintDifference(cur.fingerprint, fingerprint) : `the worker could not build the plan: ${error}`;
    if (diff) {
      cur.failure ??= mismatch(cur, h.index, diff);
    } else {
      h.servingJob = cur.job;
      h.post({ t: "serve", job: cur.job });
    }
    this.changed();
  }

  private reply(h: WorkerHandle, entry: JournalEntry): void {
    h.post({ t: "result", job: h.announced!.job, entry: toWireEntry(entry) });
    h.announced = undefined;
  }
}

const wireCache = new WeakMap<JournalEntry, WireEntry>();

function toWireEntry(entry: JournalEntry): WireEntry {
  let w = wireCache.get(entry);
  if (!w) {
    if (entry.ok && entry.collected === DROPPED_RECORDS) {
      const e = new InvalidProgramException("this job ran before worker threads were requested, so its results were not kept for the workers to replay: choose threads before the program's first job (setExecutionMode(\"threads\") or SLUICE_EXECUTION_MODE=threads)");
      return { ok: false, error: toWireError(e) };
    }
    w = entry.ok ? { ...entry, collected: entry.collected.map((records) => encodeBatch(records ?? [])) } : entry;
    wireCache.set(entry, w);
  }
  return w;
}

function mismatch(cur: CurrentJob, worker: number, diff: string): InvalidProgramException {
  return new InvalidProgramException(
    `Job '${cur.jobName}' cannot run in worker threads: worker ${worker + 1} built a different plan than the coordinator (${diff}). ` +
    "Each worker runs the program file itself, so the plan must come out the same in every thread: do not build it from " +
    "randomness (Math.random, random file names), the current time, or per-thread state. Compute such values once, outside the " +
    "program (a file, an argument or an environment variable), or run this job in process with " +
    "env.getConfig().setExecutionMode(\"in-process\").",
  );
}

function notReached(cur: CurrentJob): InvalidProgramException {
  return new InvalidProgramException(
    `Job '${cur.jobName}' cannot run in worker threads: no worker reached it within ${READY_TIMEOUT_MS} ms. Workers run the ` +
    "program from its start; when the program takes another path in a worker (a branch on randomness, time or the environment) " +
    "it never reaches this job. Make the program deterministic or run in process (setExecutionMode(\"in-process\")).",
  );
}

let pool: WorkerPool | undefined;

/** The process's worker pool (created on first use). */
export function workerPool(): WorkerPool {
  return (pool ??= new WorkerPool());
}

/**
 * Before job `job` runs (in process or in threads): waits until every live worker's program has
 * reached it, so the workers replaying the program read files in the state the coordinator's
 * program read them, before this job changes them. Best effort: after LOCKSTEP_TIMEOUT_MS the job
 * runs anyway (a worker that took another path is reported by the next job that needs it).
 */
export async function workersReach(job: number): Promise<void> {
  if (!pool || pool.live().length === 0) return;
  await pool.reach(job, LOCKSTEP_TIMEOUT_MS);
}

/** Per-process V8/Node flags a Worker refuses in execArgv (its heap is set by resourceLimits). */
const PROCESS_ONLY_FLAG = /^--(max-old-space-size|max-semi-space-size|max-young-generation-size|stack-size|expose-gc|cpu-prof|heap-prof|prof)\b/;

/** The parent's flags a worker can take: loaders and the like, without process-only V8 flags. */
export function workerExecArgv(execArgv: readonly string[]): string[] {
  return execArgv.filter((flag) => !PROCESS_ONLY_FLAG.test(flag));
}
