/** Record types and DataSets the type tests share (never executed: only compiled). */
import { ExecutionEnvironment } from "../../src/index.js";

export const env = ExecutionEnvironment.createLocalEnvironment(1);

/** (id, name) */
export type User = [number, string];
/** (userId, amount) */
export type Purchase = [number, number];
/** (name, count) */
export type Named = [string, number];
export interface Person {
  id: number;
  name: string;
  address: { city: string; zip: number };
  tags: string[];
}

export const users = env.fromElements<User>([1, "Ann"], [2, "Bob"]);
export const purchases = env.fromElements<Purchase>([1, 9.5], [2, 3]);
export const named = env.fromElements<Named>(["a", 1]);
export const people = env.fromElements<Person>({ id: 1, name: "Ann", address: { city: "Oslo", zip: 150 }, tags: [] });
export const nested = env.fromElements<[[number, string], boolean]>([[1, "a"], true]);
