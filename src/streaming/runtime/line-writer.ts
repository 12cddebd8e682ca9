/**
 * Buffers the print sinks' lines of one job and writes them in emission order, once the current
 * synchronous burst of records is done (a microtask) or when many are pending. The stream is
 * looked up at write time, so tests that swap `process.stdout.write` see every line.
 */
const MAX_PENDING = 4096;

export class LineWriter {
  private pending: string[] = [];
  private scheduled = false;

  constructor(private readonly target: "stdout" | "stderr") {}

  writeLine(line: string): void {
    this.pending.push(line);
    if (this.pending.length >= MAX_PENDING) this.flush();
    else if (!this.scheduled) {
      this.scheduled = true;
      queueMicrotask(() => this.flush());
    }
  }

  flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const text = this.pending.join("\n") + "\n";
    this.pending = [];
    (this.target === "stdout" ? process.stdout : process.stderr).write(text);
  }
}
