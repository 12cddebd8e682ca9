/**
 * One worker, a thread or a child process, behind the same small link: post a message, hear
 * messages and the worker's end, terminate it. Threads transfer batch buffers; processes get
 * them through the IPC pipe (Node's "advanced" serialization: structured clone, one copy).
 * What a worker writes to stdout (its module's top level, an entry's console.log) is dropped unless
 * SLUICE_DEBUG_WORKERS=1: a job's output is its sinks'. Its stderr reaches this process's stderr
 * (processes: only with SLUICE_DEBUG_WORKERS=1; the tail is kept to tell an out-of-memory crash).
 */
import { Worker } from "node:worker_threads";
import { fork, type ChildProcess } from "node:child_process";
import { getHeapStatistics } from "node:v8";
import { fileURLToPath } from "node:url";
import type { FromWorker, ToWorker } from "./protocol.js";

export type WorkerKind = "threads" | "processes";

export interface WorkerSpec {
  readonly kind: WorkerKind;
  /** URL of the worker's main module. */
  readonly main: string;
  /** URL of a loader to register first (tsx, for TypeScript), or undefined. */
  readonly loader: string | undefined;
  /** Heap limit of a worker in MB (default: this process's). */
  readonly heapMb?: number;
}

export interface WorkerLink {
  post(m: ToWorker, transfer?: ArrayBuffer[]): void;
  /** Stops the worker at once (whatever it runs); `onExit` then reports `reason`. Resolves once it is gone. */
  terminate(reason: Error): Promise<void>;
  /** Whether the worker keeps this process alive (while it has work). */
  ref(on: boolean): void;
}

export interface LinkEvents {
  message(m: FromWorker): void;
  /** The worker is gone: `error` says why. */
  exit(error: Error): void;
}

/** Name of the environment variable that marks a worker (a job module there never runs itself). */
export const WORKER_ENV = "SLUICE_WORKER";

const DEBUG = process.env.SLUICE_DEBUG_WORKERS === "1";

export function startWorker(spec: WorkerSpec, index: number, on: LinkEvents): WorkerLink {
  const heapMb = spec.heapMb ?? (Number(process.env.SLUICE_WORKER_HEAP_MB) || Math.floor(getHeapStatistics().heap_size_limit / 2 ** 20));
  const env = { ...process.env, [WORKER_ENV]: "1" };
  return spec.kind === "threads" ? startThread(spec, index, heapMb, env, on) : startProcess(spec, index, heapMb, env, on);
}

// A worker thread's own stdout is dropped here (its stream, not the coordinator's); stderr passes.
const THREAD_BOOTSTRAP = `
const { workerData } = require("node:worker_threads");
if (!workerData.debug) {
  process.stdout.write = (_chunk, encoding, cb) => {
    const done = typeof encoding === "function" ? encoding : cb;
    if (done) process.nextTick(done);
    return true;
  };
}
(async () => {
  if (workerData.loader) (await import(workerData.loader)).register();
  await import(workerData.main);
})().catch((e) => { console.error(e); process.exit(70); });
`;

function startThread(spec: WorkerSpec, index: number, heapMb: number, env: NodeJS.ProcessEnv, on: LinkEvents): WorkerLink {
  const w = new Worker(THREAD_BOOTSTRAP, {
    eval: true, env, execArgv: [],
    // A thread registers the loader's API (Node 20 does not pass the parent's hooks to workers).
    workerData: { main: spec.main, loader: spec.loader && new URL("./esm/api/index.mjs", spec.loader).href, debug: DEBUG },
    resourceLimits: { maxOldGenerationSizeMb: heapMb },
  });
  let ended: Error | undefined;
  const gone = new Promise<void>((resolve) => w.once("exit", () => resolve()));
  w.on("message", (m: FromWorker) => on.message(m));
  w.on("error", (e: Error & { code?: string }) => {
    ended ??= e.code === "ERR_WORKER_OUT_OF_MEMORY" ? new Error(`worker thread ${index + 1} ran out of memory (${heapMb} MB heap)`) : e;
  });
  w.on("exit", (code) => on.exit(ended ?? new Error(`worker thread ${index + 1} exited with code ${code} (process.exit() in a user function, or a crash)`)));
  return {
    post: (m, transfer = []) => w.postMessage(m, transfer),
    terminate(reason) {
      ended ??= reason;
      void w.terminate();
      return gone;
    },
    ref: (yes) => (yes ? w.ref() : w.unref()),
  };
}

function startProcess(spec: WorkerSpec, index: number, heapMb: number, env: NodeJS.ProcessEnv, on: LinkEvents): WorkerLink {
  const execArgv = [...(spec.loader ? ["--import", spec.loader] : []), `--max-old-space-size=${heapMb}`];
  const child: ChildProcess = fork(fileURLToPath(spec.main), [], {
    execArgv, env, serialization: "advanced", stdio: ["ignore", DEBUG ? "inherit" : "ignore", "pipe", "ipc"],
  });
  let stderrTail = "";
  child.stderr!.on("data", (d: Buffer) => {
    if (DEBUG) process.stderr.write(d);
    stderrTail = (stderrTail + d.toString()).slice(-2000);
  });
  let ended: Error | undefined;
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.on("message", (m) => on.message(m as FromWorker));
  child.on("error", (e) => { ended ??= e; });
  child.on("exit", (code, signal) => {
    const oom = /heap out of memory|Allocation failed/i.test(stderrTail);
    on.exit(ended ?? new Error(oom
      ? `worker process ${index + 1} ran out of memory (${heapMb} MB heap)`
      : `worker process ${index + 1} exited with ${signal ?? `code ${code}`} (process.exit() in a user function, or a crash)`));
  });
  return {
    post(m) {
      if (child.connected) child.send(m);
    },
    terminate(reason) {
      ended ??= reason;
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      return gone;
    },
    ref(yes) {
      // An idle worker must not keep the coordinator alive: unref the process and its pipes.
      type Refable = { ref(): void; unref(): void } | null | undefined;
      const handles = [child, child.stderr as unknown as Refable, (child as unknown as { channel?: Refable }).channel];
      for (const h of handles) {
        if (!h) continue;
        if (yes) h.ref();
        else h.unref();
      }
    },
  };
}
