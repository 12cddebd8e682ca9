/** Unions (seed 000): two DataSets of the same type, then three. */
import { ExecutionEnvironment, Order, defineJob } from "../src/index.js";

export const title = "Union";
export const order = 35;

/** The job: `npx sluice run examples/union.ts`, `npx tsx examples/union.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const dataset1 = env.fromElements("a", "b", "c");
  const dataset2 = env.fromElements("d", "e", "f");
  const dataset3 = env.fromElements("g", "h");
  const byText = (s: string) => s;

  console.log("-- dataset1.union(dataset2)");
  await dataset1.union(dataset2).sortPartition(byText, Order.ASCENDING).setParallelism(1).print();
  console.log("-- dataset1.union(dataset2).union(dataset3)");
  await dataset1.union(dataset2).union(dataset3).sortPartition(byText, Order.ASCENDING).setParallelism(1).print();
});

