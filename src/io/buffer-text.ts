/**
 * Text of a byte range of a Buffer through Buffer's own utf8Slice / latin1Slice, what
 * `toString(encoding, start, end)` ends in, without the encoding dispatch in front of it (4% of
 * wordcount's profile, once per line or field); the documented call where a Buffer lacks them.
 * The ranges given are always within the buffer (toString would clamp them).
 * @example
 * utf8Text(Buffer.from("a,b"), 2, 3); // "b"
 */
type SliceMethods = Buffer & { utf8Slice(start: number, end: number): string; latin1Slice(start: number, end: number): string };

const proto = Buffer.prototype as Partial<SliceMethods>;

/** UTF-8 text of `buf[start, end)`. */
export const utf8Text: (buf: Buffer, start: number, end: number) => string =
  typeof proto.utf8Slice === "function"
    ? (buf, start, end) => (buf as SliceMethods).utf8Slice(start, end)
    : (buf, start, end) => buf.toString("utf8", start, end);

/** Latin-1 text of `buf[start, end)` (for bytes known to be ASCII: the same text as UTF-8, decoded faster). */
export const latin1Text: (buf: Buffer, start: number, end: number) => string =
  typeof proto.latin1Slice === "function"
    ? (buf, start, end) => (buf as SliceMethods).latin1Slice(start, end)
    : (buf, start, end) => buf.toString("latin1", start, end);
