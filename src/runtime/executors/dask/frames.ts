/**
 * Frames between Sluice's Node processes and its Python side (python/sluice_dask.py): a u32 LE
 * length of the rest, a u32 LE length of a JSON header, the header (its `blobs` lists the lengths
 * of the binary blobs that follow), then the blobs. The same frames go over the bridge's pipes and
 * over the Unix socket between a Dask worker and its Node process.
 */
import type { Readable } from "node:stream";

export interface Frame {
  readonly header: Record<string, unknown>;
  readonly blobs: Uint8Array[];
}

/** One frame as bytes. */
export function frameBytes(header: Record<string, unknown>, blobs: readonly Uint8Array[] = []): Buffer[] {
  const h = Buffer.from(JSON.stringify({ ...header, blobs: blobs.map((b) => b.byteLength) }), "utf8");
  const body = 4 + h.length + blobs.reduce((s, b) => s + b.byteLength, 0);
  const head = Buffer.alloc(8);
  head.writeUInt32LE(body, 0);
  head.writeUInt32LE(h.length, 4);
  return [head, h, ...blobs.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength))];
}

/** Calls `onFrame` for every complete frame `stream` delivers. */
export function readFrames(stream: Readable, onFrame: (f: Frame) => void): void {
  let chunks: Buffer[] = [];
  let buffered = 0;
  let need = -1;
  stream.on("data", (d: Buffer) => {
    chunks.push(d);
    buffered += d.length;
    for (;;) {
      if (need < 0) {
        if (buffered < 4) return;
        const all = Buffer.concat(chunks);
        chunks = [all];
        need = all.readUInt32LE(0) + 4;
      }
      if (buffered < need) return;
      const all = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      const frame = all.subarray(0, need);
      const rest = all.subarray(need);
      chunks = rest.length > 0 ? [rest] : [];
      buffered = rest.length;
      need = -1;
      onFrame(parseFrame(frame));
    }
  });
}

function parseFrame(frame: Buffer): Frame {
  const hlen = frame.readUInt32LE(4);
  const header = JSON.parse(frame.toString("utf8", 8, 8 + hlen)) as Record<string, unknown>;
  const blobs: Uint8Array[] = [];
  let pos = 8 + hlen;
  for (const n of (header.blobs as number[] | undefined) ?? []) {
    // Copied out: the frame's buffer may be a pooled one, and blobs outlive it.
    blobs.push(Uint8Array.prototype.slice.call(frame, pos, pos + n));
    pos += n;
  }
  return { header, blobs };
}
