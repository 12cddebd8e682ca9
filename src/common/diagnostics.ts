/**
 * Diagnostics on stderr for the engine's own lines ("[sluice] job ...: in-process, auto: ...").
 * The first read of `process.stderr` builds its stream (~10 ms of a cold job when stderr is a pipe
 * or a file), which a line per job should not cost: the text goes to fd 2 directly. On Linux
 * process.stderr writes synchronously to pipes, files and terminals, so the order of lines the
 * program writes itself is kept. A write fd 2 refuses (closed, or non-blocking and full) falls back
 * to the stream.
 */
import { writeSync } from "node:fs";

/**
 * Writes `text` to stderr.
 * @example writeDiagnostic("[sluice] job 'wc': in-process\n");
 */
export function writeDiagnostic(text: string): void {
  try {
    const bytes = Buffer.from(text);
    let done = 0;
    while (done < bytes.length) done += writeSync(2, bytes, done);
  } catch {
    process.stderr.write(text);
  }
}
