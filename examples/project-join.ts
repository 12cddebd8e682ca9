/**
 * ProjectJoin (seed 002): `projectFirst(...)` / `projectSecond(...)` pick fields of either input
 * into one flat tuple, in any order and repeatedly; no position takes the whole record.
 */
import { ExecutionEnvironment, Order, defineJob } from "../src/index.js";

export const title = "ProjectJoin";
export const order = 36;

type User = [id: number, name: string, city: string];
type Purchase = [userId: number, item: string, amount: number];

/** The job: `npx sluice run examples/project-join.ts`, `npx tsx examples/project-join.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const users = env.fromElements<User>([1, "Alice", "Oslo"], [2, "Bob", "Rome"]);
  const orders = env.fromElements<Purchase>([1, "Order1", 30], [1, "Order2", 12], [2, "Order3", 7]);
  const byItem = (t: unknown[]) => String(t.find((f) => typeof f === "string" && f.startsWith("Order")));

  console.log("-- projectFirst(1).projectSecond(1): (name, item)");
  await users.join(orders).where(0).equalTo(0).projectFirst(1).projectSecond(1).sortPartition(byItem, Order.ASCENDING).setParallelism(1).print();
  console.log("-- projectSecond(2, 1).projectFirst(2, 1): fields in any order");
  await users.join(orders).where(0).equalTo(0).projectSecond(2, 1).projectFirst(2, 1).sortPartition(byItem, Order.ASCENDING).setParallelism(1).print();
  console.log("-- projectFirst().projectSecond(1): the whole user record");
  await users.join(orders).where(0).equalTo(0).projectFirst().projectSecond(1).sortPartition(byItem, Order.ASCENDING).setParallelism(1).print();
});

