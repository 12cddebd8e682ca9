/**
 * Java's `hashCode()` for the key types API.md names, so keyed exchanges route as Flink does:
 * strings as `String.hashCode`, integral numbers in the int range as `Integer`, other integral
 * numbers and bigints as `Long`, other numbers as `Double`, booleans as `Boolean`, arrays as
 * Flink's `TupleN.hashCode` (31 * result + field), Dates as `java.util.Date`. An object with its
 * own `hashCode()` method uses it (a POJO key).
 */
import { encodeKeyPart } from "../../common/keys.js";

const TWO_32 = 4294967296;
const scratch = new DataView(new ArrayBuffer(8));

/** Java's `hashCode()` of a key value (a signed 32-bit integer). */
export function javaHashCode(v: unknown): number {
  switch (typeof v) {
    case "string":
      return stringHashCode(v);
    case "number":
      return numberHashCode(v);
    case "bigint":
      return longHashCode(v);
    case "boolean":
      return v ? 1231 : 1237;
    case "object":
      return objectHashCode(v);
    default:
      return stringHashCode(String(v));
  }
}

/** `String.hashCode`: s[0]*31^(n-1) + ... + s[n-1], over UTF-16 code units. */
export function stringHashCode(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(31, h) + s.charCodeAt(i)) | 0;
  return h;
}

function numberHashCode(n: number): number {
  if (Number.isInteger(n)) {
    if (n >= -2147483648 && n <= 2147483647) return n | 0; // Integer.hashCode
    if (Number.isSafeInteger(n)) return safeLongHashCode(n);
    return longHashCode(BigInt(n));
  }
  return doubleHashCode(n);
}

// Long.hashCode = (int)(v ^ (v >>> 32)) without BigInt for safe integers.
function safeLongHashCode(n: number): number {
  const hi = Math.floor(n / TWO_32);
  const lo = n - hi * TWO_32;
  return (lo ^ hi) | 0;
}

/** `Long.hashCode` of a bigint taken as a 64-bit two's-complement long. */
export function longHashCode(v: bigint): number {
  const u = BigInt.asUintN(64, v);
  return Number(BigInt.asIntN(32, u ^ (u >> 32n)));
}

/** `Double.hashCode`: the two halves of `doubleToLongBits` (NaN canonical) xor-ed. */
export function doubleHashCode(d: number): number {
  scratch.setFloat64(0, Number.isNaN(d) ? NaN : d);
  return (scratch.getInt32(0) ^ scratch.getInt32(4)) | 0;
}

function objectHashCode(v: object | null): number {
  if (v === null) return 0;
  if (Array.isArray(v)) {
    // Flink's TupleN.hashCode: result = f0.hashCode(); result = 31 * result + fi.hashCode() ...
    let h = 0;
    for (let i = 0; i < v.length; i++) {
      const f = v[i] as unknown;
      const fh = f === null || f === undefined ? 0 : javaHashCode(f);
      h = i === 0 ? fh : (Math.imul(31, h) + fh) | 0;
    }
    return h;
  }
  if (v instanceof Date) return safeLongHashCode(v.getTime());
  const own = (v as { hashCode?: unknown }).hashCode;
  if (typeof own === "function") return (own.call(v) as number) | 0;
  return stringHashCode(encodeKeyPart(v, "keyBy", v));
}
