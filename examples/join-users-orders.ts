/**
 * Joins users with their orders on the user id (seed 000): the default `[user, order]` pairs,
 * then a custom JoinFunction that describes each match.
 */
import { ExecutionEnvironment, Order, defineJob } from "../src/index.js";

export const title = "Join users with orders";
export const order = 30;

type User = [id: number, name: string];
type Purchase = [userId: number, item: string];

/** The job: `npx sluice run examples/join-users-orders.ts`, `npx tsx examples/join-users-orders.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const users = env.fromElements<User>([1, "Alice"], [2, "Bob"]);
  const orders = env.fromElements<Purchase>([1, "Order1"], [1, "Order2"], [2, "Order3"]);

  console.log("-- users joined with orders on the user id");
  const joined = users.join(orders).where(0).equalTo(0);
  await joined.sortPartition((p: [User, Purchase]) => p[1][1], Order.ASCENDING).setParallelism(1).print();

  console.log("-- custom join function");
  const described = users.join(orders).where(0).equalTo(0).with((user, purchase) => `${user[1]} has ${purchase[1]}`);
  await described.sortPartition((s: string) => s, Order.ASCENDING).setParallelism(1).print();
});

