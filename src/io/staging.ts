/**
 * Staging directories of file sinks outlive nothing (issue 13): each is named after its writer
 * (`.<name>.sluice-staging-<host>-<pid>-XXXXXX`, with an `owner.json` naming the target), so
 * - this process removes its live ones on `process.exit` and on SIGINT/SIGTERM/SIGHUP (then
 *   re-raises the signal, so the program ends as it would have; a program that handles the signal
 *   itself keeps its behaviour, and its later exit cleans up);
 * - a later job writing into the same directory removes those of processes that are gone (a
 *   SIGKILL, an out-of-memory abort), first restoring an old output a killed OVERWRITE commit had
 *   moved aside (`previous`) when the target is missing.
 */
import { existsSync, renameSync, rmSync } from "node:fs";
import { readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { hostname } from "node:os";
import { basename, join } from "node:path";
import { isMainThread } from "node:worker_threads";

const TAG = ".sluice-staging-";
const HOST = hostname().replace(/[^A-Za-z0-9.]/g, "_") || "host";
/** Inside a staging directory: the new output, the old output moved aside, the owner. */
export const STAGED_OUT = "out";
export const ASIDE = "previous";
const OWNER = "owner.json";

/** Staging directories of this process not yet committed or dropped, by path → target. */
const live = new Map<string, string>();

/** The mkdtemp prefix of a staging directory for `target` made in `anchor`. */
export function stagingPrefix(anchor: string, target: string): string {
  return join(anchor, `.${basename(target)}${TAG}${HOST}-${process.pid}-`);
}

/** Marks `staging` as this process's (removed on exit or a signal until `untrack`). */
export async function track(staging: string, target: string): Promise<void> {
  live.set(staging, target);
  if (live.size === 1) installHooks();
  await writeFile(join(staging, OWNER), JSON.stringify({ pid: process.pid, host: HOST, target, started: new Date().toISOString() }));
}

/** Removes a staging directory and forgets it. */
export async function discard(staging: string): Promise<void> {
  await rm(staging, { recursive: true, force: true, maxRetries: 3 });
  live.delete(staging);
  if (live.size === 0) removeHooks();
}

/** Removes the staging directories in `dir` left by processes of this host that are gone. */
export async function removeStale(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const owner = ownerOf(name);
    if (owner === undefined || owner.host !== HOST || owner.pid === process.pid || alive(owner.pid)) continue;
    const staging = join(dir, name);
    try {
      const target = (JSON.parse(await readFile(join(staging, OWNER), "utf8")) as { target?: unknown }).target;
      if (typeof target === "string" && existsSync(join(staging, ASIDE)) && !existsSync(target)) await rename(join(staging, ASIDE), target);
    } catch {
      // No owner file (killed before writing it) or nothing to restore.
    }
    await rm(staging, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** The writer a staging directory's name records. @internal */
export function ownerOf(name: string): { host: string; pid: number } | undefined {
  const i = name.indexOf(TAG);
  if (!name.startsWith(".") || i < 0) return undefined;
  const m = /^(.+)-(\d+)-[^-]+$/.exec(name.slice(i + TAG.length));
  return m ? { host: m[1]!, pid: Number(m[2]) } : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}

/** Test hook: `SLUICE_TEST_COMMIT_PAUSE=<phase>` stops the process for good at that commit phase. @internal */
export async function pausePoint(phase: "commit" | "aside"): Promise<void> {
  if (process.env.SLUICE_TEST_COMMIT_PAUSE !== phase) return;
  process.stderr.write(`sluice: paused at commit phase '${phase}'\n`);
  await new Promise(() => setInterval(() => undefined, 1 << 30));
}

/** Synchronous clean-up of every live staging directory (restoring an old output moved aside). */
function cleanUpSync(): void {
  for (const [staging, target] of live) {
    try {
      if (existsSync(join(staging, ASIDE)) && !existsSync(target)) renameSync(join(staging, ASIDE), target);
    } catch {
      // Best effort: a later job restores it (removeStale).
    }
    rmSync(staging, { recursive: true, force: true });
  }
  live.clear();
}

const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function onSignal(signal: NodeJS.Signals): void {
  // The program handles this signal itself: leave its behaviour alone (its exit cleans up).
  if (process.listenerCount(signal) > 1) return;
  cleanUpSync();
  removeHooks();
  process.kill(process.pid, signal);
}

function installHooks(): void {
  process.on("exit", cleanUpSync);
  if (isMainThread) for (const s of SIGNALS) process.on(s, onSignal);
}

function removeHooks(): void {
  process.off("exit", cleanUpSync);
  for (const s of SIGNALS) process.off(s, onSignal);
}
