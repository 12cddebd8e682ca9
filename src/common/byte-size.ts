/**
 * Byte sizes as users write them: a number of bytes, or text such as "512mb", "1.5 GiB", "800k"
 * (k/m/g/t, optional "i" and "b", any case; powers of 1024).
 */
import { InvalidProgramException } from "./errors.js";

const UNITS: Record<string, number> = { "": 1, k: 2 ** 10, m: 2 ** 20, g: 2 ** 30, t: 2 ** 40 };

/**
 * Reads a byte size; `who` leads the error message.
 * @example parseByteSize("512mb", "setMemoryBudget") // 536870912
 */
export function parseByteSize(value: number | string, who: string): number {
  if (typeof value === "number") {
    if (Number.isFinite(value) && value > 0) return Math.floor(value);
  } else {
    const m = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(value);
    if (m) {
      const bytes = Math.floor(Number(m[1]) * UNITS[m[2]!.toLowerCase()]!);
      if (bytes > 0) return bytes;
    }
  }
  throw new InvalidProgramException(`${who}: a memory size is a positive number of bytes or text like "512mb" or "2gb", got ${JSON.stringify(value)}`);
}

/** "512 MiB", "1.5 GiB", "800 KiB": for messages. */
export function formatBytes(bytes: number): string {
  const units = ["bytes", "KiB", "MiB", "GiB", "TiB"];
  let v = bytes;
  let i = 0;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} bytes` : `${v >= 100 ? Math.round(v) : Math.round(v * 10) / 10} ${units[i]}`;
}
