/** Cross products (seed 000): every color with every size, as pairs and through a CrossFunction. */
import { ExecutionEnvironment, defineJob } from "../src/index.js";

export const title = "Cross: colors and sizes";
export const order = 34;

/** The job: `npx sluice run examples/cross-colors-sizes.ts`, `npx tsx examples/cross-colors-sizes.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const colors = env.fromElements("red", "blue");
  const sizes = env.fromElements("small", "large");

  console.log("-- simple cross product");
  await colors.cross(sizes).setParallelism(1).print();

  console.log("-- cross with a custom function");
  await colors.cross(sizes).with((color, size) => `${size} ${color} item`).setParallelism(1).print();
});

