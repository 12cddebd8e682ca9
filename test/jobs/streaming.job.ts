/** A job module with a DataStream job reading a socket (args.port), then a batch job: returns both results. */
import { defineJob, StreamExecutionEnvironment } from "../../src/index.js";

export default defineJob(async (env, args: { port: number }) => {
  const streams = StreamExecutionEnvironment.getExecutionEnvironment();
  streams.setParallelism(1);
  const lines = await streams.socketTextStream("127.0.0.1", args.port).map((l) => l.toUpperCase()).executeAndCollect();
  const doubled = await env.generateSequence(1, 1000).map((x) => x * 2).count();
  return { lines, doubled };
});
