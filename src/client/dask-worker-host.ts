/**
 * The Node process on a Dask worker (started by the worker plugin of python/sluice_dask.py): it
 * listens on a Unix socket and answers the Dask tasks of that worker, one connection per task.
 * Inside, the usual worker host (worker-host.ts) runs the entries; this file plays the
 * coordinator's part for it, from what each task brings: it opens a run on its first task, answers
 * the entry's earlier actions with the coordinator's results (in the task's context), asks for the
 * plan of the current action, checks its fingerprint and the job module's hash, then hands the
 * subtask over. The entry here follows the coordinator's path, as in threads and processes.
 */
import { createServer, type Socket } from "node:net";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { deserialize, serialize } from "node:v8";
import type { EncodedBatch } from "../runtime/executors/codec.js";
import { fingerprintDifference } from "../runtime/executors/fingerprint.js";
import type { FromWorker, ToWorker } from "../runtime/executors/protocol.js";
import { frameBytes, readFrames, type Frame } from "../runtime/executors/dask/frames.js";
import type { DaskContext, DaskMergeRequest, DaskMeta, DaskRequest, PartSource } from "../runtime/executors/dask/messages.js";
import { hostWorker, type EntryRunner } from "./worker-host.js";

type Done = Extract<FromWorker, { t: "done" }>;
type Reply = { header: Record<string, unknown>; blobs: Uint8Array[] };

interface Waiting {
  readonly msg: Extract<ToWorker, { t: "run" }>;
  resolve(r: Reply): void;
}

/** This process's copy of one run of a coordinator's entry. */
interface LocalRun {
  readonly id: number;
  results: readonly DaskContext["results"][number][];
  readonly fingerprints: Map<number, DaskContext["fingerprint"]>;
  /** The action the entry waits at (-1: none yet), and whether it was answered or asked to plan. */
  reached: number;
  answered: number;
  planned: number;
  readonly served: Set<number>;
  readonly refused: Map<number, string>;
  readonly pending: Map<number, Waiting[]>;
  ended: string | undefined;
}

const WORKER = process.env.SLUICE_DASK_WORKER || "this worker";

