/** Keys from the record type: tuple positions, field expressions, key selectors (issue 19). */
import { Order } from "../../src/index.js";
import type { FieldExpression, KeyType, TuplePosition } from "../../src/index.js";
import { assertType, type Equal } from "./assert.js";
import { named, nested, people, purchases, users, type Person, type User } from "./fixtures.js";

// ---- what the key types are ----
assertType<Equal<TuplePosition<User>, 0 | 1>>();
assertType<Equal<TuplePosition<[number, string, boolean]>, 0 | 1 | 2>>();
assertType<Equal<TuplePosition<Person>, never>>();
assertType<Equal<FieldExpression<User>, "*" | "f0" | "f1" | "0" | "1">>();
assertType<
  Equal<
    FieldExpression<[[number, string], boolean]>,
    "*" | "f0" | "0" | "f0.*" | "0.*" | "f0.f0" | "f0.0" | "0.f0" | "0.0" | "f0.f1" | "f0.1" | "0.f1" | "0.1" | "f1" | "1"
  >
>();
assertType<Equal<Extract<FieldExpression<Person>, "address.city" | "address.*" | "name">, "address.city" | "address.*" | "name">>();
assertType<Equal<KeyType<User, 1>, string>>();
// Positional strings, as Flink's (f?)[0-9]+: "1" is "f1", at every level.
assertType<Equal<KeyType<User, "1">, string>>();
assertType<Equal<KeyType<[[number, string], boolean], "0.1">, string>>();
assertType<Equal<KeyType<[[number, string], boolean], "0.f0">, number>>();
assertType<Equal<KeyType<Person, "address.zip">, number>>();
assertType<Equal<KeyType<User, (u: User) => boolean>, boolean>>();

// ---- groupBy: valid keys compile ----
users.groupBy(0);
users.groupBy(1, 0);
users.groupBy("f1");
users.groupBy("*");
users.groupBy((u) => u[1].length);
people.groupBy("name");
people.groupBy("address.city");
people.groupBy("address.*");
people.groupBy((p) => p.address.zip);
nested.groupBy("f0.f1");
users.groupBy("0", "1");
nested.groupBy("0.1");
nested.distinct("0.0");

// ---- groupBy: invalid keys do not ----
// @ts-expect-error TS2345 Argument of type '5'
users.groupBy(5);
// @ts-expect-error TS2345 Argument of type '2'
users.groupBy(0, 2);
// @ts-expect-error TS2345 Argument of type '-1'
users.groupBy(-1);
// @ts-expect-error TS2345 Argument of type '"f2"'
users.groupBy("f2");
// @ts-expect-error TS2345 Argument of type '"2"'
users.groupBy("2");
// @ts-expect-error TS2345 Argument of type '"0.2"'
nested.groupBy("0.2");
// @ts-expect-error TS2345 Argument of type '"01x"'
users.groupBy("01x");
// @ts-expect-error TS2345 Argument of type '"name"'
users.groupBy("name");
// @ts-expect-error TS2345 Argument of type '"nmae"'
people.groupBy("nmae");
// @ts-expect-error TS2345 Argument of type '"address.ctiy"'
people.groupBy("address.ctiy");
// @ts-expect-error TS2345 Argument of type '0'
people.groupBy(0);
// @ts-expect-error TS2345 Argument of type '"f0.f2"'
nested.groupBy("f0.f2");
// @ts-expect-error TS2339 Property 'nmae' does not exist
people.groupBy((p) => p.nmae);
// @ts-expect-error TS2345 Argument of type 'true'
users.groupBy(true);

