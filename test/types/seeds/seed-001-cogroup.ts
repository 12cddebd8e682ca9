/** Seed 001 (CoGroupFunction): `set1.coGroup(set2).where(<key>).equalTo(<key>).with(new MyCoGroupFunction())`. */
import { ExecutionEnvironment, RichCoGroupFunction, type Collector } from "../../../src/index.js";

const env = ExecutionEnvironment.getExecutionEnvironment();
const set1 = env.fromElements([1, "x"], [2, "y"]);
const set2 = env.fromElements([1, 0.5], [3, 1.5]);

// The Java class states CoGroupFunction<IN1, IN2, O>.
class MyCoGroupFunction extends RichCoGroupFunction<[number, string], [number, number], string> {
  coGroup(first: Iterable<[number, string]>, second: Iterable<[number, number]>, out: Collector<string>): void {
    let n = 0;
    for (const s of second) n += s[1];
    for (const f of first) out.collect(`${f[1]} ${n}`);
  }
}

const withClass = set1.coGroup(set2).where(0).equalTo(0).with(new MyCoGroupFunction());
// The same as a lambda: each side's group is an Iterable of that side's records, one may be empty.
const withLambda = set1.coGroup(set2).where(0).equalTo(0).with<string>((first, second, out) => {
  const firsts = [...first];
  const seconds = [...second];
  if (firsts.length === 0) out.collect(`only second: ${seconds.map((s) => s[1]).join(",")}`);
  for (const f of firsts) out.collect(`${f[1]}: ${seconds.length}`);
});

export const programs = [withClass, withLambda];
