/** Every callback is contextually typed from its inputs, and results are inferred (issue 19). */
import {
  RichFlatJoinFunction,
  RichJoinFunction,
  type CoGroupOperator,
  type Collector,
  type CrossOperator,
  type DataSet,
  type JoinOperator,
} from "../../src/index.js";
import { assertType, type Equal } from "./assert.js";
import { env, named, people, purchases, users, type Named, type Person, type Purchase, type User } from "./fixtures.js";

// ---- sources and map: tuple literals stay tuples ----
const elements = env.fromElements([1, "a"], [2, "b"]);
assertType<Equal<typeof elements, DataSet<[number, string]>>>();
const numbers = env.fromElements(1, 2, 3);
assertType<Equal<typeof numbers, DataSet<number>>>();
const objects = env.fromElements({ id: 1, tags: ["x"] });
assertType<Equal<typeof objects, DataSet<{ id: number; tags: string[] }>>>();
const collection = env.fromCollection([[1, true]]);
assertType<Equal<typeof collection, DataSet<[number, boolean]>>>();
const seq = env.generateSequence(1, 10);
assertType<Equal<typeof seq, DataSet<number>>>();
const swapped = users.map((u) => [u[1], u[0]]);
assertType<Equal<typeof swapped, DataSet<[string, number]>>>();
const lengths = users.map((u) => u[1].length);
assertType<Equal<typeof lengths, DataSet<number>>>();
const records = people.map((p) => ({ city: p.address.city, n: 1 }));
assertType<Equal<typeof records, DataSet<{ city: string; n: number }>>>();
const mappedByObject = users.map({ map: (u: User) => u[0] });
assertType<Equal<typeof mappedByObject, DataSet<number>>>();
const filtered = users.filter((u) => u[0] > 1);
assertType<Equal<typeof filtered, DataSet<User>>>();
const reduced = purchases.reduce((a, b) => [a[0], a[1] + b[1]]);
assertType<Equal<typeof reduced, DataSet<Purchase>>>();

// ---- collector functions: the output type is the one Flink's Java states (FlatMapFunction<IN, OUT>) ----
const words = env.fromElements("a b").flatMap<Named>((line, out) => {
  for (const w of line.split(" ")) out.collect([w, 1]);
});
assertType<Equal<typeof words, DataSet<Named>>>();
const groups = purchases.groupBy(0).reduceGroup<[number, number]>((values, out) => {
  assertType<Equal<typeof values, Iterable<Purchase>>>();
  let n = 0;
  for (const v of values) n += v[1];
  out.collect([0, n]);
});
assertType<Equal<typeof groups, DataSet<[number, number]>>>();
const combined = purchases.groupBy(0).combineGroup<number>((values, out) => {
  for (const v of values) out.collect(v[1]);
});
assertType<Equal<typeof combined, DataSet<number>>>();
const partitions = users.mapPartition<number>((values, out) => {
  assertType<Equal<typeof values, Iterable<User>>>();
  out.collect(0);
});
assertType<Equal<typeof partitions, DataSet<number>>>();

// ---- joins: pair, function, flat function (with its collector), classes ----
const pairs = users.join(purchases).where(0).equalTo(0);
assertType<Equal<(typeof pairs)["collect"], () => Promise<[User, Purchase][]>>>();
const joined = users.join(purchases).where(0).equalTo(0).with((u, p) => [u[1], p[1]]);
assertType<Equal<typeof joined, JoinOperator<User, Purchase, [string, number]>>>();
const flat = users.join(purchases).where(0).equalTo(0).with<string>((u, p, out) => {
  assertType<Equal<typeof u, User>>();
  assertType<Equal<typeof p, Purchase>>();
  assertType<Equal<typeof out, Collector<string>>>();
  out.collect(`${u[1]} ${p[1]}`);
});
assertType<Equal<typeof flat, JoinOperator<User, Purchase, string>>>();
class Describe extends RichJoinFunction<User, Purchase, string> {
  join(u: User, p: Purchase): string {
    return `${u[1]} ${p[1]}`;
  }
}
const byClass = users.join(purchases).where(0).equalTo(0).with(new Describe());
assertType<Equal<typeof byClass, JoinOperator<User, Purchase, string>>>();
class Explode extends RichFlatJoinFunction<User, Purchase, number> {
  join(_u: User, p: Purchase, out: Collector<number>): void {
    out.collect(p[1]);
  }
}
const byFlatClass = users.join(purchases).where(0).equalTo(0).with(new Explode());
assertType<Equal<typeof byFlatClass, JoinOperator<User, Purchase, number>>>();

