/**
 * A program with a DataStream job and batch jobs in worker threads: the workers replay the program
 * for the batch jobs, but the streaming job runs in the coordinator only (its socket is read once).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:net";
import { isMainThread } from "node:worker_threads";
import { ExecutionEnvironment, StreamExecutionEnvironment } from "../../src/index.js";

// A port every thread computes the same way; only the coordinator listens on it.
const PORT = 20_000 + (process.pid % 20_000);
let connections = 0;
const server = createServer((socket) => {
  connections++;
  socket.end("a\nb\nc\n");
});
if (isMainThread) await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));

test("a streaming job is not run again by the worker threads that replay the program", { timeout: 30_000 }, async () => {
  const streams = StreamExecutionEnvironment.getExecutionEnvironment();
  streams.setParallelism(1);
  const lines = await streams.socketTextStream("127.0.0.1", PORT).map((l) => l.toUpperCase()).executeAndCollect();
  if (isMainThread) assert.deepEqual(lines, ["A", "B", "C"]);

  const env = ExecutionEnvironment.createLocalEnvironment(2);
  env.getConfig().setExecutionMode("threads");
  assert.equal((await env.generateSequence(1, 1000).map((x) => x * 2).collect()).length, 1000);
  if (isMainThread) {
    assert.equal(connections, 1, "the socket was read by the coordinator alone");
    server.close();
  }
});
