/**
 * The worker side (a worker thread or a child process): for each run the coordinator opens, the
 * job module's entry runs here with a clone of the arguments. Each action it reaches is announced;
 * the coordinator answers with its own result, or asks for this worker's plan (built only then,
 * after the coordinator built its own), serves subtasks of it, then answers. So the entry follows
 * the coordinator's path, and `await ds.count()` before a second job gives the same number here.
 */
import { parentPort } from "node:worker_threads";
import { optimize } from "../optimizer/optimizer.js";
import { planOptions } from "./plan-options.js";
import type { SinkNode } from "../plan/logical.js";
import type { PhysicalPlan } from "../plan/physical.js";
import { setPrintTarget } from "../io/printing-output-format.js";
import { buildJobGraph } from "../runtime/job-graph.js";
import { decodeBatch, type EncodedBatch } from "../runtime/executors/codec.js";
import { UnknownClassError, unknownClassesAsPlainObjects } from "../runtime/executors/class-registry.js";
import { fingerprintPlan } from "../runtime/executors/fingerprint.js";
import type { FromWorker, ToWorker, WireEntry } from "../runtime/executors/protocol.js";
import { reviveError, toWireError } from "../runtime/executors/wire-error.js";
import { mergeAccumulators, PrintBuffer, runSubtaskRequest, type ServedJob } from "../runtime/executors/worker-subtask.js";
import { allElements, type ActionOptions, type ActionOutcome, type ActionSession, type CollectionElements } from "./action-session.js";
import { COLLECTION_SAMPLE, type ShippedCollection } from "../plan/descriptors.js";
import type { ExecutionChoice } from "./choose-execution.js";
import { trace } from "../runtime/executors/trace.js";
import { JobExecutionResult } from "../common/job-execution-result.js";

/** Runs the entry of `moduleUrl` with `args` in a worker job scope holding `session`. */
export type EntryRunner = (moduleUrl: string, args: unknown, parallelism: number | undefined, session: ActionSession) => Promise<unknown>;

/** How a worker talks to its coordinator: a thread's parentPort, a child's IPC channel, or another transport. */
export interface WorkerPort {
  post(m: FromWorker, transfer?: ArrayBuffer[]): void;
  on(f: (m: ToWorker) => void): void;
}
type Port = WorkerPort;

function port(): Port {
  if (parentPort) {
    const p = parentPort;
    return { post: (m, transfer = []) => p.postMessage(m, transfer), on: (f) => p.on("message", f) };
  }
  if (!process.send) throw new Error("worker-host: neither a worker thread nor a child process with IPC");
  process.on("disconnect", () => process.exit(0)); // the coordinator is gone
  return { post: (m) => void process.send!(m), on: (f) => process.on("message", f as (m: unknown) => void) };
}

/**
 * Serves the coordinator until this worker is terminated (over `link`: by default the thread's or
 * process's own channel). Over its own channel the entry's collection sources keep samples only
 * (the coordinator ships their elements with the subtasks); another transport keeps them whole.
 */
export function hostWorker(runEntry: EntryRunner, given?: WorkerPort): void {
  const link = given ?? port();
  const sampleCollections = given === undefined;
  trace("worker up");
  const runs = new Map<number, WorkerRun>();
  const printed = new PrintBuffer();
  setPrintTarget((toStderr, text) => printed.write(toStderr, text));
  link.on((m) => {
    switch (m.t) {
      case "open": {
        trace(`open run ${m.run}`);
        const run = new WorkerRun(m.run, m.parallelism, link, sampleCollections);
        runs.set(m.run, run);
        runEntry(m.moduleUrl, m.args, m.parallelism, run).then(
          () => run.end(undefined),
          (e: unknown) => run.end(e),
        );
        return;
      }
      case "close":
        runs.get(m.run)?.close();
        runs.delete(m.run);
        return;
      case "run": {
        const served = runs.get(m.run)?.served(m.action);
        if (!served) {
          const error = toWireError(new Error(`internal: action ${m.action} of run ${m.run} is not served here`));
          link.post({ t: "done", id: m.id, ok: false, failure: { error }, printed: printed.take() });
          return;
        }
        void runSubtaskRequest(served, m, printed, (counts) => link.post({ t: "progress", id: m.id, counts }))
          .then(({ reply, transfer }) => link.post(reply, transfer))
          // A reply that cannot be posted (records structured clone refuses) fails the subtask, never hangs it.
          .catch((e: unknown) => link.post({ t: "done", id: m.id, ok: false, failure: { error: toWireError(e) }, printed: printed.take() }));
        return;
      }
      case "merge": {
        const served = runs.get(m.run)?.served(m.action);
        link.post({ t: "merged", id: m.id, partial: served ? mergeAccumulators(served, m) : m.partial });
        return;
      }
      default:
        runs.get(m.run)?.deliver(m);
    }
  });
}

type ActionMessage = Extract<ToWorker, { t: "result" | "plan" | "serve" }>;

/** Thrown into an entry whose run the coordinator closed (it finished or failed there). */
class RunClosed extends Error {
  override name = "RunClosed";
}

