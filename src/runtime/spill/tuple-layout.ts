/**
 * A typed spill layout for batches of tuples of one shape (the "typed layout for tuples of
 * known shape"): every record a plain array of the same length whose fields are, position by
 * position, always numbers, always strings, or always a plain array of one length of such (one
 * level deep: the (key, record) entries of the keyed spills, keyed-spill.ts). Numbers go into one
 * Float64Array (NaN, -0 and the infinities survive), strings into one UTF-8 block with their byte
 * lengths. Checking a batch costs a typeof per field, against the general codec's walk of every
 * value (codec.ts classify) and msgpackr's per-value encoding. A batch of any other shape returns
 * undefined (the general codec takes it).
 *
 * Layout: [u8 fields | 0x80 every string ASCII | 0x40 every string short][u8 per field: 0 number,
 *         1 string, 0x20 | n a nested tuple of n leaves, then n bytes 0 or 1][pad to 8]
 *         [f64 x records x numberLeaves][u32 x records x stringLeaves byte lengths][UTF-8 bytes]
 */

/** Leaves of a record at most (its fields, a nested tuple's fields counted one by one). */
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
/** A field byte with this flag: a nested tuple, its leaf count in the low bits. */
const NEST = 0x20;
const NEST_WIDTH = 0x1f;

function isTuple(v: unknown): v is unknown[] {
  return Array.isArray(v) && Object.getPrototypeOf(v) === Array.prototype;
}

function leafKind(v: unknown): number {
  const t = typeof v;
  return t === "number" ? NUM : t === "string" ? STR : -1;
}

/** The batch in the tuple layout, or undefined when its records are not tuples of one shape. */
export function encodeTuples(records: readonly unknown[]): Uint8Array | undefined {
  const n = records.length;
  const first = records[0];
  if (n === 0 || !isTuple(first)) return undefined;
  const width = first.length;
  if (width === 0 || width > MAX_FIELDS) return undefined;
  // Per field: -1 a leaf, else the nested tuple's width; the field bytes of the header.
  const nested: number[] = [];
  const header: number[] = [];
  let leaves = 0;
  for (let f = 0; f < width; f++) {
    const v = first[f];
    if (!isTuple(v)) {
      nested.push(-1);
      header.push(leafKind(v));
      leaves++;
      continue;
    }
    if (v.length === 0 || v.length > NEST_WIDTH) return undefined;
    nested.push(v.length);
    header.push(NEST | v.length);
    for (const x of v) header.push(leafKind(x));
    leaves += v.length;
  }
  if (leaves > MAX_FIELDS || header.includes(-1)) return undefined;
  // No nested tuple (a nested one-field tuple also leaves leaves === width).
  if (nested.every((w) => w < 0)) return encodeFlat(records, width, header);
  // A keyed spill's (number, [number x w]) entries: straight into the frame, no flattened array.
  if (width === 2 && nested[0] === -1 && nested[1]! > 0 && header.every((d, i) => i === 1 || d === NUM)) return encodeKeyedNumbers(records, nested[1]!);
  // Nested: the records' leaves in record order, flattened into one array, then encoded flat under the nested header.
  const flat: unknown[] = new Array(n * leaves);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const r = records[i];
    if (!isTuple(r) || r.length !== width) return undefined;
    for (let f = 0; f < width; f++) {
      const inner = nested[f]!;
      const v = r[f];
      if (inner < 0) {
        flat[at++] = v;
        continue;
      }
      if (!isTuple(v) || v.length !== inner) return undefined;
      for (let g = 0; g < inner; g++) flat[at++] = v[g];
    }
  }
  return encodeFlat(flat, leaves, header, n);
}

/**
 * Tuples of `width` leaves whose kinds are the non-nesting bytes of `header` (in order), under
 * that header; undefined when a record does not have that shape. With `count`, `records` is
 * `count` records' leaves one after another (nested records flattened, no array per record).
 */
