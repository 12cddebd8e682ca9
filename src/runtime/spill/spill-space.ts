/**
 * One spill directory per job (Flink's IOManager temp directories): created on the first spill,
 * inside the spill root, named `sluice-spill-<pid>-<random>`, and removed when the job ends,
 * whatever way it ends. A process killed meanwhile cannot remove its directory, so creating one
 * first removes the directories of processes that no longer run.
 */
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";

const PREFIX = "sluice-spill-";

/** @internal Spill files this thread created, by kind (for tests and benchmarks). */
export const SPILL_STATS = { files: 0, byKind: new Map<string, number>() };

export class SpillSpace {
  private dir: string | undefined;
  private files = 0;

  constructor(readonly root: string) {}

  /** A fresh file path in the job's directory (created, with stale directories removed, on first use). */
  newFile(kind: string): string {
    if (this.dir === undefined) {
      removeStaleSpillDirectories(this.root);
      const dir = join(this.root, `${PREFIX}${process.pid}-${randomBytes(6).toString("hex")}`);
      mkdirSync(dir, { recursive: true });
      this.dir = dir;
    }
    SPILL_STATS.files++;
    const k = kind.split("-")[0]!;
    SPILL_STATS.byKind.set(k, (SPILL_STATS.byKind.get(k) ?? 0) + 1);
    return join(this.dir, `${kind}-${++this.files}.spill`);
  }

  /** The directory, if anything spilled. */
  get directory(): string | undefined {
    return this.dir;
  }

  /** Removes the directory and every file in it. */
  dispose(): void {
    if (this.dir === undefined) return;
    rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}

/** Removes the spill directories under `root` whose process is gone (killed before it could clean up). */
export function removeStaleSpillDirectories(root: string): string[] {
  let names: string[];
  try {
    names = readdirSync(root);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(PREFIX)) continue;
    const pid = Number(name.slice(PREFIX.length).split("-")[0]);
    if (!Number.isInteger(pid) || pid <= 0 || isAlive(pid)) continue;
    rmSync(join(root, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isAlive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== "ESRCH";
  }
}
