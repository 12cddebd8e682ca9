/**
 * Atomic output of file sinks. Before the job, `prepareOutput` checks the path against the write
 * mode (NO_OVERWRITE fails on an existing path) and makes a hidden staging directory in the
 * nearest existing ancestor of the path (same file system, so commit is a rename). Subtasks write
 * `staging/out` (parallelism 1: a file) or `staging/out/1..p` (a directory), as Flink's paths.
 * After the whole job succeeded `commitOutput` moves the old path aside, renames the new output in
 * and deletes the old one (restoring it if the rename fails); after a failure `abortOutput` deletes
 * the staging directory, so neither a partial output nor a temporary file is left behind.
 */
import { access, constants, lstat, mkdir, mkdtemp, rename, rm, stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { WriteMode } from "../common/enums.js";
import { FileSystemError, fsError } from "./io-errors.js";

/** Output paths staged by running jobs: two sinks must not write the same path. */
const stagedTargets = new Map<string, string>();

/** Where subtask `taskNumber` (0-based) of `numTasks` writes inside `staging`. */
export function stagedFile(staging: string, taskNumber: number, numTasks: number): string {
  return numTasks > 1 ? join(staging, "out", String(taskNumber + 1)) : join(staging, "out");
}

/** Where subtask `taskNumber` writes when there is no staging (format used without the job hooks). */
export function directFile(path: string, taskNumber: number, numTasks: number): string {
  return numTasks > 1 ? join(path, String(taskNumber + 1)) : path;
}

/** Checks the path and makes the staging directory; returns it. */
export async function prepareOutput(path: string, mode: WriteMode, parallelism: number): Promise<string> {
  const target = resolve(path);
  if (mode !== WriteMode.NO_OVERWRITE && mode !== WriteMode.OVERWRITE) throw new FileSystemError(`Cannot write '${path}': unknown write mode ${String(mode)}`, path);
  if (stagedTargets.has(target)) throw new FileSystemError(`Output path '${path}' is already being written by another sink of a running job`, path);
  if ((await exists(target)) && mode === WriteMode.NO_OVERWRITE) throw existsError(path);
  if (target === dirname(target)) throw new FileSystemError(`Cannot write output to '${path}': it is the root directory`, path);
  const anchor = await nearestExistingDirectory(dirname(target), path);
  try {
    await access(anchor, constants.W_OK);
  } catch (e) {
    throw fsError(`write output '${path}' into`, anchor, e);
  }
  let staging: string;
  try {
    staging = await mkdtemp(join(anchor, `.${basename(target)}.sluice-staging-`));
    if (parallelism > 1) await mkdir(join(staging, "out"));
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
  const old = join(staging, "previous");
  let movedOld = false;
  try {
    await mkdir(dirname(target), { recursive: true });
    if (await exists(target)) {
      if (mode === WriteMode.NO_OVERWRITE) throw existsError(path);
      await rename(target, old);
      movedOld = true;
    }
    await rename(join(staging, "out"), target);
  } catch (e) {
    if (movedOld) await rename(old, target).catch(() => undefined);
    throw e instanceof FileSystemError ? e : fsError("commit output to", path, e);
  }
  await rm(staging, { recursive: true, force: true });
}

/** Drops everything a failed job staged. */
export async function abortOutput(staging: string): Promise<void> {
  for (const [target, s] of stagedTargets) if (s === staging) stagedTargets.delete(target);
  await rm(staging, { recursive: true, force: true });
}

function existsError(path: string): FileSystemError {
  return new FileSystemError(
    `Output path '${path}' already exists. WriteMode.NO_OVERWRITE (the default) never replaces existing output; use WriteMode.OVERWRITE to replace it.`,
    path,
  );
}

async function exists(p: string): Promise<boolean> {
  try {
    await lstat(p);
    return true;
  } catch (e) {
    if ((e as { code?: string }).code === "ENOENT") return false;
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