// ---- outer joins: the side that can be absent is T | null ----
const left = users.leftOuterJoin(purchases).where(0).equalTo(0).with((u, p) => {
  assertType<Equal<typeof u, User>>();
  assertType<Equal<typeof p, Purchase | null>>();
  return [u[1], p === null ? 0 : p[1]];
});
assertType<Equal<typeof left, JoinOperator<User, Purchase, [string, number]>>>();
const leftPairs = users.leftOuterJoin(purchases).where(0).equalTo(0);
assertType<Equal<(typeof leftPairs)["collect"], () => Promise<[User, Purchase | null][]>>>();
users.rightOuterJoin(purchases).where(0).equalTo(0).with((u, p) => {
  assertType<Equal<typeof u, User | null>>();
  assertType<Equal<typeof p, Purchase>>();
  return p[1];
});
users.fullOuterJoin(purchases).where(0).equalTo(0).with<number>((u, p, out) => {
  assertType<Equal<typeof u, User | null>>();
  assertType<Equal<typeof p, Purchase | null>>();
  out.collect(1);
});
// @ts-expect-error TS18047 'p' is possibly 'null'
users.leftOuterJoin(purchases).where(0).equalTo(0).with((u, p) => p[1]);
// @ts-expect-error TS18047 'u' is possibly 'null'
users.rightOuterJoin(purchases).where(0).equalTo(0).with((u, p) => u[1] + p[1]);
// @ts-expect-error TS18047 'u' is possibly 'null'
users.fullOuterJoin(purchases).where(0).equalTo(0).with((u, p) => u[0] + (p?.[1] ?? 0));
// @ts-expect-error TS18047 'p' is possibly 'null'
users.fullOuterJoin(purchases).where(0).equalTo(0).with<number>((u, p, out) => out.collect(p[1]));

// ---- coGroup: Iterable<T> per side, collector ----
const cogrouped = users.coGroup(purchases).where(0).equalTo(0).with<[number, number]>((us, ps, out) => {
  assertType<Equal<typeof us, Iterable<User>>>();
  assertType<Equal<typeof ps, Iterable<Purchase>>>();
  for (const u of us) for (const p of ps) out.collect([u[0], p[1]]);
});
assertType<Equal<typeof cogrouped, CoGroupOperator<User, Purchase, [number, number]>>>();

// ---- cross ----
const crossed = users.cross(named);
assertType<Equal<(typeof crossed)["collect"], () => Promise<[User, Named][]>>>();
const crossWith = users.cross(named).with((u, n) => [u[0], n[0]]);
assertType<Equal<typeof crossWith, CrossOperator<User, Named, [number, string]>>>();
const crossDescribed = users.crossWithTiny(named).with((u, n) => `${u[1]}${n[1]}`);
assertType<Equal<typeof crossDescribed, CrossOperator<User, Named, string>>>();

// ---- key selectors and reduce see the record type ----
people.groupBy((p) => {
  assertType<Equal<typeof p, Person>>();
  return p.name;
});
users.groupBy(0).reduce((a, b) => {
  assertType<Equal<typeof a, User>>();
  return b;
});

// ---- callbacks that do not fit their inputs ----
// @ts-expect-error TS2339 Property 'name' does not exist
users.map((u) => u.name);
// @ts-expect-error TS2493 Tuple type 'User' of length '2' has no element at index '2'
users.map((u) => u[2]);
// @ts-expect-error TS2345 Type 'string' is not assignable to type 'boolean'
users.filter((u) => u[1]);
// @ts-expect-error TS2345 Type 'number' is not assignable to type 'string'
users.reduce((a, b) => [a[0], a[0] + b[0]]);
// @ts-expect-error TS2345 Argument of type 'number' is not assignable to parameter of type 'string'
users.flatMap<string>((u, out) => out.collect(u[0]));
// @ts-expect-error TS2345 Argument of type 'string' is not assignable to parameter of type 'number'
users.join(purchases).where(0).equalTo(0).with<number>((u, p, out) => out.collect(u[1]));
// @ts-expect-error TS2493 Tuple type 'Purchase' of length '2' has no element at index '2'
users.join(purchases).where(0).equalTo(0).with((u, p) => p[2]);
// @ts-expect-error TS2339 Property 'length' does not exist on type 'Iterable<User>'
users.coGroup(purchases).where(0).equalTo(0).with<number>((us, _ps, out) => out.collect(us.length));
// @ts-expect-error TS2493 Tuple type 'Named' of length '2' has no element at index '3'
users.cross(named).with((u, n) => n[3]);
// @ts-expect-error TS2345 Argument of type 'DataSet<Named>' is not assignable to parameter of type 'DataSet<User>'
users.union(named);
// @ts-expect-error TS2339 Property 'nmae' does not exist on type 'Person'
people.map((p) => p.nmae);