// ---- the other keyed operators ----
users.distinct();
users.distinct(1);
users.partitionByHash(0);
users.partitionByRange("f0");
users.sortPartition(1, Order.ASCENDING).sortPartition(0, Order.DESCENDING);
users.groupBy(0).sortGroup(1, Order.ASCENDING);
people.partitionByHash("address.zip");
users.partitionCustom((k: number, n) => k % n, 0);
// @ts-expect-error TS2345 Argument of type '3'
users.distinct(3);
// @ts-expect-error TS2345 Argument of type '7'
users.partitionByHash(7);
// @ts-expect-error TS2345 Argument of type '"id"'
users.partitionByRange("id");
// @ts-expect-error TS2345 Argument of type '4'
users.sortPartition(4, Order.ASCENDING);
// @ts-expect-error TS2345 Argument of type '2'
users.sortPartition(0, Order.ASCENDING).sortPartition(2, Order.ASCENDING);
// @ts-expect-error TS2345 Argument of type '2'
users.groupBy(0).sortGroup(2, Order.ASCENDING);
// @ts-expect-error TS2345 Argument of type '"zipp"'
people.groupBy("name").sortGroup("zipp", Order.ASCENDING);
// @ts-expect-error TS2345 Argument of type '"city"'
people.distinct("city");

// ---- join keys must agree ----
users.join(purchases).where(0).equalTo(0);
users.join(purchases).where("f0").equalTo((p) => p[0]);
users.join(purchases).where((u) => u[0]).equalTo(0);
people.join(users).where("id").equalTo(0);
people.join(users).where("name", "id").equalTo(1, 0);
users.coGroup(purchases).where(0).equalTo(0);
named.join(users).where(0).equalTo(1);
// @ts-expect-error TS2345 Argument of type '1'
users.join(named).where(1).equalTo(1);
// @ts-expect-error TS2345 Argument of type '1'
named.join(users).where(1).equalTo(1);
// @ts-expect-error TS2345 Argument of type '0'
users.join(named).where(0).equalTo(0);
// @ts-expect-error TS2345 parameter of type 'KeySelector<Purchase, string> | KeySelector<Purchase, [string]>'
users.join(purchases).where(1).equalTo(1);
// @ts-expect-error TS2345 Argument of type '"f0"'
users.leftOuterJoin(named).where("f0").equalTo("f0");
// @ts-expect-error TS2345 parameter of type 'MatchingKeys<Purchase, [number, string]>'
users.join(purchases).where(0, 1).equalTo(0);
// @ts-expect-error TS2554 Expected 1 arguments, but got 2
users.join(purchases).where(0).equalTo(0, 1);
// @ts-expect-error TS2345 Type 'string' is not assignable to type 'number'
users.join(purchases).where(0).equalTo((p) => String(p[0]));
// @ts-expect-error TS2345 Argument of type '"id"'
people.join(users).where("name").equalTo("id");
// @ts-expect-error TS2345 Argument of type '0'
people.join(users).where("name").equalTo(0);
// @ts-expect-error TS2345 parameter of type 'KeySelector<Purchase, string> | KeySelector<Purchase, [string]>'
users.coGroup(purchases).where(1).equalTo(0);
// @ts-expect-error TS2345 Argument of type '1'
users.coGroup(named).where(1).equalTo(1);
// @ts-expect-error TS2345 Argument of type '5'
users.join(purchases).where(5);
// @ts-expect-error TS2345 Argument of type '5'
users.join(purchases).where(0).equalTo(5);
// @ts-expect-error TS2345 Argument of type '"nmae"'
people.coGroup(users).where("nmae");
// A composite key against one tuple-valued field holding the same types (flattened, as Flink's), both ways.
nested.join(users).where(0).equalTo(0, 1);
users.join(nested).where(0, 1).equalTo(0);
users.coGroup(nested).where("f0", "f1").equalTo("f0");
// @ts-expect-error TS2345 parameter of type 'MatchingKeys<[[number, string], boolean], [number, number]>'
purchases.join(nested).where(0, 1).equalTo(0);
// A one-field key against a selector returning that field as a 1-tuple, both ways.
purchases.join(users).where(0).equalTo((u) => [u[0]]);
users.coGroup(purchases).where((u) => [u[0]]).equalTo(0);
// @ts-expect-error TS2345 Argument of type '(u: User) => [string]' is not assignable
purchases.join(users).where(0).equalTo((u) => [u[1]]);
