/**
 * The coordinator's link to a Dask scheduler: a Python process (python/sluice_dask.py, run as
 * `python3 sluice_dask.py bridge`) holding a distributed.Client, spoken to in frames over its
 * stdin and stdout. One bridge per scheduler address and process, started on first use, kept for
 * the process's life and never keeping it alive while idle. The first request registers the worker
 * plugin that starts Sluice's Node process on every worker (named after the Node binary, the worker
 * main and the loader, so two installations of Sluice can share a cluster).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { libraryFile } from "../../../common/library-file.js";
import { frameBytes, readFrames, type Frame } from "./frames.js";

/** What a consumer reads: output `o`, consumer part `t` of the Dask task `key`. */
export interface PartRef {
  readonly key: string;
  readonly o: number;
  readonly t: number;
}

export interface SubtaskSubmission {
  readonly key: string;
  /** For error messages: "subtask 2/4 of 'Map'". */
  readonly label: string;
  readonly deps: readonly PartRef[];
  readonly request: Uint8Array;
}

/** How one submitted subtask ended: its meta blob and the worker that ran it, or Dask's error. */
export type SubtaskEnd = { readonly meta: Uint8Array; readonly worker: string } | { readonly failed: string };

export interface ClusterInfo {
  readonly workers: number;
  readonly threads: number;
  readonly version: string;
}

export interface WorkerProgram {
  /** URL of the Dask worker main (job/dask-worker-main). */
  readonly main: string;
  readonly loader: string | undefined;
}

/** Where python/sluice_dask.py is: next to the library's root folder (src/ or dist/). */
const SCRIPT = fileURLToPath(libraryFile("../python/sluice_dask.py"));

export class DaskBridge {
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly waiting = new Map<number, (f: Frame) => void>();
  private dead: Error | undefined;
  private stderrTail = "";
  readonly ready: Promise<ClusterInfo>;

