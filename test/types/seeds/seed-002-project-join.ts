/** Seed 002 (JoinOperator.ProjectJoin): projectFirst/projectSecond build flat tuples; forwarded fields per input. */
import { ExecutionEnvironment, type DataSet } from "../../../src/index.js";

const env = ExecutionEnvironment.getExecutionEnvironment();
const input1 = env.fromElements([1, "a", 3.5], [2, "b", 1.0]);
const input2 = env.fromElements([1, true], [2, false]);

// DataSet<Tuple3<String, Double, Boolean>>
const projected: DataSet<[string, number, boolean]> = input1.join(input2).where(0).equalTo(0).projectFirst(1, 2).projectSecond(1);
const whole = input1.join(input2).where(0).equalTo(0).projectSecond().projectFirst(0);
const annotated = input1.join(input2).where(0).equalTo(0).projectFirst(0).projectSecond(1).withForwardedFieldsFirst("f0");

export const programs = [projected, whole, annotated];
