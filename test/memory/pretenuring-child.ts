/**
 * Child of pretenuring.test.ts, run with --allow-natives-syntax. First csv-job's shape in memory (a
 * join whose function makes a new array per pair, then a grouped sum over 100,000 keys), then
 * whether an array the join's function makes afterwards is allocated in the young generation;
 * then a sort of 300,000 objects from a collection, and how many of the copies of its last 100
 * rows, the sorter's last allocations, collect() returns young. Prints `{"young": boolean, "groups": number, "sorted": number, "sortedYoung": number}`.
 */
import { ExecutionEnvironment, Order } from "../../src/index.js";

const inYoungGeneration = new Function("x", "return %InYoungGeneration(x)") as (x: unknown) => boolean;
const pair = (o: number[], u: [number, string, string]): [number, string, number, number] => [o[1]!, u[2], o[2]!, 1];
const env = ExecutionEnvironment.createLocalEnvironment(1);
const users = env.generateSequence(0, 99_999).map((i): [number, string, string] => [i, "user", `C${i % 200}`]);
const orders = env.generateSequence(0, 999_999).map((i) => [i, (i * 7919) % 100_000, i % 1000]);
const groups = await orders.join(users).where(1).equalTo(0).with(pair).groupBy(0, 1).sum(2).andSum(3).count();
const young = inYoungGeneration(pair([1, 2, 3], [1, "a", "b"]));

const rows = Array.from({ length: 300_000 }, (_, i) => ({ k: (i * 7919) % 300_007, v: i }));
const sorted = await ExecutionEnvironment.createLocalEnvironment(1).fromCollection(rows).sortPartition("k", Order.ASCENDING).collect();
// The copies of the last 100 rows, the sorter's last allocations: young unless their site was pretenured.
const sortedYoung = sorted.filter((r) => r.v >= 299_900 && inYoungGeneration(r)).length;
console.log(JSON.stringify({ young, groups, sorted: sorted.length, sortedYoung }));
