/**
 * socketTextStream (Flink's SocketTextStreamFunction): connects to host:port and emits each
 * delimited line as it arrives (a trailing `\r` is dropped when the delimiter is `\n`). At EOF it
 * reconnects after 500 ms while attempts < maxRetry (-1: forever); with maxRetry 0 the source
 * ends, emitting a partial last line first. A failed connection fails the job.
 */
import { connect, type Socket } from "node:net";
import { StringDecoder } from "node:string_decoder";
import type { SourceContext, SourceFunction } from "./source-function.js";

const DELAY_BETWEEN_RETRIES_MS = 500;

export class SocketSource implements SourceFunction<string> {
  private running = true;
  private socket: Socket | undefined;
  private retryTimer: NodeJS.Timeout | undefined;
  private settle: (() => void) | undefined;

  constructor(
    private readonly host: string,
    private readonly port: number,
    private readonly delimiter: string,
    private readonly maxRetry: number,
  ) {}

  run(ctx: SourceContext<string>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let buffer = "";
      let attempt = 0;
      let finished = false;
      const done = (error?: unknown): void => {
        if (finished) return;
        finished = true;
        this.settle = undefined;
        if (error !== undefined) reject(error);
        else resolve();
      };
      this.settle = () => done();
      const open = (): void => {
        if (!this.running) return done();
        const decoder = new StringDecoder("utf8");
        const socket = connect({ host: this.host, port: this.port });
        this.socket = socket;
        socket.on("data", (chunk: Buffer) => {
          buffer = this.emitLines(buffer + decoder.write(chunk), ctx);
          if (!ctx.isRunning()) socket.destroy();
        });
        socket.on("error", (e) => done(this.running ? e : undefined));
        socket.on("end", () => {
          buffer += decoder.end();
          attempt++;
          if (this.running && ctx.isRunning() && (this.maxRetry === -1 || attempt < this.maxRetry)) {
            this.retryTimer = setTimeout(open, DELAY_BETWEEN_RETRIES_MS);
            return;
          }
          if (buffer.length > 0 && this.running && ctx.isRunning()) ctx.collect(buffer);
          buffer = "";
          done();
        });
        socket.on("close", () => {
          if (!this.running) done();
        });
      };
      open();
    });
  }

  /** Emits every complete line of `text`; returns the unfinished rest. */
  private emitLines(text: string, ctx: SourceContext<string>): string {
    const delim = this.delimiter;
    let from = 0;
    let at: number;
    while ((at = text.indexOf(delim, from)) !== -1) {
      let line = text.slice(from, at);
      if (delim === "\n" && line.endsWith("\r")) line = line.slice(0, -1);
      from = at + delim.length;
      ctx.collect(line);
      if (!ctx.isRunning()) return "";
    }
    return text.slice(from);
  }

  cancel(): void {
    this.running = false;
    if (this.retryTimer !== undefined) clearTimeout(this.retryTimer);
    this.socket?.destroy();
    this.settle?.();
  }
}
