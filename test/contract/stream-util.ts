/** Helpers for the DataStream contract tests: an independent Java hashCode + Flink key-group reference, a loopback socket server. */
import { openServer, type TestServer } from "../streaming/stream-helpers.js";

/** Java's String.hashCode over UTF-16 code units. */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/** Java's Long.hashCode. */
export function javaLongHash(v: bigint): number {
  const u = BigInt.asUintN(64, v);
  return Number(BigInt.asIntN(32, u ^ (u >> 32n)));
}

/** Java's Double.hashCode (doubleToLongBits; NaN canonical). */
export function javaDoubleHash(d: number): number {
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, Number.isNaN(d) ? NaN : d);
  return javaLongHash(buf.getBigInt64(0));
}

/** hashCode of a key as API.md maps JS values to Java types. */
export function javaHash(key: unknown): number {
  if (typeof key === "string") return javaStringHash(key);
  if (typeof key === "boolean") return key ? 1231 : 1237;
  if (typeof key === "bigint") return javaLongHash(key);
  if (typeof key === "number") {
    if (Number.isInteger(key) && key >= -2147483648 && key <= 2147483647) return key | 0;
    if (Number.isInteger(key)) return javaLongHash(BigInt(key));
    return javaDoubleHash(key);
  }
  if (Array.isArray(key)) {
    // Flink's TupleN.hashCode: result = 31 * result + field.hashCode(), starting from f0's hash.
    let h = 0;
    key.forEach((f, i) => { const fh = f === null || f === undefined ? 0 : javaHash(f); h = i === 0 ? fh : (Math.imul(31, h) + fh) | 0; });
    return h;
  }
  throw new Error(`no Java hash for ${String(key)}`);
}

/** Flink's MathUtils.murmurHash(int). */
export function flinkMurmur(code: number): number {
  let c = Math.imul(code, 0xcc9e2d51);
  c = (c << 15) | (c >>> 17);
  c = Math.imul(c, 0x1b873593);
  c = (c << 13) | (c >>> 19);
  c = (Math.imul(c, 5) + 0xe6546b64) | 0;
  c ^= 4;
  c ^= c >>> 16;
  c = Math.imul(c, 0x85ebca6b);
  c ^= c >>> 13;
  c = Math.imul(c, 0xc2b2ae35);
  c ^= c >>> 16;
  if (c >= 0) return c;
  return c !== -2147483648 ? -c : 0;
}

/** The subtask Flink routes `key` to: keyGroup = murmur(hashCode) % 128, subtask = keyGroup * p / 128. */
export function flinkSubtask(key: unknown, p: number, maxParallelism = 128): number {
  const group = flinkMurmur(javaHash(key)) % maxParallelism;
  return Math.floor((group * p) / maxParallelism);
}

/** A loopback TCP server accepting one client (the streaming tests' server). */
export type LineServer = TestServer;
export const lineServer = openServer;

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Waits until `cond()` holds, polling; fails after `ms`. */
export async function waitFor(cond: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await sleep(5);
  }
}