/** This worker's copy of one run of the entry. */
class WorkerRun implements ActionSession {
  private actions = 0;
  private readonly inbox = new Map<number, ActionMessage[]>();
  private readonly waiters = new Map<number, { resolve: (m: ActionMessage) => void; reject: (e: Error) => void }>();
  private readonly serving = new Map<number, ServedJob>();
  private readonly planned = new Map<number, PhysicalPlan>();
  /** This run's collection sources, in the order the entry made them: samples, their elements come from the coordinator. */
  private readonly collections: ShippedCollection[] = [];
  private closed = false;

  constructor(readonly run: number, readonly parallelism: number | undefined, private readonly link: Port, private readonly sample: boolean) {}

  served(action: number): ServedJob | undefined {
    return this.serving.get(action);
  }

  deliver(m: ActionMessage): void {
    // Served at once: the first subtask request may come in the same tick as "serve".
    const planned = m.t === "serve" ? this.planned.get(m.action) : undefined;
    if (planned) this.serving.set(m.action, { plan: planned, graph: buildJobGraph(planned), registries: new Map() });
    const w = this.waiters.get(m.action);
    if (w) {
      this.waiters.delete(m.action);
      w.resolve(m);
    } else {
      const q = this.inbox.get(m.action) ?? [];
      q.push(m);
      this.inbox.set(m.action, q);
    }
  }

  end(error: unknown): void {
    if (this.closed) return;
    this.link.post({ t: "ended", run: this.run, error: error === undefined ? undefined : toWireError(error) });
  }

  close(): void {
    this.closed = true;
    for (const w of this.waiters.values()) w.reject(new RunClosed("the coordinator closed this run"));
    this.waiters.clear();
    this.serving.clear();
  }

  explain(): ExecutionChoice {
    return { mode: "in-process", workers: 0, reason: "a worker's copy of the entry" };
  }

  /** Takes the first COLLECTION_SAMPLE elements (they decide the shape), never iterating further. */
  collection(items: Iterable<unknown>): CollectionElements {
    if (!this.sample) return { elements: allElements(items) };
    const shipped: ShippedCollection = { index: this.collections.length, count: Array.isArray(items) ? items.length : undefined };
    this.collections.push(shipped);
    return { elements: Array.isArray(items) ? items.slice(0, COLLECTION_SAMPLE) : take(items, COLLECTION_SAMPLE), shipped };
  }

  async execute(sinks: readonly SinkNode[], options: ActionOptions): Promise<ActionOutcome> {
    const action = this.actions++;
    const plan = (): PhysicalPlan => optimize(sinks, planOptions(options));
    trace(`entry reached action ${action}`);
    this.link.post({ t: "action", run: this.run, action });
    let m = await this.next(action);
    let physical: PhysicalPlan | undefined;
    if (m.t === "plan") {
      // The optimizer's estimates need the sizes of the collections this worker only sampled.
      for (const c of this.collections) c.count = m.collections[c.index];
      let planError: string | undefined;
      try {
        physical = plan();
      } catch (e) {
        planError = String((e as Error)?.message ?? e);
      }
      trace(`planned action ${action}`);
      if (physical) this.planned.set(action, physical);
      this.link.post({ t: "plan", run: this.run, action, fingerprint: physical && fingerprintPlan(physical), planError });
      m = await this.next(action);
      this.planned.delete(action);
      if (m.t === "serve") {
        m = await this.next(action);
        this.serving.delete(action);
      }
    }
    if (m.t !== "result") throw new Error(`internal: unexpected message ${m.t} for action ${action}`);
    return fromEntry(m.entry, options.jobName, () => physical ?? plan());
  }

  private next(action: number): Promise<ActionMessage> {
    if (this.closed) return Promise.reject(new RunClosed("the coordinator closed this run"));
    const q = this.inbox.get(action);
    if (q?.length) {
      const m = q.shift()!;
      if (q.length === 0) this.inbox.delete(action);
      return Promise.resolve(m);
    }
    return new Promise((resolve, reject) => this.waiters.set(action, { resolve, reject }));
  }
}

/** The first `n` elements of an iterable; the iterator is then closed (a generator's finally runs). */
function take(items: Iterable<unknown>, n: number): unknown[] {
  const out: unknown[] = [];
  if (n <= 0) return out;
  const it = items[Symbol.iterator]();
  for (let r = it.next(); !r.done; r = it.next()) {
    out.push(r.value);
    if (out.length >= n) {
      it.return?.();
      break;
    }
  }
  return out;
}

function fromEntry(entry: WireEntry, jobName: string, plan: () => PhysicalPlan): ActionOutcome {
  if (!entry.ok) throw reviveError(entry.error);
  const result = new JobExecutionResult(jobName, entry.netRuntimeMs, entry.accumulators, entry.channels, entry.iterations);
  return { result, collected: entry.collected.map((b) => (b ? decodeCollected(b, plan) : [])) };
}

/**
 * Records the coordinator collected. Their classes may be known here only from the plan's data
 * (a job this worker did not plan): walk it when a class is missing. A class still unknown gives
 * plain objects rather than failing, so the entry goes on as it can.
 */
function decodeCollected(b: EncodedBatch, plan: () => PhysicalPlan): unknown[] {
  try {
    return decodeBatch(b);
  } catch (e) {
    if (!(e instanceof UnknownClassError)) throw e;
  }
  try {
    fingerprintPlan(plan()); // registers the classes of the instances in the plan
    return decodeBatch(b);
  } catch {
    return unknownClassesAsPlainObjects(() => decodeBatch(b));
  }
}

