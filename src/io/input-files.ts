/**
 * Finds the files a file source reads (Flink's FileInputFormat file enumeration): a file path is
 * itself; a directory gives its files, skipping names that start with `.` or `_` (hidden files,
 * `_SUCCESS` markers, in-progress output) and, unless nested enumeration is on, subdirectories.
 */
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { fsError } from "./io-errors.js";

export interface InputFile {
  readonly path: string;
  readonly size: number;
  /** Modification time when the files were listed (ms, fractional): a later change is detected. */
  readonly mtimeMs?: number;
}

/** Whether a directory entry is data (Flink's FileInputFormat.acceptFile). */
export function acceptFileName(name: string): boolean {
  return !name.startsWith(".") && !name.startsWith("_");
}

/** The files under `path`, sorted by path so splits are numbered the same on every run. */
export async function listInputFiles(path: string, nested: boolean): Promise<InputFile[]> {
  let st;
  try {
    st = await stat(path);
  } catch (e) {
    throw fsError("read input", path, e);
  }
  if (!st.isDirectory()) return [{ path, size: st.size, mtimeMs: st.mtimeMs }];
  const out: InputFile[] = [];
  await addDirectory(path, nested, out);
  return out.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

async function addDirectory(dir: string, nested: boolean, out: InputFile[]): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (e) {
    throw fsError("list input directory", dir, e);
  }
  for (const name of names) {
    if (!acceptFileName(name)) continue;
    const p = join(dir, name);
    let st;
    try {
      st = await stat(p);
    } catch (e) {
      throw fsError("read input", p, e);
    }
    if (st.isDirectory()) {
      if (nested) await addDirectory(p, nested, out);
    } else out.push({ path: p, size: st.size, mtimeMs: st.mtimeMs });
  }
}
