/**
 * A typed spill layout for batches of tuples of one shape (the "typed layout for tuples of
 * known shape"): every record a plain array of the same length whose fields are, position by
 * position, always numbers or always strings. Numbers go into one Float64Array (NaN, -0 and the
 * infinities survive), strings into one UTF-8 block with their byte lengths. Checking a batch
 * costs a typeof per field, against the general codec's walk of every value (codec.ts classify)
 * and msgpackr's per-value encoding. A batch of any other shape returns undefined (the general
 * codec takes it).
 *
 * Layout: [u8 fields | 0x80 every string ASCII | 0x40 every string short][u8 kind per field: 0 number, 1 string][pad to 8]
 *         [f64 x records x numberFields][u32 x records x stringFields byte lengths][UTF-8 bytes]
 */

const MAX_FIELDS = 32;
/** Strings shorter than this are flat copies when sliced from another (V8's SlicedString::kMinLength). */
const SHORT = 13;
/** Flag in the first byte: every string is shorter than SHORT (decoded at once and sliced apart). */
const SHORT_ONLY = 0x40;
const WIDTH = 0x3f;
/** Flag in the first byte: every string is ASCII (one byte per character). */
const ASCII = 0x80;
const NUM = 0;
const STR = 1;

/** The batch in the tuple layout, or undefined when its records are not tuples of one shape. */
export function encodeTuples(records: readonly unknown[]): Uint8Array | undefined {
  const n = records.length;
  const first = records[0];
  if (n === 0 || !Array.isArray(first) || Object.getPrototypeOf(first) !== Array.prototype) return undefined;
  const width = first.length;
  if (width === 0 || width > MAX_FIELDS) return undefined;
  const kinds: number[] = [];
  let nums = 0;
  for (let f = 0; f < width; f++) {
    const t = typeof first[f];
    if (t === "number") {
      kinds.push(NUM);
      nums++;
    } else if (t === "string") {
      kinds.push(STR);
    } else {
      return undefined;
    }
  }
  const strs = width - nums;
  const numbers = new Float64Array(n * nums);
  const lengths = new Uint32Array(n * strs);
  const texts: string[] = [];
  let ni = 0;
  let si = 0;
  let textBytes = 0;
  let textChars = 0;
  let longest = 0;
  for (let i = 0; i < n; i++) {
    const r = records[i] as unknown[];
    if (!Array.isArray(r) || r.length !== width || Object.getPrototypeOf(r) !== Array.prototype) return undefined;
    for (let f = 0; f < width; f++) {
      const v = r[f];
      if (kinds[f] === NUM) {
        if (typeof v !== "number") return undefined;
        numbers[ni++] = v;
      } else {
        if (typeof v !== "string") return undefined;
        const len = Buffer.byteLength(v, "utf8");
        lengths[si++] = len;
        textChars += v.length;
        if (len > longest) longest = len;
        textBytes += len;
        texts.push(v);
      }
    }
  }
  const head = align8(1 + width);
  const out = new Uint8Array(head + numbers.byteLength + lengths.byteLength + textBytes);
  out[0] = width | (textBytes === textChars ? ASCII : 0) | (longest < SHORT ? SHORT_ONLY : 0);
  for (let f = 0; f < width; f++) out[1 + f] = kinds[f]!;
  out.set(new Uint8Array(numbers.buffer), head);
  out.set(new Uint8Array(lengths.buffer), head + numbers.byteLength);
  if (textBytes > 0) {
    const text = Buffer.from(out.buffer, out.byteOffset + head + numbers.byteLength + lengths.byteLength, textBytes);
    text.write(texts.join(""), 0, "utf8");
  }
  return out;
}

/** The records of a batch in the tuple layout (`count` of them). */
export function decodeTuples(bytes: Uint8Array, count: number): unknown[][] {
  const width = bytes[0]! & WIDTH;
  const ascii = (bytes[0]! & ASCII) !== 0;
  const kinds = bytes.subarray(1, 1 + width);
  let nums = 0;
  for (let f = 0; f < width; f++) if (kinds[f] === NUM) nums++;
  const strs = width - nums;
  const head = align8(1 + width);
  // Copied into aligned arrays: the frame may sit at any offset of its buffer.
  const numbers = new Float64Array(count * nums);
  new Uint8Array(numbers.buffer).set(bytes.subarray(head, head + numbers.byteLength));
  const lengths = new Uint32Array(count * strs);
  const lengthsAt = head + numbers.byteLength;
  new Uint8Array(lengths.buffer).set(bytes.subarray(lengthsAt, lengthsAt + lengths.byteLength));
  const text = Buffer.from(bytes.buffer, bytes.byteOffset + lengthsAt + lengths.byteLength, bytes.byteLength - lengthsAt - lengths.byteLength);
  // ASCII strings all shorter than V8's sliced strings (13): one decode, then copies of its parts.
  const whole = ascii && (bytes[0]! & SHORT_ONLY) !== 0 ? text.toString("latin1") : undefined;
  const out: unknown[][] = new Array(count);
  const str = (len: number, at: number): string => (whole !== undefined ? whole.slice(at, at + len) : text.toString("utf8", at, at + len));
  if (width === 2 && kinds[0] === NUM) {
    // The common pairs, built as literals (packed, no growth).
    if (kinds[1] === NUM) for (let i = 0; i < count; i++) out[i] = [numbers[2 * i], numbers[2 * i + 1]];
    else for (let i = 0, at = 0; i < count; i++) {
      const len = lengths[i]!;
      out[i] = [numbers[i], str(len, at)];
      at += len;
    }
    return out;
  }
  let ni = 0;
  let si = 0;
  let at = 0;
  for (let i = 0; i < count; i++) {
    // Built by push: a packed array, as the records were.
    const r: unknown[] = [];
    for (let f = 0; f < width; f++) {
      if (kinds[f] === NUM) {
        r.push(numbers[ni++]);
      } else {
        const len = lengths[si++]!;
        r.push(whole !== undefined ? whole.slice(at, at + len) : text.toString("utf8", at, at + len));
        at += len;
      }
    }
    out[i] = r;
  }
  return out;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}
