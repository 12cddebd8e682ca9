/**
 * Grouping and aggregation on a small sales table: total amount and first product name per region
 * (aggregate with .andMin), the best sale per region (maxBy), the two cheapest items per region (sorted groups with
 * first), and distinct products.
 */
import { Aggregations, ExecutionEnvironment, Order, defineJob } from "../src/index.js";

export const title = "Grouping and aggregation";
export const order = 20;

type Sale = [region: string, product: string, amount: number];

/** The job: `npx sluice run examples/grouping-aggregation.ts`, `npx tsx examples/grouping-aggregation.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const sales = env.fromElements<Sale>(
    ["north", "apple", 12], ["south", "pear", 7], ["north", "plum", 30], ["east", "apple", 3],
    ["south", "apple", 21], ["east", "fig", 18], ["north", "pear", 5], ["south", "plum", 9],
  );
  console.log("-- total amount and alphabetically first product per region");
  await sales.groupBy(0).aggregate(Aggregations.SUM, 2).andMin(1).sortPartition(0, Order.ASCENDING).setParallelism(1).print();
  console.log("-- best sale per region");
  await sales.groupBy(0).maxBy(2).sortPartition(0, Order.ASCENDING).setParallelism(1).print();
  console.log("-- two cheapest sales per region");
  await sales.groupBy(0).sortGroup(2, Order.ASCENDING).first(2).sortPartition(0, Order.ASCENDING).sortPartition(2, Order.ASCENDING).setParallelism(1).print();
  console.log("-- distinct products");
  await sales.distinct(1).map((s) => s[1]).sortPartition((p: string) => p, Order.ASCENDING).setParallelism(1).print();
});

