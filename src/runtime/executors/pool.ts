/**
 * The coordinator's long-lived pools of workers, one per kind (threads, processes) and loader,
 * started on first use, kept for the process's life and never keeping it alive while idle. A
 * handle answers requests by id and routes a run's messages (an entry reaching an action, its
 * plan, its end) to that run's listener; a worker that dies fails what it was running.
 */
import { availableParallelism } from "node:os";
import type { PlanFingerprint } from "./fingerprint.js";
import type { FromWorker, ToWorker } from "./protocol.js";
import type { SubtaskCounts } from "../../common/progress.js";
import { startWorker, type WorkerLink, type WorkerSpec } from "./worker-link.js";
import type { WireError } from "./wire-error.js";
import { trace } from "./trace.js";

type Reply = Exclude<Extract<FromWorker, { id: number }>, { t: "progress" }>;
type Request = ToWorker extends infer M ? (M extends { id: number } ? Omit<M, "id"> : never) : never;

/** What a run hears from its workers (implemented by the coordinator's session). */
export interface RunListener {
  action(h: WorkerHandle, action: number): void;
  planned(h: WorkerHandle, action: number, fingerprint: PlanFingerprint | undefined, error: string | undefined): void;
  ended(h: WorkerHandle, error: WireError | undefined): void;
}

export class WorkerHandle {
  private readonly link: WorkerLink;
  /** Runs opened in this worker. */
  readonly opened = new Set<number>();
  /** Per run: the action its entry waits at here (-1: none yet). */
  readonly reached = new Map<number, number>();
  busy = false;
  dead: Error | undefined;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (m: Reply) => void; reject: (e: Error) => void; progress?: (c: SubtaskCounts) => void }>();

  constructor(readonly index: number, private readonly pool: WorkerPool) {
    this.link = startWorker(pool.spec, index, { message: (m) => this.onMessage(m), exit: (e) => this.die(e) });
    this.link.ref(false);
    trace(`${this.kind} ${index + 1} starting`);
  }

  get kind(): string {
    return this.pool.spec.kind === "threads" ? "worker thread" : "worker process";
  }

  private held = false;

  /** Keeps this process alive while an action waits for this worker (it is unref'd when idle). */
  hold(on: boolean): void {
    this.held = on;
    if (!this.dead) this.link.ref(on || this.pending.size > 0);
  }

  /** Wakes whoever waits for a worker of this pool. */
  poolChanged(): void {
    this.pool.changed();
  }

  post(m: ToWorker, transfer: ArrayBuffer[] = []): void {
    if (!this.dead) this.link.post(m, transfer);
  }

  /** Sends `m` and resolves with its reply; `progress` hears the counters the worker relays meanwhile. */
  request(m: Request, transfer: ArrayBuffer[] = [], progress?: (c: SubtaskCounts) => void): Promise<Reply> {
    if (this.dead) return Promise.reject(this.dead);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, progress });
      this.link.ref(true);
      this.post({ ...m, id } as ToWorker, transfer);
    });
  }

  /** Kills the worker (a stuck function, a cancelled job): its requests fail with `reason`. Resolves once it is gone. */
  terminate(reason: Error): Promise<void> {
    this.die(reason);
    return this.link.terminate(reason);
  }

  private die(e: Error): void {
    if (this.dead) return;
    this.dead = e;
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
    this.pool.changed();
  }

  private onMessage(m: FromWorker): void {
    if (m.t !== "progress") trace(`${this.kind} ${this.index + 1} says ${m.t}${"action" in m ? ` ${m.action}` : ""}`);
    switch (m.t) {
      case "action":
        this.reached.set(m.run, m.action);
        this.pool.listener(m.run)?.action(this, m.action);
        return;
      case "plan":
        this.pool.listener(m.run)?.planned(this, m.action, m.fingerprint, m.planError);
        return;
      case "ended":
        this.reached.delete(m.run);
        this.pool.listener(m.run)?.ended(this, m.error);
        return;
      case "progress":
        this.pending.get(m.id)?.progress?.(m.counts);
        return;
      case "fatal":
        void this.terminate(new Error(`${this.kind} ${this.index + 1} could not start: ${m.error.message}`));
        return;
      default: {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (this.pending.size === 0 && !this.held) this.link.ref(false);
        p?.resolve(m);
      }
    }
  }
}

export class WorkerPool {
  private handles: WorkerHandle[] = [];
  private readonly listeners = new Map<number, RunListener>();
  private readonly waiters = new Set<() => void>();

  constructor(readonly spec: WorkerSpec) {}

  live(): WorkerHandle[] {
    return this.handles.filter((h) => !h.dead);
  }

  /** Starts workers until `n` are alive; returns the first `n` live ones. */
  ensure(n: number, reason: string): WorkerHandle[] {
    const missing = n - this.live().length;
    if (missing > 0) {
      const what = this.spec.kind === "threads" ? "worker thread" : "worker process";
      const plural = missing === 1 ? "" : this.spec.kind === "threads" ? "s" : "es";
      process.stderr.write(`[sluice] starting ${missing} ${what}${plural} (${reason})\n`);
      this.handles = this.live();
      for (let i = 0; i < missing; i++) this.handles.push(new WorkerHandle(this.handles.length, this));
    }
    return this.live().slice(0, n);
  }

  listen(run: number, l: RunListener): void {
    this.listeners.set(run, l);
  }

  /** Forgets run `run`: its workers drop their copy of the entry. */
  close(run: number): void {
    this.listeners.delete(run);
    for (const h of this.live()) {
      if (h.opened.delete(run)) h.post({ t: "close", run });
      h.reached.delete(run);
    }
  }

  listener(run: number): RunListener | undefined {
    return this.listeners.get(run);
  }

  /** Resolves with the first handle `pick` accepts, re-checked whenever a worker changes; rejects when `fail` says so. */
  waitFor(pick: () => WorkerHandle | undefined, fail: () => Error | undefined): Promise<WorkerHandle> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const e = fail();
        const h = e ? undefined : pick();
        if (!e && !h) return;
        this.waiters.delete(check);
        if (e) reject(e);
        else resolve(h!);
      };
      this.waiters.add(check);
      check();
    });
  }

  /** Something changed (a worker was served, became idle, or died): wake the waiters. */
  changed(): void {
    for (const w of [...this.waiters]) w();
  }
}

const pools = new Map<string, WorkerPool>();

/** The process's pool for this kind of worker and loader (created on first use). */
export function workerPool(spec: WorkerSpec): WorkerPool {
  const key = `${spec.kind}|${spec.main}|${spec.loader ?? ""}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = new WorkerPool(spec)));
  return pool;
}

/** Live workers of this kind in this process, over its pools. */
export function startedWorkers(kind: WorkerSpec["kind"]): number {
  let n = 0;
  for (const pool of pools.values()) if (pool.spec.kind === kind) n += pool.live().length;
  return n;
}

/** Size of a pool: SLUICE_WORKERS, else one per core. */
export function poolSize(): number {
  const n = Number(process.env.SLUICE_WORKERS);
  return Number.isInteger(n) && n > 0 ? n : availableParallelism();
}
