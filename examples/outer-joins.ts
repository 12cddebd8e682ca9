/**
 * Outer joins (seed 000's JoinType): users without orders and orders without a known user show
 * up with null on the missing side.
 */
import { ExecutionEnvironment, JoinHint, Order, defineJob } from "../src/index.js";

export const title = "Outer joins";
export const order = 32;

type User = [id: number, name: string];
type Purchase = [userId: number, item: string];

/** The job: `npx sluice run examples/outer-joins.ts`, `npx tsx examples/outer-joins.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const users = env.fromElements<User>([1, "Alice"], [2, "Bob"], [3, "Carol"]);
  const orders = env.fromElements<Purchase>([1, "Order1"], [1, "Order2"], [2, "Order3"], [9, "Order9"]);
  const describe = (u: User | null, o: Purchase | null) => `${u === null ? "(unknown user)" : u[1]}: ${o === null ? "(no orders)" : o[1]}`;
  const byText = (s: string) => s;

  console.log("-- left outer join");
  await users.leftOuterJoin(orders).where(0).equalTo(0).with(describe).sortPartition(byText, Order.ASCENDING).setParallelism(1).print();
  console.log("-- right outer join (sort-merge)");
  await users
    .rightOuterJoin(orders, JoinHint.REPARTITION_SORT_MERGE)
    .where(0)
    .equalTo(0)
    .with(describe)
    .sortPartition(byText, Order.ASCENDING)
    .setParallelism(1)
    .print();
  console.log("-- full outer join, default pairs");
  await users
    .fullOuterJoin(orders)
    .where(0)
    .equalTo(0)
    .map((p) => p.map((r) => r?.[1] ?? null))
    .sortPartition((p: (string | null)[]) => `${p[0]}/${p[1]}`, Order.ASCENDING)
    .setParallelism(1)
    .print();
});