export function serveDaskWorker(runEntry: EntryRunner, socketPath: string, ready: () => void): void {
  const handlers: ((m: ToWorker) => void)[] = [];
  const toHost = (m: ToWorker): void => queueMicrotask(() => { for (const h of handlers) h(m); });
  const contexts = new Map<string, DaskContext>();
  const runs = new Map<string, LocalRun>();
  const byId = new Map<number, LocalRun>();
  const replies = new Map<number, (m: FromWorker) => void>();
  const hashes = new Map<string, string>();
  let nextRun = 1;
  let nextId = 1;

  const refuse = (why: string): Reply => ({ header: { shape: [] }, blobs: [serialize({ ok: false, refused: why } satisfies DaskMeta)] });

  const dispatch = (run: LocalRun, w: Waiting): void => {
    replies.set(w.msg.id, (m) => w.resolve(doneReply(m as Done)));
    toHost(w.msg);
  };

  const poke = (run: LocalRun): void => {
    const k = run.reached;
    if (k < 0) return;
    if (run.results[k] && run.answered < k) {
      run.answered = k;
      toHost({ t: "result", run: run.id, action: k, entry: run.results[k]! });
    } else if (!run.results[k] && run.pending.has(k) && run.planned < k) {
      run.planned = k;
      toHost({ t: "plan", run: run.id, action: k, collections: [] }); // its entry keeps whole collections
    }
  };

  const failPending = (run: LocalRun, why: (action: number) => string, only?: number): void => {
    for (const [action, list] of run.pending) {
      if (only !== undefined && action !== only) continue;
      for (const w of list) w.resolve(refuse(why(action)));
      run.pending.delete(action);
    }
  };

  const fromHost = (m: FromWorker): void => {
    if (m.t === "fatal") {
      for (const run of runs.values()) failPending(run, () => `Sluice's worker host failed: ${m.error.message}`);
      return;
    }
    if (m.t === "progress") return; // live counters are not relayed from the cluster (only the job's end)
    if (m.t === "done" || m.t === "merged") {
      const r = replies.get(m.id);
      replies.delete(m.id);
      r?.(m);
      return;
    }
    const run = byId.get(m.run);
    if (!run) return;
    if (m.t === "action") {
      run.reached = m.action;
      poke(run);
    } else if (m.t === "plan") {
      const expected = run.fingerprints.get(m.action)!;
      const diff = m.fingerprint ? fingerprintDifference(expected, m.fingerprint) : `it could not build the plan: ${m.planError}`;
      if (diff) {
        run.refused.set(m.action, `the Node process on Dask worker ${WORKER} built a different plan than the coordinator (${diff})`);
        failPending(run, (a) => run.refused.get(a)!, m.action);
        return;
      }
      toHost({ t: "serve", run: run.id, action: m.action });
      run.served.add(m.action);
      for (const w of run.pending.get(m.action) ?? []) dispatch(run, w);
      run.pending.delete(m.action);
    } else if (m.t === "ended") {
      run.ended = m.error ? `threw (${m.error.message})` : "returned";
      failPending(run, () => `the entry on Dask worker ${WORKER} ${run.ended} before reaching this job`);
    }
  };

  hostWorker(runEntry, { post: (m) => queueMicrotask(() => fromHost(m)), on: (f) => handlers.push(f) });

  const checkModule = (ctx: DaskContext): string | undefined => {
    if (ctx.moduleHash === undefined) return undefined;
    let hash = hashes.get(ctx.moduleUrl);
    if (hash === undefined) {
      try {
        hash = createHash("sha256").update(readFileSync(fileURLToPath(ctx.moduleUrl))).digest("hex");
      } catch (e) {
        return `the job module ${ctx.moduleUrl} cannot be read on Dask worker ${WORKER} (${(e as Error).message}): every worker needs the program on a path it can read`;
      }
      hashes.set(ctx.moduleUrl, hash);
    }
    return hash === ctx.moduleHash ? undefined : `the job module ${ctx.moduleUrl} on Dask worker ${WORKER} differs from the coordinator's (sha256 ${hash.slice(0, 12)} against ${ctx.moduleHash.slice(0, 12)})`;
  };

  const runOf = (ctx: DaskContext): LocalRun => {
    const key = `${ctx.session}:${ctx.run}`;
    let run = runs.get(key);
    if (!run) {
      run = {
        id: nextRun++, results: [], fingerprints: new Map(), reached: -1, answered: -1, planned: -1,
        served: new Set(), refused: new Map(), pending: new Map(), ended: undefined,
      };
      runs.set(key, run);
      byId.set(run.id, run);
      toHost({ t: "open", run: run.id, moduleUrl: ctx.moduleUrl, args: ctx.args, parallelism: ctx.parallelism });
    }
    if (ctx.results.length > run.results.length) run.results = ctx.results;
    run.fingerprints.set(ctx.action, ctx.fingerprint);
    return run;
  };

  const onRun = (f: Frame): Promise<Reply> => {
    const key = f.header.ctx as string;
    if (f.header.withCtx) {
      contexts.set(key, deserialize(f.blobs[0]!) as DaskContext);
      if (contexts.size > 64) contexts.delete(contexts.keys().next().value!);
    }
    const ctx = contexts.get(key);
    if (!ctx) return Promise.resolve({ header: { fatal: `internal: the action's context ${key} is unknown here` }, blobs: [] });
    const bad = checkModule(ctx);
    if (bad) return Promise.resolve(refuse(bad));
    const req = deserialize(f.blobs[1]!) as DaskRequest;
    const parts = f.blobs.slice(2).map((b) => deserialize(b) as EncodedBatch[]);
    const feed = (s: PartSource): EncodedBatch[] => [...s.blobs.flatMap((k) => parts[k]!), ...s.inline];
    const run = runOf(ctx);
    const n = ctx.action;
    if (run.refused.has(n)) return Promise.resolve(refuse(run.refused.get(n)!));
    if (run.ended !== undefined && !run.served.has(n)) return Promise.resolve(refuse(`the entry on Dask worker ${WORKER} ${run.ended} before reaching this job`));
    const msg: Extract<ToWorker, { t: "run" }> = {
      t: "run", run: run.id, action: n, id: nextId++, task: req.task, subtask: req.subtask,
      inputs: req.inputs.map((gate) => gate.map(feed)), broadcasts: req.broadcasts.map((b) => b.map(feed)),
      splits: req.splits, formatState: req.formatState, progress: false,
    };
    return new Promise((resolve) => {
      const w: Waiting = { msg, resolve };
      if (run.served.has(n)) dispatch(run, w);
      else {
        const list = run.pending.get(n) ?? [];
        list.push(w);
        run.pending.set(n, list);
        poke(run);
      }
    });
  };

  const onMerge = (f: Frame): Promise<Reply> => {
    const m = deserialize(f.blobs[0]!) as DaskMergeRequest;
    const run = runs.get(`${m.session}:${m.run}`);
    if (!run?.served.has(m.action)) return Promise.resolve({ header: { fatal: `the accumulators of subtask ${m.subtask + 1} are gone from Dask worker ${WORKER} (its Node process restarted?)` }, blobs: [] });
    const id = nextId++;
    return new Promise((resolve) => {
      replies.set(id, (r) => resolve({ header: {}, blobs: [serialize((r as Extract<FromWorker, { t: "merged" }>).partial)] }));
      toHost({ t: "merge", id, run: run.id, action: m.action, task: m.task, subtask: m.subtask, partial: m.partial });
    });
  };

  const onClose = (f: Frame): Promise<Reply> => {
    const key = `${String(f.header.session)}:${String(f.header.run)}`;
    const run = runs.get(key);
    if (run) {
      failPending(run, () => "the coordinator closed this run");
      toHost({ t: "close", run: run.id });
      runs.delete(key);
      byId.delete(run.id);
    }
    return Promise.resolve({ header: {}, blobs: [] });
  };

  const server = createServer((socket: Socket) => {
    readFrames(socket, (f) => {
      const op = f.header.op;
      const handled = op === "run" ? onRun(f) : op === "merge" ? onMerge(f) : op === "close" ? onClose(f) : Promise.resolve({ header: { fatal: `unknown op ${String(op)}` }, blobs: [] });
      handled.then(
        (r) => socket.end(Buffer.concat(frameBytes(r.header, r.blobs))),
        (e: unknown) => socket.end(Buffer.concat(frameBytes({ fatal: `Sluice's Node process failed: ${String((e as Error)?.stack ?? e)}` }))),
      );
    });
    socket.on("error", () => undefined);
  });
  server.listen(socketPath, ready);
}

/** A worker host's reply as the Dask task returns it: the meta blob, then one blob per output part. */
function doneReply(m: Done): Reply {
  if (!m.ok) return { header: { shape: [] }, blobs: [serialize({ ok: false, failure: m.failure, printed: m.printed } satisfies DaskMeta)] };
  const meta: DaskMeta = {
    ok: true, collected: m.collected, accumulatorNames: m.accumulatorNames, printed: m.printed,
    outputs: m.outputs.map((o) => ({ counts: o.parts.map((batches) => batches.reduce((s, b) => s + b.length, 0)), held: o.held })),
  };
  const parts = m.outputs.flatMap((o) => o.parts.map((batches) => serialize(batches)));
  return { header: { shape: m.outputs.map((o) => o.parts.length) }, blobs: [serialize(meta), ...parts] };
}
