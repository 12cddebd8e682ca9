/**
 * Seed 000 (DataSet.join usage examples), in TypeScript: types come from the elements; the join
 * function's output type is the one the Java anonymous class states (JoinFunction<..., String>).
 */
import { ExecutionEnvironment, JoinHint, type DataSet } from "../../../src/index.js";

const env = ExecutionEnvironment.getExecutionEnvironment();

// Inner join on key fields
const users = env.fromElements([1, "Alice"], [2, "Bob"]);
const orders = env.fromElements([1, "Order1"], [1, "Order2"], [2, "Order3"]);

// Join users and orders on user ID: DataSet<Tuple2<Tuple2<Long, String>, Tuple2<Long, String>>>
const joined: DataSet<[[number, string], [number, string]]> = users
  .join(orders)
  .where(0) // user ID field in users
  .equalTo(0) // user ID field in orders
  .types();

// Custom join function
const customJoin: DataSet<string> = users
  .join(orders)
  .where(0)
  .equalTo(0)
  .with((user, order) => user[1] + " has " + order[1]);

// Join with a strategy hint, and the outer joins (the absent side is null)
const hinted = users.join(orders, JoinHint.REPARTITION_HASH_FIRST).where(0).equalTo(0).projectFirst(1).projectSecond(1);
const left = users.leftOuterJoin(orders).where(0).equalTo(0).with((user, order) => `${user[1]}: ${order?.[1] ?? "none"}`);
const full = users.fullOuterJoin(orders).where(0).equalTo(0).with((user, order) => [user?.[0] ?? order?.[0] ?? -1, order === null]);

export const programs = [joined, customJoin, hinted, left, full];
