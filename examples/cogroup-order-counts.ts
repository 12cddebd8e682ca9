/**
 * CoGroup (seeds 000 and 001): each user's orders arrive as one group next to the user, so a
 * CoGroupFunction can count them; every key gets exactly one call, a user without orders an
 * empty group.
 */
import { ExecutionEnvironment, Order, RichCoGroupFunction, type Collector, defineJob } from "../src/index.js";

export const title = "CoGroup: orders per user";
export const order = 33;

type User = [id: number, name: string];
type Purchase = [userId: number, item: string];

/** The seed's CoGroupFunction, as a Rich function. */
class OrderCount extends RichCoGroupFunction<User, Purchase, string> {
  coGroup(users: Iterable<User>, orders: Iterable<Purchase>, out: Collector<string>): void {
    const userIter = users[Symbol.iterator]();
    const first = userIter.next();
    if (!first.done) {
      let orderCount = 0;
      for (const _ of orders) orderCount++;
      out.collect(`${first.value[1]} has ${orderCount} orders`);
    }
  }
}

/** The job: `npx sluice run examples/cogroup-order-counts.ts`, `npx tsx examples/cogroup-order-counts.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const users = env.fromElements<User>([1, "Alice"], [2, "Bob"], [3, "Carol"]);
  const orders = env.fromElements<Purchase>([1, "Order1"], [1, "Order2"], [2, "Order3"], [4, "Order4"]);
  const byText = (s: string) => s;

  console.log("-- order counts per user");
  await users.coGroup(orders).where(0).equalTo(0).with(new OrderCount()).sortPartition(byText, Order.ASCENDING).setParallelism(1).print();

  console.log("-- every key once, with its items in order (groups sorted descending)");
  await users.coGroup(orders).where(0).equalTo(0).sortSecondGroup(1, Order.DESCENDING)
    .with((us: Iterable<User>, os: Iterable<Purchase>, out: Collector<string>) => {
      const names = [...us].map((u) => u[1]);
      const items = [...os].map((o) => o[1]);
      out.collect(`${names.join(",") || "-"} <- [${items.join(", ")}]`);
    })
    .sortPartition(byText, Order.ASCENDING).setParallelism(1).print();
});

