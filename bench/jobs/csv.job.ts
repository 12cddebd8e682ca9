// The harness's CSV job as a job module (orders join users, grouped sums, written as CSV): run by bench/cluster.ts.
import { defineJob, WriteMode } from "../../src/index.js";

export default defineJob(async (env, args: { orders: string; users: string; out: string }) => {
  const orders = env.readCsvFile(args.orders).ignoreFirstLine().types("number", "number", "number");
  const users = env.readCsvFile(args.users).ignoreFirstLine().types("number", "string", "string");
  orders.join(users).where(1).equalTo(0)
    .with((o, u): [number, string, number, number] => [o[1], u[2], o[2], 1])
    .groupBy(0, 1).sum(2).andSum(3)
    .writeAsCsv(args.out, "\n", ",", WriteMode.OVERWRITE);
  await env.execute("csv-job");
});
