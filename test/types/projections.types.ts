/** Typed projections: project, and projectFirst/projectSecond of joins and crosses (issue 19). */
import type { DataSet, ProjectCross, ProjectJoin } from "../../src/index.js";
import { assertType, type Equal } from "./assert.js";
import { named, purchases, users, type Named, type Purchase, type User } from "./fixtures.js";

const swapped = users.project(1, 0);
assertType<Equal<typeof swapped, DataSet<[string, number]>>>();
const one = users.project(1);
assertType<Equal<typeof one, DataSet<[string]>>>();
const triple = users.project(0, 0, 1);
assertType<Equal<typeof triple, DataSet<[number, number, string]>>>();

const pj = users.join(purchases).where(0).equalTo(0).projectFirst(1).projectSecond(0);
assertType<Equal<typeof pj, ProjectJoin<User, Purchase, [string, number]>>>();
const pj2 = users.join(purchases).where(0).equalTo(0).projectSecond(1).projectFirst(0, 1);
assertType<Equal<typeof pj2, ProjectJoin<User, Purchase, [number, number, string]>>>();
const whole = users.join(purchases).where(0).equalTo(0).projectFirst().projectSecond(1);
assertType<Equal<typeof whole, ProjectJoin<User, Purchase, [User, number]>>>();
const leftOuter = users.leftOuterJoin(named).where(1).equalTo(0).projectFirst(0).projectSecond(1);
assertType<Equal<typeof leftOuter, ProjectJoin<User, Named, [number, number | null], User, Named | null>>>();
const rightOuter = users.rightOuterJoin(named).where(1).equalTo(0).projectFirst(1).projectSecond(0);
assertType<Equal<typeof rightOuter, ProjectJoin<User, Named, [string | null, string], User | null, Named>>>();
const fullOuter = users.fullOuterJoin(named).where(1).equalTo(0).projectSecond().projectFirst(0);
assertType<Equal<typeof fullOuter, ProjectJoin<User, Named, [Named | null, number | null], User | null, Named | null>>>();
const pc = users.cross(named).projectFirst(1).projectSecond(1, 0);
assertType<Equal<typeof pc, ProjectCross<User, Named, [string, number, string]>>>();
const pcw = users.cross(named).projectSecond().projectFirst();
assertType<Equal<typeof pcw, ProjectCross<User, Named, [Named, User]>>>();
const projectedAgain = pj.project(1);
assertType<Equal<typeof projectedAgain, DataSet<[number]>>>();

// @ts-expect-error TS2345 Argument of type '2'
users.project(2);
// @ts-expect-error TS2345 Argument of type '"f0"'
users.project("f0");
// @ts-expect-error TS2345 Argument of type '9'
users.join(purchases).where(0).equalTo(0).projectFirst(9);
// @ts-expect-error TS2345 Argument of type '2'
users.join(purchases).where(0).equalTo(0).projectFirst(1).projectSecond(2);
// @ts-expect-error TS2345 Argument of type '5'
users.join(purchases).where(0).equalTo(0).projectSecond(0).projectFirst(5);
// @ts-expect-error TS2345 Argument of type '3'
users.cross(named).projectFirst(3);
// @ts-expect-error TS2345 Argument of type '2'
users.cross(named).projectFirst(0).projectSecond(2);
// @ts-expect-error TS2322 Type 'string' is not assignable to type 'number'
const wrong: DataSet<[number, number]> = users.join(purchases).where(0).equalTo(0).projectFirst(1).projectSecond(0);
void wrong;
// @ts-expect-error TS2339 Property 'projectFirst' does not exist
users.join(purchases).where(0).equalTo(0).with((u, p) => u[1] + p[1]).projectFirst(0);
