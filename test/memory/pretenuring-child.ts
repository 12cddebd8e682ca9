/**
 * Child of pretenuring.test.ts, run with --allow-natives-syntax: csv-job's shape in memory (a join
 * whose function makes a new array per pair, then a grouped sum over 100,000 keys), then whether
 * an array the join's function makes afterwards is allocated in the young generation. Prints
 * `{"young": boolean, "groups": number}`.
 */
import { ExecutionEnvironment } from "../../src/index.js";

const inYoungGeneration = new Function("x", "return %InYoungGeneration(x)") as (x: unknown) => boolean;
const pair = (o: number[], u: [number, string, string]): [number, string, number, number] => [o[1]!, u[2], o[2]!, 1];
const env = ExecutionEnvironment.createLocalEnvironment(1);
const users = env.generateSequence(0, 99_999).map((i): [number, string, string] => [i, "user", `C${i % 200}`]);
const orders = env.generateSequence(0, 999_999).map((i) => [i, (i * 7919) % 100_000, i % 1000]);
const groups = await orders.join(users).where(1).equalTo(0).with(pair).groupBy(0, 1).sum(2).andSum(3).count();
console.log(JSON.stringify({ young: inYoungGeneration(pair([1, 2, 3], [1, "a", "b"])), groups }));
