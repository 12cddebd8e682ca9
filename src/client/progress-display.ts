/**
 * The terminal view of progress: one line per operator chain, redrawn in place on stderr (ANSI
 * cursor-up and clear), each cut to the terminal's width so redrawing stays exact. A job that ends
 * before the first sample (200 ms) prints nothing; one that was shown ends with its final state.
 * @example
 * //   Sluice Job · 2.4 s · busy: Reduce (sum) -> DataSink (collect)
 * //   ✓ DataSource (readTextFile in.txt) -> FlatMap  p=4  in 1,000,000  out 4,000,000  40.0 MB / 40.0 MB 100%  21.3 MB/s
 * //   ▶ Reduce (sum) -> DataSink (collect)  p=4  in 2,100,000  out 0  (3/4 running)
 */
import type { OperatorProgress, ProgressSnapshot } from "../common/progress.js";

export class ProgressDisplay {
  private lines = 0;
  private readonly started = new Map<number, number>();

  constructor(private readonly out: NodeJS.WriteStream = process.stderr) {}

  render(s: ProgressSnapshot): void {
    if (s.final && this.lines === 0) return;
    const width = Math.max(40, (this.out.columns || 120) - 1);
    s.operators.forEach((o, i) => {
      if (o.state !== "waiting" && !this.started.has(i)) this.started.set(i, s.elapsedMs);
    });
    const head = `${s.jobName} · ${seconds(s.elapsedMs)}${s.final ? " · done" : s.busy.length > 0 ? ` · busy: ${s.busy.join(", ")}` : ""}`;
    const text = [head, ...s.operators.map((o, i) => operatorLine(o, s.elapsedMs - (this.started.get(i) ?? s.elapsedMs)))].map((l) => cut(l, width));
    const up = this.lines > 0 ? `\x1b[${this.lines}A\r\x1b[J` : "";
    this.out.write(up + text.join("\n") + "\n");
    this.lines = text.length;
  }
}

function operatorLine(o: OperatorProgress, runningMs: number): string {
  const mark = o.state === "finished" ? "✓" : o.state === "running" ? "▶" : "·";
  const parts = [`  ${mark} ${o.name}`, `p=${o.parallelism}`];
  if (o.state === "waiting") return [...parts, "waiting"].join("  ");
  parts.push(`in ${count(o.recordsIn)}`, `out ${count(o.recordsOut)}`);
  if (o.bytesTotal !== undefined) {
    const pct = o.bytesTotal > 0 ? Math.floor((100 * o.bytesRead) / o.bytesTotal) : 100;
    parts.push(`${bytes(o.bytesRead)} / ${bytes(o.bytesTotal)} ${pct}%`);
    if (runningMs > 0) parts.push(`${bytes((o.bytesRead * 1000) / runningMs)}/s`);
  }
  if (o.state === "running") parts.push(`(${o.subtasksRunning}/${o.parallelism} running)`);
  return parts.join("  ");
}

function count(n: number): string {
  return n.toLocaleString("en-US");
}
function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`;
}
function bytes(n: number): string {
  if (n < 1024) return `${Math.round(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}
function cut(line: string, width: number): string {
  return line.length > width ? line.slice(0, width - 1) + "…" : line;
}
