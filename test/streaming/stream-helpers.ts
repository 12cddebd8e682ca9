/** Helpers for the DataStream tests: parallelism sweeps, punctuated watermarks, loopback sockets. */
import { test } from "node:test";
import { createServer, type Socket } from "node:net";
import { StreamExecutionEnvironment, WatermarkStrategy, type WatermarkGenerator } from "../../src/index.js";

export const STREAM_PARALLELISMS = [1, 2, 4] as const;

/** Defines `name` once per parallelism 1, 2 and 4, each with a fresh environment. */
export function testAtStreamParallelism(name: string, body: (env: StreamExecutionEnvironment, p: number) => Promise<void> | void): void {
  for (const p of STREAM_PARALLELISMS) {
    test(`${name} [p=${p}]`, () => body(StreamExecutionEnvironment.createLocalEnvironment(p), p));
  }
}

/**
 * Timestamps from `ts` and a watermark of `ts - 1 - bound` after every event (punctuated), so
 * bounded inputs advance event time record by record, independent of the periodic timer.
 */
export function punctuated<T>(ts: (e: T) => number, bound = 0): WatermarkStrategy<T> {
  return WatermarkStrategy.forGenerator<T>((): WatermarkGenerator<T> => ({
    onEvent: (_e, t, out) => out.emitWatermark(t - bound - 1),
    onPeriodicEmit: () => {},
  })).withTimestampAssigner((e) => ts(e));
}

/** A loopback TCP server for one client, writing lines on demand. */
export interface TestServer {
  readonly port: number;
  readonly connected: Promise<void>;
  write(text: string): Promise<void>;
  /** Calls `fn` when the client's connection closes. */
  onClientClose(fn: () => void): void;
  close(): Promise<void>;
}

export async function openServer(): Promise<TestServer> {
  let client: Socket | undefined;
  let onConnect!: () => void;
  const connected = new Promise<void>((r) => (onConnect = r));
  const server = createServer((s) => {
    client = s;
    s.on("error", () => {});
    onConnect();
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const address = server.address();
  return {
    port: typeof address === "object" && address !== null ? address.port : 0,
    connected,
    write: (text) => new Promise<void>((r) => client!.write(text, () => r())),
    onClientClose: (fn) => {
      if (client!.closed) fn();
      else client!.once("close", fn);
    },
    close: () => new Promise<void>((r) => {
      client?.end();
      server.close(() => r());
    }),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Polls `cond` every 10 ms until it holds or `timeoutMs` passed; returns whether it held. */
export async function waitFor(cond: () => boolean, timeoutMs = 4000): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (cond()) return true;
    await sleep(10);
  }
  return cond();
}

/** Sorted canonical text of records, for order-insensitive comparison. */
export function sorted(records: readonly unknown[]): string[] {
  return records.map((r) => JSON.stringify(r)).sort();
}

/**
 * Captures the text the program writes to stdout while `fn` runs; `fn` can poll the lines so
 * far. Binary chunks (the test runner's own reporting) pass through untouched.
 */
export async function capturing(fn: (printed: () => string[]) => Promise<void>): Promise<string[]> {
  const original = process.stdout.write;
  let text = "";
  (process.stdout as { write: unknown }).write = (chunk: string | Uint8Array, ...rest: unknown[]): boolean => {
    if (typeof chunk !== "string") return (original as (...a: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
    text += chunk;
    return true;
  };
  const lines = (): string[] => text.split("\n").filter((l) => l.length > 0);
  try {
    await fn(lines);
  } finally {
    process.stdout.write = original;
  }
  return lines();
}
