/** Cross products (seed 000): every color with every size, as pairs and through a CrossFunction. */
import { ExecutionEnvironment } from "../src/index.js";
import { runIfMain } from "./_run-if-main.js";

export const title = "Cross: colors and sizes";
export const order = 34;

export async function main(): Promise<void> {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const colors = env.fromElements("red", "blue");
  const sizes = env.fromElements("small", "large");

  console.log("-- simple cross product");
  await colors.cross(sizes).setParallelism(1).print();

  console.log("-- cross with a custom function");
  await colors.cross(sizes).with((color, size) => `${size} ${color} item`).setParallelism(1).print();
}

runIfMain(import.meta.url, main);
