/** socketTextStream over real loopback sockets, executeAsync and cancel. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:net";
import {
  Duration, JobExecutionException, StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy,
} from "../../src/index.js";
import { openServer, waitFor } from "./stream-helpers.js";

test("lines are emitted as they arrive; \\r before \\n is dropped; a partial last line comes at EOF, then the job ends", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(2);
  const server = await openServer();
  const lines: string[] = [];
  env.socketTextStream("127.0.0.1", server.port).map((l) => l.toUpperCase()).setParallelism(1).addSink((l) => { lines.push(l); });
  const done = env.execute();
  await server.connected;
  await server.write("alpha\r\nbe");
  await server.write("ta\ngam");
  assert.equal(await waitFor(() => lines.length === 2), true, "lines before EOF arrive while the socket is open");
  assert.deepEqual(lines, ["ALPHA", "BETA"]);
  await server.write("ma");
  await server.close();
  await done;
  assert.deepEqual(lines, ["ALPHA", "BETA", "GAMMA"]);
});

test("a custom delimiter splits the stream", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(1);
  const server = await openServer();
  const lines: string[] = [];
  env.socketTextStream("127.0.0.1", server.port, ";").addSink((l) => { lines.push(l); });
  const done = env.execute();
  await server.connected;
  await server.write("a;b\r;c");
  await server.close();
  await done;
  assert.deepEqual(lines, ["a", "b\r", "c"]);
});

test("EOF ends the source with the end-of-time watermark, which fires the open windows", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(2);
  const server = await openServer();
  const out = env.socketTextStream("127.0.0.1", server.port)
    .map((l): [string, number] => [l.split(",")[0]!, Number(l.split(",")[1])])
    .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<[string, number]>().withTimestampAssigner((e) => e[1]))
    .keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10)))
    .reduce((a, b) => [a[0], a[1] + b[1]]);
  const collected = out.executeAndCollect();
  await server.connected;
  await server.write("x,1\ny,2\nx,3\n");
  await server.close();
  assert.deepEqual((await collected).map((e) => e.join()).sort(), ["x,4", "y,2"]);
});

test("a refused connection fails the job, naming the socket source", async () => {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, "127.0.0.1", r));
  const port = (probe.address() as { port: number }).port;
  await new Promise<void>((r) => probe.close(() => r()));
  const env = StreamExecutionEnvironment.createLocalEnvironment(1);
  env.socketTextStream("127.0.0.1", port).print();
  await assert.rejects(
    env.execute("refused"),
    (e: unknown) => e instanceof JobExecutionException && /Socket Stream/.test(e.message) && /ECONNREFUSED/.test(e.message),
  );
});

test("JobClient.cancel stops the job cleanly: sources disconnect, windows do not fire, operators close", async () => {
  const env = StreamExecutionEnvironment.createLocalEnvironment(2);
  const server = await openServer();
  const fired: string[] = [];
  let closed = 0;
  env.socketTextStream("127.0.0.1", server.port)
    .map((l): [string, number] => [l, 1])
    .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<[string, number]>().withTimestampAssigner((e) => e[1]))
    .keyBy((e) => e[0]).window(TumblingEventTimeWindows.of(Duration.ofSeconds(10))).reduce((a) => a)
    .addSink({ invoke: (v: [string, number]) => { fired.push(v[0]); }, close: () => { closed++; } });
  const client = await env.executeAsync("to cancel");
  assert.match(client.getJobID(), /^[0-9a-f]{32}$/);
  await server.connected;
  await server.write("a\nb\n");
  await new Promise((r) => setTimeout(r, 50));
  assert.equal(await client.getJobStatus(), "RUNNING");
  const disconnected = new Promise<void>((r) => server.onClientClose(r));
  await client.cancel();
  await disconnected;
  assert.equal(await client.getJobStatus(), "CANCELED");
  assert.deepEqual(fired, []);
  assert.equal(closed, 2);
  await assert.rejects(client.getJobExecutionResult(), JobExecutionException);
  await server.close();
});