function encodeFlat(records: readonly unknown[], width: number, header: readonly number[], count = -1): Uint8Array | undefined {
  const leafList = count >= 0;
  const n = leafList ? count : records.length;
  const kinds = header.filter((d) => (d & NEST) === 0);
  let nums = 0;
  for (const k of kinds) if (k === NUM) nums++;
  const strs = width - nums;
  const numbers = new Float64Array(n * nums);
  const lengths = new Uint32Array(n * strs);
  const texts: string[] = new Array(n * strs);
  let ni = 0;
  let si = 0;
  let textChars = 0;
  let longest = 0;
  for (let i = 0; i < n; i++) {
    const r = (leafList ? records : records[i]) as unknown[];
    if (!leafList && (!Array.isArray(r) || r.length !== width || Object.getPrototypeOf(r) !== Array.prototype)) return undefined;
    const base = leafList ? i * width : 0;
    for (let f = 0; f < width; f++) {
      const v = r[base + f];
      if (kinds[f] === NUM) {
        if (typeof v !== "number") return undefined;
        numbers[ni++] = v;
      } else {
        if (typeof v !== "string") return undefined;
        // Char counts for now: they are the byte lengths when every string is ASCII, checked once below.
        const len = v.length;
        lengths[si] = len;
        texts[si++] = v;
        textChars += len;
        if (len > longest) longest = len;
      }
    }
  }
  // One byteLength over the joined text instead of one per string (a call into C++ each: half the
  // encoder's time on [number, string] runs); per-string byte lengths only when some string is not ASCII.
  const joined = strs > 0 ? texts.join("") : "";
  let textBytes = strs > 0 ? Buffer.byteLength(joined, "utf8") : 0;
  const ascii = textBytes === textChars;
  if (!ascii) {
    // Per string, and written one by one below: joined, a lone high surrogate ending one string and
    // a lone low one starting the next would encode as one pair, not as each string's own bytes.
    longest = 0;
    textBytes = 0;
    for (let i = 0; i < si; i++) {
      const len = Buffer.byteLength(texts[i]!, "utf8");
      lengths[i] = len;
      textBytes += len;
      if (len > longest) longest = len;
    }
  }
  const head = align8(1 + header.length);
  const out = new Uint8Array(head + numbers.byteLength + lengths.byteLength + textBytes);
  // The first byte counts the record's fields (a nested tuple one), not its leaves.
  out[0] = fieldsOf(header) | (ascii ? ASCII : 0) | (longest < SHORT ? SHORT_ONLY : 0);
  out.set(header, 1);
  out.set(new Uint8Array(numbers.buffer), head);
  out.set(new Uint8Array(lengths.buffer), head + numbers.byteLength);
  if (textBytes > 0) {
    const text = Buffer.from(out.buffer, out.byteOffset + head + numbers.byteLength + lengths.byteLength, textBytes);
    if (ascii) text.write(joined, 0, "latin1");
    else for (let i = 0, at = 0; i < si; at += lengths[i++]!) text.write(texts[i]!, at, "utf8");
  }
  return out;
}

/**
 * (number, [number x width]) entries in the frame encodeFlat gives them (keyedNumbersFrame),
 * written as they are read; undefined when an entry has another shape. Measured on 4096-entry
 * batches of [k, [v, w]]: 90-150 ns an entry through the flattened array, of which the array's
 * boxed numbers were most.
 */
function encodeKeyedNumbers(records: readonly unknown[], width: number): Uint8Array | undefined {
  const n = records.length;
  const { bytes, numbers } = keyedNumbersFrame(width, n);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const r = records[i];
    if (!isTuple(r) || r.length !== 2) return undefined;
    const k = r[0];
    const v = r[1];
    if (typeof k !== "number" || !isTuple(v) || v.length !== width) return undefined;
    numbers[at++] = k;
    for (let g = 0; g < width; g++) {
      const x = v[g];
      if (typeof x !== "number") return undefined;
      numbers[at++] = x;
    }
  }
  return bytes;
}

/** The top-level field count of a header's field bytes (a nested tuple's leaf bytes not counted). */
function fieldsOf(header: readonly number[]): number {
  let fields = 0;
  for (let i = 0; i < header.length; i++) {
    fields++;
    if ((header[i]! & NEST) !== 0) i += header[i]! & NEST_WIDTH;
  }
  return fields;
}

