/**
 * A job module with a DataStream job and a batch job on workers: every worker runs the entry for
 * the batch job, but the streaming job runs in the coordinator only (its socket is read once).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer, type AddressInfo } from "node:net";
import { runJob, type JobMode } from "../../src/index.js";

test("a streaming job in a job module runs in the coordinator alone, in threads and processes", { timeout: 60_000 }, async () => {
  let connections = 0;
  const server = createServer((socket) => {
    connections++;
    socket.end("a\nb\nc\n");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  try {
    for (const mode of ["threads", "processes"] as JobMode[]) {
      const before = connections;
      const out = await runJob(new URL("../jobs/streaming.job.ts", import.meta.url), { port }, { parallelism: 2, mode });
      assert.deepEqual(out, { lines: ["A", "B", "C"], doubled: 1000 });
      assert.equal(connections - before, 1, `${mode}: the socket was read by the coordinator alone`);
    }
  } finally {
    server.close();
  }
});
