/**
 * Prints records on the subtasks (Flink's PrintingOutputFormat): `prefix:k> record` when the sink
 * runs with parallelism above 1 (k = 1-based subtask), `prefix> record` at parallelism 1.
 */
import type { OutputFormat } from "../common/formats.js";
import { formatRecord } from "../common/printing.js";

/** Where print sinks write: this process's stdout/stderr, or a worker's buffer (relayed by its coordinator). */
export type PrintTarget = (toStderr: boolean, text: string) => void;

let target: PrintTarget | undefined;

/** @internal Set once by a worker's main module: its print sinks' text goes back with each subtask. */
export function setPrintTarget(t: PrintTarget | undefined): void {
  target = t;
}

export class PrintingOutputFormat<T> implements OutputFormat<T> {
  private linePrefix = "";
  private buffer: string[] = [];

  constructor(private readonly prefix: string, private readonly toStderr: boolean) {}

  open(taskNumber: number, numTasks: number): void {
    let p = this.prefix;
    if (numTasks > 1) p += (p === "" ? "" : ":") + String(taskNumber + 1);
    this.linePrefix = p === "" ? "" : `${p}> `;
  }
  writeRecord(record: T): void {
    this.buffer.push(this.linePrefix + formatRecord(record));
    if (this.buffer.length >= 1024) this.flush();
  }
  close(): void {
    this.flush();
  }
  private flush(): void {
    if (this.buffer.length === 0) return;
    const text = this.buffer.join("\n") + "\n";
    this.buffer = [];
    if (target) target(this.toStderr, text);
    else (this.toStderr ? process.stderr : process.stdout).write(text);
  }
}