/** Fields a record of keyedNumbersFrame may have (its key and fields are the layout's 32 leaves at most). */
export const KEYED_NUMBERS_MAX_WIDTH = NEST_WIDTH;

/** Whether `record` is a plain array of exactly `width` numbers (`width` -1: of any width a keyedNumbersFrame takes). */
export function isNumberTuple(record: unknown, width: number): record is number[] {
  if (!Array.isArray(record) || Object.getPrototypeOf(record) !== Array.prototype) return false;
  const n = record.length;
  if (width >= 0 ? n !== width : n === 0 || n > KEYED_NUMBERS_MAX_WIDTH) return false;
  for (let f = 0; f < n; f++) if (typeof record[f] !== "number") return false;
  return true;
}

/**
 * An empty frame in the tuple layout for `count` (number, [number x width]) records (a keyed
 * spill's int-keyed entries of number tuples), the bytes encodeTuples gives such records, and a
 * view of its numbers: per record its key, then its `width` fields. The caller fills the view.
 */
export function keyedNumbersFrame(width: number, count: number): { bytes: Uint8Array; numbers: Float64Array } {
  const header = [NUM, NEST | width, ...new Array<number>(width).fill(NUM)];
  const head = align8(1 + header.length);
  const bytes = new Uint8Array(head + count * (1 + width) * 8);
  // Two fields, no strings: "every string ASCII" and "every string short" hold, as encodeFlat sets them.
  bytes[0] = 2 | ASCII | SHORT_ONLY;
  bytes.set(header, 1);
  return { bytes, numbers: new Float64Array(bytes.buffer, head, count * (1 + width)) };
}

/**
 * The numbers of a frame of `count` (number, [number x width]) entries (what keyedNumbersFrame
 * lays out, and encodeTuples gives such entries), copied into an aligned array (into `reuse` when
 * it is large enough: the caller's array for frame after frame): per entry its key, then its
 * fields. Undefined for a frame of any other shape.
 */
export function keyedNumbersView(bytes: Uint8Array, count: number, reuse?: Float64Array): { width: number; numbers: Float64Array } | undefined {
  if ((bytes[0]! & WIDTH) !== 2 || bytes[1] !== NUM) return undefined;
  const d = bytes[2]!;
  if ((d & NEST) === 0) return undefined;
  const width = d & NEST_WIDTH;
  for (let f = 0; f < width; f++) if (bytes[3 + f] !== NUM) return undefined;
  const head = align8(3 + width);
  const n = count * (1 + width);
  const numbers = reuse !== undefined && reuse.length >= n ? reuse.subarray(0, n) : new Float64Array(n);
  new Uint8Array(numbers.buffer, numbers.byteOffset, numbers.byteLength).set(bytes.subarray(head, head + numbers.byteLength));
  return { width, numbers };
}

/** The records of a batch in the tuple layout (`count` of them). */
export function decodeTuples(bytes: Uint8Array, count: number): unknown[][] {
  const width = bytes[0]! & WIDTH;
  const ascii = (bytes[0]! & ASCII) !== 0;
  const nested: number[] = [];
  const kinds: number[] = [];
  let pos = 1;
  for (let f = 0; f < width; f++) {
    const d = bytes[pos++]!;
    if ((d & NEST) === 0) {
      nested.push(-1);
      kinds.push(d);
      continue;
    }
    const inner = d & NEST_WIDTH;
    nested.push(inner);
    for (let g = 0; g < inner; g++) kinds.push(bytes[pos++]!);
  }
  const leaves = kinds.length;
  let nums = 0;
  for (const k of kinds) if (k === NUM) nums++;
  const strs = leaves - nums;
  const head = align8(pos);
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
  if (leaves === 2 && width === 2 && nested[0] === -1 && nested[1] === -1 && kinds[0] === NUM) {
    // The common pairs, built as literals (packed, no growth).
    if (kinds[1] === NUM) for (let i = 0; i < count; i++) out[i] = [numbers[2 * i], numbers[2 * i + 1]];
    else for (let i = 0, at = 0; i < count; i++) {
      const len = lengths[i]!;
      out[i] = [numbers[i], str(len, at)];
      at += len;
    }
    return out;
  }
  if (width === 2 && nested[0] === -1 && nested[1] === 2 && kinds[1] === NUM && kinds[2] === NUM) {
    // A keyed spill's (key, [number, number]) entries.
    if (kinds[0] === NUM) for (let i = 0; i < count; i++) out[i] = [numbers[3 * i], [numbers[3 * i + 1], numbers[3 * i + 2]]];
    else for (let i = 0, at = 0; i < count; i++) {
      const len = lengths[i]!;
      out[i] = [str(len, at), [numbers[2 * i], numbers[2 * i + 1]]];
      at += len;
    }
    return out;
  }
  let ni = 0;
  let si = 0;
  let at = 0;
  const leaf = (k: number): unknown => {
    if (k === NUM) return numbers[ni++];
    const len = lengths[si++]!;
    const s = str(len, at);
    at += len;
    return s;
  };
  for (let i = 0; i < count; i++) {
    // Built by push: a packed array, as the records were.
    const r: unknown[] = [];
    let l = 0;
    for (let f = 0; f < width; f++) {
      const inner = nested[f]!;
      if (inner < 0) {
        r.push(leaf(kinds[l++]!));
        continue;
      }
      const t: unknown[] = [];
      for (let g = 0; g < inner; g++) t.push(leaf(kinds[l++]!));
      r.push(t);
    }
    out[i] = r;
  }
  return out;
}

