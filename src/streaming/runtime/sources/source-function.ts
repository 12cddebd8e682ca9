/**
 * The source contract (Flink's SourceFunction): `run` emits records through the context until
 * the input is exhausted or the job stops it; `cancel` makes a running `run` return soon.
 * Sources are non-parallel. When `run` resolves normally the runtime emits the end-of-time
 * watermark and ends the source's output.
 */
export interface SourceContext<T> {
  collect(value: T): void;
  /** False once the job was cancelled or failed. */
  isRunning(): boolean;
}

export interface SourceFunction<T> {
  run(ctx: SourceContext<T>): Promise<void>;
  cancel(): void;
}

/** Records a bounded source emits before it lets timers, sockets and cancel run. */
export const SOURCE_CHUNK = 4096;

/** Gives the event loop a turn (periodic watermarks, socket data, cancel). */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
