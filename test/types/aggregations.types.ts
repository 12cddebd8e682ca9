/** Aggregations take numeric fields (SUM) or comparable ones (MIN/MAX, minBy/maxBy) (issue 19). */
import { Aggregations, type AggregateDataSet, type DataSet, type NumericField } from "../../src/index.js";
import { assertType, type Equal } from "./assert.js";
import { named, people, purchases, users, type Person, type Purchase, type User } from "./fixtures.js";

assertType<Equal<NumericField<User>, 0 | "f0" | "0">>();
assertType<Equal<NumericField<[number, string, bigint]>, 0 | 2 | "f0" | "f2" | "0" | "2">>();
assertType<Equal<NumericField<Person>, "id" | "address.zip">>();

const summed = purchases.sum(1);
assertType<Equal<typeof summed, AggregateDataSet<Purchase>>>();
const grouped = purchases.groupBy(0).sum(1).andMax(0);
assertType<Equal<typeof grouped, AggregateDataSet<Purchase>>>();
const peopleByCity = people.groupBy("address.city").sum("address.zip");
assertType<Equal<typeof peopleByCity, AggregateDataSet<Person>>>();
const minBy = users.groupBy(1).minBy(0, 1);
assertType<Equal<typeof minBy, DataSet<User>>>();
users.min(1);
users.max("f1");
users.aggregate(Aggregations.MIN, 1);
named.groupBy(0).aggregate(Aggregations.SUM, 1).and(Aggregations.MAX, 0);

// @ts-expect-error TS2345 Argument of type '1'
users.sum(1);
// @ts-expect-error TS2345 Argument of type '"f1"'
users.sum("f1");
// @ts-expect-error TS2345 Argument of type '7'
users.sum(7);
// @ts-expect-error TS2345 Argument of type '"name"'
people.sum("name");
// @ts-expect-error TS2345 Argument of type '"address.city"'
people.groupBy("id").sum("address.city");
// @ts-expect-error TS2345 Argument of type '"address"'
people.groupBy("id").sum("address");
// @ts-expect-error TS2345 Argument of type '0'
named.groupBy(1).sum(0);
// @ts-expect-error TS2345 Argument of type '0'
named.groupBy(1).sum(1).andSum(0);
// @ts-expect-error TS2345 Argument of type '0'
named.aggregate(Aggregations.SUM, 0);
// @ts-expect-error TS2345 Argument of type '0'
named.groupBy(1).aggregate(Aggregations.SUM, 1).and(Aggregations.SUM, 0);
// @ts-expect-error TS2345 Argument of type '9'
purchases.max(9);
// @ts-expect-error TS2345 Argument of type '"tags"'
people.min("tags");
// @ts-expect-error TS2345 Argument of type '3'
users.groupBy(1).maxBy(0, 3);
// @ts-expect-error TS2345 Argument of type '"address"'
people.minBy("address");
// Positional strings name the same fields as positions.
purchases.sum("1");
purchases.groupBy("0").max("1");
// @ts-expect-error TS2345 Argument of type '"0"'
named.sum("0");