function align8(n: number): number {
  return (n + 7) & ~7;
}

/**
 * A frame of flat tuples (no nested field) in the tuple layout, read in place: its field kinds
 * (0 number, 1 string), aligned views of its numbers (`nums` per record) and string byte lengths
 * (`strs` per record), where its text starts, and its ASCII/short flags. For code that moves
 * records between frames without decoding them (runtime/sort/packed-sort-buffer.ts).
 */
export interface FlatTupleFrame {
  readonly bytes: Uint8Array;
  readonly kinds: Uint8Array;
  readonly nums: number;
  readonly strs: number;
  readonly numbers: Float64Array;
  readonly lengths: Uint32Array;
  readonly textAt: number;
  /** The first byte's flags (every string ASCII, every string short). */
  readonly flags: number;
}

/** `bytes` (a frame of `count` records from encodeTuples, at offset 0 of its buffer) read in place; undefined when a field is nested. */
export function flatTupleFrame(bytes: Uint8Array, count: number): FlatTupleFrame | undefined {
  if (bytes.byteOffset !== 0) return undefined;
  const width = bytes[0]! & WIDTH;
  const kinds = bytes.slice(1, 1 + width);
  let nums = 0;
  for (const k of kinds) {
    if (k !== NUM && k !== STR) return undefined;
    if (k === NUM) nums++;
  }
  const strs = width - nums;
  const head = align8(1 + width);
  const numbers = new Float64Array(bytes.buffer, head, count * nums);
  const lengths = new Uint32Array(bytes.buffer, head + numbers.byteLength, count * strs);
  return { bytes, kinds, nums, strs, numbers, lengths, textAt: head + numbers.byteLength + lengths.byteLength, flags: bytes[0]! & (ASCII | SHORT_ONLY) };
}

/**
 * An empty frame of `count` flat tuples of field kinds `kinds` with `textBytes` bytes of text,
 * under `flags` (FlatTupleFrame.flags: which hold for every string the caller writes), and views
 * the caller fills: numbers, string lengths, and the offset of the text.
 */
export function emptyFlatTupleFrame(kinds: Uint8Array, flags: number, count: number, textBytes: number): FlatTupleFrame {
  const width = kinds.length;
  let nums = 0;
  for (const k of kinds) if (k === NUM) nums++;
  const strs = width - nums;
  const head = align8(1 + width);
  const bytes = new Uint8Array(head + count * (8 * nums + 4 * strs) + textBytes);
  bytes[0] = width | (flags & (ASCII | SHORT_ONLY));
  bytes.set(kinds, 1);
  const numbers = new Float64Array(bytes.buffer, head, count * nums);
  const lengths = new Uint32Array(bytes.buffer, head + numbers.byteLength, count * strs);
  return { bytes, kinds, nums, strs, numbers, lengths, textAt: head + numbers.byteLength + lengths.byteLength, flags };
}
