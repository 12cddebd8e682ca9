/**
 * Feeds seed 003's input over two loopback TCP servers, as the seed's author typed it into two
 * `nc -lk` sessions: left-1, right-2, left-3, right-4, then the same batch to both (left-right-5),
 * with pauses so the periodic watermarks advance between batches.
 *
 * Used by examples/stream-cogroup-join.ts; also runnable on its own, serving the seed on fixed
 * ports for a job started separately:
 *   npx tsx examples/streaming/socket-driver.ts 8888 9999
 */
import { createServer, type Server, type Socket } from "node:net";
import { pathToFileURL } from "node:url";

const T0 = 1718089200000;

export type Side = "left" | "right" | "both";

/** The seed's batches, in the seed's order. */
export const SEED_BATCHES: readonly { readonly name: string; readonly side: Side; readonly lines: readonly string[] }[] = [
  { name: "left-1", side: "left", lines: [`a,1,${T0}`, `b,2,${T0}`, `c,3,${T0}`] },
  { name: "right-2", side: "right", lines: [`a,1,${T0}`, `b,2,${T0}`, `c,3,${T0}`] },
  { name: "left-3", side: "left", lines: [`a,4,${T0 + 2000}`, `b,5,${T0 + 2000}`, `c,6,${T0 + 2000}`] },
  { name: "right-4", side: "right", lines: [`a,1,${T0 + 2000}`, `b,2,${T0 + 2000}`, `c,3,${T0 + 2000}`] },
  { name: "left-right-5", side: "both", lines: [`a,1,${T0 + 5001}`, `b,2,${T0 + 5001}`, `c,3,${T0 + 5001}`] },
];

/** A one-client TCP server on the loopback interface. */
export interface LineServer {
  readonly port: number;
  /** Resolves when a client has connected. */
  readonly connected: Promise<void>;
  send(lines: readonly string[]): Promise<void>;
  /** Ends the client connection (the client sees EOF) and stops listening. */
  close(): Promise<void>;
}

export async function openLineServer(port = 0, host = "127.0.0.1"): Promise<LineServer> {
  let client: Socket | undefined;
  let onConnect!: () => void;
  const connected = new Promise<void>((resolve) => (onConnect = resolve));
  const server: Server = createServer((socket) => {
    client = socket;
    socket.on("error", () => {}); // a cancelled job resets the connection
    onConnect();
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  const actualPort = typeof address === "object" && address !== null ? address.port : port;
  return {
    port: actualPort,
    connected,
    send: (lines) => new Promise<void>((resolve) => client!.write(lines.map((l) => l + "\n").join(""), () => resolve())),
    close: () =>
      new Promise<void>((resolve) => {
        client?.end();
        server.close(() => resolve());
      }),
  };
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Sends the seed's batches in order, pausing `pauseMs` after each. */
export async function feedSeed(left: LineServer, right: LineServer, pauseMs = 300, log?: (batch: string) => void): Promise<void> {
  for (const batch of SEED_BATCHES) {
    log?.(batch.name);
    if (batch.side !== "right") await left.send(batch.lines);
    if (batch.side !== "left") await right.send(batch.lines);
    await sleep(pauseMs);
  }
}

async function cli(): Promise<void> {
  const [leftPort = 8888, rightPort = 9999] = process.argv.slice(2).map(Number);
  const left = await openLineServer(leftPort);
  const right = await openLineServer(rightPort);
  console.error(`serving seed 003 on 127.0.0.1:${left.port} (left) and 127.0.0.1:${right.port} (right); waiting for the job to connect`);
  await Promise.all([left.connected, right.connected]);
  await feedSeed(left, right, 500, (b) => console.error(`sent ${b}`));
  await sleep(1000);
  await Promise.all([left.close(), right.close()]);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