  constructor(readonly address: string, program: WorkerProgram) {
    const python = pythonCommand();
    this.child = spawn(python, [SCRIPT, "bridge"], { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stderr!.on("data", (d: Buffer) => {
      if (process.env.SLUICE_DEBUG_WORKERS === "1") process.stderr.write(d);
      this.stderrTail = (this.stderrTail + d.toString()).slice(-3000);
    });
    this.child.on("error", (e) => this.die(new Error(`cannot start ${python} for the Dask bridge: ${e.message}`)));
    this.child.on("exit", (code, signal) => this.die(new Error(`the Dask bridge (${python}) exited with ${signal ?? `code ${code}`}: ${this.stderrTail.trim().split("\n").slice(-5).join(" | ")}`)));
    this.child.stdin!.on("error", () => undefined);
    readFrames(this.child.stdout!, (f) => this.waiting.get(f.header.id as number)?.(f));
    this.idle();
    const node = process.execPath;
    const plugin = `sluice-node-${createHash("sha256").update(`${node}|${program.main}|${program.loader ?? ""}`).digest("hex").slice(0, 12)}`;
    const main = fileURLToPath(program.main);
    const timeout = Number(process.env.SLUICE_DASK_CONNECT_TIMEOUT) || 20; // seconds
    this.ready = this.call({ op: "hello", scheduler: address, timeout, node, main, loader: program.loader, plugin, env: {} }).then((f) => f.header as unknown as ClusterInfo);
  }

  private die(e: Error): void {
    if (this.dead) return;
    this.dead = e;
    for (const w of this.waiting.values()) w({ header: { error: e.message }, blobs: [] });
    this.waiting.clear();
    if (bridges.get(this.address) === this) bridges.delete(this.address);
  }

  /** Keeps this process alive only while a request waits. */
  private idle(): void {
    const on = this.waiting.size > 0;
    for (const h of [this.child, this.child.stdin, this.child.stdout, this.child.stderr] as ({ ref(): void; unref(): void } | null)[]) {
      if (!h) continue;
      if (on) h.ref();
      else h.unref();
    }
  }

  /** Sends a request; `onFrame` hears every reply frame with its id until it returns true. */
  private stream(header: Record<string, unknown>, blobs: readonly Uint8Array[], onFrame: (f: Frame) => boolean): void {
    if (this.dead) {
      onFrame({ header: { error: this.dead.message }, blobs: [] });
      return;
    }
    const id = this.nextId++;
    this.waiting.set(id, (f) => {
      if (onFrame(f) || f.header.error !== undefined) {
        this.waiting.delete(id);
        this.idle();
      }
    });
    this.idle();
    for (const b of frameBytes({ ...header, id }, blobs)) this.child.stdin!.write(b);
  }

  private call(header: Record<string, unknown>, blobs: readonly Uint8Array[] = []): Promise<Frame> {
    return new Promise((resolve, reject) => {
      this.stream(header, blobs, (f) => {
        if (f.header.error !== undefined) reject(new Error(`Dask cluster ${this.address}: ${String(f.header.error)}`));
        else resolve(f);
        return true;
      });
    });
  }

  /** Puts `blob` on a worker; its key names it in later submissions. */
  async scatter(blob: Uint8Array): Promise<string> {
    return (await this.call({ op: "scatter" }, [blob])).header.key as string;
  }

  /** Submits subtasks reading the action's context `ctx`; resolves with how each ended, in order. */
  submit(ctx: string, subtasks: readonly SubtaskSubmission[]): Promise<SubtaskEnd[]> {
    const ends: SubtaskEnd[] = [];
    let seen = 0;
    return new Promise((resolve, reject) => {
      if (subtasks.length === 0) return resolve(ends);
      this.stream({ op: "submit", ctx, subtasks: subtasks.map((s) => ({ key: s.key, label: s.label, deps: s.deps })) }, subtasks.map((s) => s.request), (f) => {
        const h = f.header;
        if (h.error !== undefined) {
          reject(new Error(`Dask cluster ${this.address}: ${String(h.error)}`));
          return true;
        }
        ends[h.index as number] = h.failed !== undefined ? { failed: String(h.failed) } : { meta: f.blobs[0]!, worker: String(h.worker) };
        if (++seen < subtasks.length) return false;
        resolve(ends);
        return true;
      });
    });
  }

  /** The parts, brought to the coordinator (for a task it runs itself). */
  async gather(deps: readonly PartRef[]): Promise<Uint8Array[]> {
    if (deps.length === 0) return [];
    return (await this.call({ op: "gather", deps })).blobs;
  }

  /** Runs an accumulator merge step on `worker` (where the subtask's accumulators live). */
  async merge(worker: string, request: Uint8Array): Promise<Uint8Array> {
    return (await this.call({ op: "merge", worker }, [request])).blobs[0]!;
  }

  /** Forgets the futures of one action (keys starting with `prefix`, and `keys`). */
  async release(prefix: string, keys: readonly string[] = []): Promise<void> {
    await this.call({ op: "release", prefix, keys });
  }

  /** Cancels the action's Dask tasks and kills the Node processes still running one of them. */
  async cancel(prefix: string): Promise<void> {
    await this.call({ op: "cancel", prefix });
  }

  /** Tells every worker's Node process that a run of the entry is over. */
  async closeRun(session: string, run: number): Promise<void> {
    await this.call({ op: "close_run", session, run });
  }

  /** Pids of the Node processes, by worker address (for tests and diagnostics). */
  async nodePids(): Promise<Record<string, number | null>> {
    return (await this.call({ op: "pids" })).header.pids as Record<string, number | null>;
  }
}

const bridges = new Map<string, DaskBridge>();

/** The process's bridge to the scheduler at `address`, connected (started on first use). */
export async function daskBridge(address: string, program: WorkerProgram): Promise<DaskBridge> {
  let b = bridges.get(address);
  if (!b) bridges.set(address, (b = new DaskBridge(address, program)));
  try {
    await b.ready;
  } catch (e) {
    if (bridges.get(address) === b) bridges.delete(address);
    throw e;
  }
  return b;
}

/** The Python with distributed: SLUICE_PYTHON, else Debian's /usr/bin/python3 where it exists, else python3 on the PATH. */
export function pythonCommand(): string {
  if (process.env.SLUICE_PYTHON) return process.env.SLUICE_PYTHON;
  return existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}
