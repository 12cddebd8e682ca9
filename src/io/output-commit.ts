/**
 * Atomic output of file sinks. Before the job, `prepareOutput` checks the path against the write
 * mode (NO_OVERWRITE fails on an existing path; OVERWRITE refuses device nodes and other special
 * files, the root, the current directory and its ancestors), removes staging left by dead
 * processes (staging.ts) and makes a hidden staging directory in the nearest existing ancestor of
 * the path (same file system, so commit is a rename). Subtasks write `staging/out` (parallelism 1:
 * a file) or `staging/out/1..p` (a directory), as Flink's paths. After the whole job succeeded
 * `commitOutput` moves the output into place: a file replacing a file is one atomic rename;
 * otherwise the old path moves aside into the staging directory, the new one is renamed in and the
 * old one deleted, and a kill between the two renames is repaired by the next job (or the exit
 * hook), which restores the old output. Every failure, at commit time too, removes the staging
 * directory, so neither a partial output nor a temporary file is left behind.
 */
import { access, constants, link, lstat, mkdir, mkdtemp, rename, stat, unlink } from "node:fs/promises";
import type { Stats } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { WriteMode } from "../common/enums.js";
import { FileSystemError, fsError } from "./io-errors.js";
import { ASIDE, STAGED_OUT, discard, pausePoint, removeStale, stagingPrefix, track } from "./staging.js";

/** Output paths staged by running jobs: two sinks must not write the same path. */
const stagedTargets = new Map<string, string>();

/** Where subtask `taskNumber` (0-based) of `numTasks` writes inside `staging`. */
export function stagedFile(staging: string, taskNumber: number, numTasks: number): string {
  return numTasks > 1 ? join(staging, STAGED_OUT, String(taskNumber + 1)) : join(staging, STAGED_OUT);
}

/** Where subtask `taskNumber` writes when there is no staging (format used without the job hooks). */
export function directFile(path: string, taskNumber: number, numTasks: number): string {
  return numTasks > 1 ? join(path, String(taskNumber + 1)) : path;
}

/** Checks the path and makes the staging directory; returns it. */
export async function prepareOutput(path: string, mode: WriteMode, parallelism: number): Promise<string> {
  const target = resolve(path);
  if (mode !== WriteMode.NO_OVERWRITE && mode !== WriteMode.OVERWRITE)
    throw new FileSystemError(`Cannot write '${path}': unknown write mode ${String(mode)}`, path);
  if (stagedTargets.has(target)) throw new FileSystemError(`Output path '${path}' is already being written by another sink of a running job`, path);
  if (target === dirname(target)) throw new FileSystemError(`Cannot write output to '${path}': it is the root directory`, path);
  if (holdsWorkingDirectory(target))
    throw new FileSystemError(`Cannot write output to '${path}': it is the current working directory or one of its ancestors`, path);
  const anchor = await nearestExistingDirectory(dirname(target), path);
  await removeStale(anchor);
  const existing = await lstatOf(target);
  if (existing && mode === WriteMode.NO_OVERWRITE) throw existsError(path);
  if (existing) checkReplaceable(existing, path);
  try {
    await access(anchor, constants.W_OK);
  } catch (e) {
    throw fsError(`write output '${path}' into`, anchor, e);
  }
  let staging: string;
  try {
    staging = await mkdtemp(stagingPrefix(anchor, target));
    await track(staging, target);
    if (parallelism > 1) await mkdir(join(staging, STAGED_OUT));
  } catch (e) {
    throw fsError("create a staging directory for output", path, e);
  }
  stagedTargets.set(target, staging);
  return staging;
}

/** Moves the staged output into place (replacing an existing path under OVERWRITE). */
export async function commitOutput(staging: string, path: string, mode: WriteMode): Promise<void> {
  const target = resolve(path);
  stagedTargets.delete(target);
  const out = join(staging, STAGED_OUT);
  try {
    await pausePoint("commit");
    await mkdir(dirname(target), { recursive: true });
    const existing = await lstatOf(target);
    const outIsFile = (await lstat(out)).isFile();
    if (existing && mode === WriteMode.NO_OVERWRITE) throw existsError(path);
    if (!existing) {
      // A file is linked, which fails if the target appeared meanwhile (rename would replace it).
      if (outIsFile && mode === WriteMode.NO_OVERWRITE) await link(out, target).then(() => unlink(out));
      else await rename(out, target);
    } else {
      checkReplaceable(existing, path);
      if (outIsFile && !existing.isDirectory()) await rename(out, target);
      else await swapIn(out, target, join(staging, ASIDE));
    }
  } catch (e) {
    await discard(staging).catch(() => undefined);
    if (e instanceof FileSystemError) throw e;
    if ((e as { code?: string }).code === "EEXIST") throw existsError(path);
    throw fsError("commit output to", path, e);
  }
  await discard(staging);
}

/** Replaces `target` by `out`, keeping the old one at `aside` until the new one is in place. */
async function swapIn(out: string, target: string, aside: string): Promise<void> {
  await rename(target, aside);
  await pausePoint("aside");
  try {
    await rename(out, target);
  } catch (e) {
    await rename(aside, target).catch(() => undefined);
    throw e;
  }
}

/** Drops everything a failed job staged. */
export async function abortOutput(staging: string): Promise<void> {
  for (const [target, s] of stagedTargets) if (s === staging) stagedTargets.delete(target);
  await discard(staging);
}

/** OVERWRITE replaces files, directories and links only (never a device, FIFO or socket). */
function checkReplaceable(st: Stats, path: string): void {
  if (st.isFile() || st.isDirectory() || st.isSymbolicLink()) return;
  const kind = st.isCharacterDevice() || st.isBlockDevice() ? "a device node" : st.isFIFO() ? "a named pipe" : st.isSocket() ? "a socket" : "a special file";
  throw new FileSystemError(`Cannot write output to '${path}': it is ${kind}, and WriteMode.OVERWRITE replaces only regular files and directories`, path);
}

function holdsWorkingDirectory(target: string): boolean {
  const rel = relative(target, process.cwd());
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}

function existsError(path: string): FileSystemError {
  return new FileSystemError(
    `Output path '${path}' already exists. WriteMode.NO_OVERWRITE (the default) never replaces existing output; use WriteMode.OVERWRITE to replace it.`,
    path,
  );
}

async function lstatOf(p: string): Promise<Stats | undefined> {
  try {
    return await lstat(p);
  } catch (e) {
    if ((e as { code?: string }).code === "ENOENT") return undefined;
    throw fsError("check output path", p, e);
  }
}

async function nearestExistingDirectory(dir: string, path: string): Promise<string> {
  for (let d = dir; ; d = dirname(d)) {
    try {
      const st = await stat(d);
      if (!st.isDirectory()) throw new FileSystemError(`Cannot write output to '${path}': '${d}' is not a directory`, path);
      return d;
    } catch (e) {
      if (e instanceof FileSystemError) throw e;
      if ((e as { code?: string }).code !== "ENOENT" || d === dirname(d)) throw fsError("write output", path, e);
    }
  }
}
