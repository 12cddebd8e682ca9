/** readCsvFile: every CsvReader option of API.md, at parallelism 1 and 4 (tiny splits at 4). */
import { test } from "node:test";
import assert from "node:assert/strict";
import { join } from "node:path";
import { mkdirSync, writeFileSync } from "node:fs";
import { ExecutionEnvironment, INVALID_LINES_ACCUMULATOR, InvalidProgramException, type DataSet } from "../../src/index.js";
import { assertSameRecords, testAtParallelism } from "../helpers.js";
import { tempDir, tempFile } from "./tmp.js";

const USERS = "1,Alice,30\n2,Bob,41\n3,Carol,27\n";

testAtParallelism("types reads tuples of string, number, bigint and boolean", async (env) => {
  const path = tempFile("t.csv", "a,1.5,9007199254740993,true\nb,-2,-7,FALSE\nc,1e3,+0,1\nd,NaN,12,0\n");
  const ds: DataSet<[string, number, bigint, boolean]> = env.readCsvFile(path).types("string", "number", "bigint", "boolean");
  const rows = await ds.collect();
  assertSameRecords(rows, [["a", 1.5, 9007199254740993n, true], ["b", -2, -7n, false], ["c", 1000, 0n, true], ["d", NaN, 12n, false]]);
});

testAtParallelism("fieldDelimiter of several characters", async (env) => {
  const path = tempFile("t.csv", "1<>Alice<>30\n2<>Bob<>41\n");
  assertSameRecords(await env.readCsvFile(path).fieldDelimiter("<>").types("number", "string", "number").collect(), [[1, "Alice", 30], [2, "Bob", 41]]);
});

testAtParallelism("lineDelimiter of several characters, and CRLF under the default", async (env) => {
  const path = tempFile("t.csv", "1,Alice;;2,Bob;;3,Carol");
  assertSameRecords(await env.readCsvFile(path).lineDelimiter(";;").types("number", "string").collect(), [[1, "Alice"], [2, "Bob"], [3, "Carol"]]);
  const crlf = tempFile("w.csv", "1,Alice\r\n2,Bob\r\n");
  assertSameRecords(await env.readCsvFile(crlf).types("number", "string").collect(), [[1, "Alice"], [2, "Bob"]]);
});

testAtParallelism("ignoreFirstLine skips the header of every file of a directory", async (env) => {
  const dir = tempDir();
  writeFileSync(join(dir, "part-a.csv"), "id,name\n1,Alice\n2,Bob\n");
  writeFileSync(join(dir, "part-b.csv"), "id,name\n3,Carol\n");
  assertSameRecords(await env.readCsvFile(dir).ignoreFirstLine().types("number", "string").collect(), [[1, "Alice"], [2, "Bob"], [3, "Carol"]]);
});

testAtParallelism("ignoreComments skips lines starting with the prefix", async (env) => {
  const path = tempFile("t.csv", "// users\n1,Alice\n//2,Bob\n3,Carol\n");
  assertSameRecords(await env.readCsvFile(path).ignoreComments("//").types("number", "string").collect(), [[1, "Alice"], [3, "Carol"]]);
});

testAtParallelism("ignoreInvalidLines skips and counts bad lines in the JobExecutionResult", async (env) => {
  const path = tempFile("t.csv", '1,Alice,30\n2,Bob\nx,Carol,27\n4,"Dan,50\n5,Eve,22\n');
  const ds = env.readCsvFile(path).parseQuotedStrings('"').ignoreInvalidLines().types("number", "string", "number");
  ds.output({ open() {}, writeRecord() {}, close() {} });
  const result = await env.execute();
  assert.equal(result.getAccumulatorResult(INVALID_LINES_ACCUMULATOR), 3);
  assert.equal(INVALID_LINES_ACCUMULATOR, "skipped-invalid-lines");
  assertSameRecords(await ds.collect(), [[1, "Alice", 30], [5, "Eve", 22]]);
  assert.equal(env.getLastJobExecutionResult()?.getAccumulatorResult(INVALID_LINES_ACCUMULATOR), 3);
});

testAtParallelism("parseQuotedStrings: escaped quotes and delimiters inside quotes", async (env) => {
  const path = tempFile("t.csv", '1,"Smith, John","He said ""hi"""\n2,plain,"a\tb"\n');
  const rows = await env.readCsvFile(path).parseQuotedStrings('"').types("number", "string", "string").collect();
  assertSameRecords(rows, [[1, "Smith, John", 'He said "hi"'], [2, "plain", "a\tb"]]);
  const single = tempFile("s.csv", "1,'it''s'\n");
  assert.deepEqual(await env.readCsvFile(single).parseQuotedStrings("'").types("number", "string").collect(), [[1, "it's"]]);
});

testAtParallelism("without parseQuotedStrings quotes are data", async (env) => {
  const path = tempFile("t.csv", '1,"x"\n');
  assert.deepEqual(await env.readCsvFile(path).types("number", "string").collect(), [[1, '"x"']]);
});

testAtParallelism("includeFields as mask string, booleans, boolean array and bit mask", async (env) => {
  const path = tempFile("t.csv", "1,Alice,30,NY\n2,Bob,41,LA\n");
  const expected = [[1, 30], [2, 41]];
  assertSameRecords(await env.readCsvFile(path).includeFields("1010").types("number", "number").collect(), expected);
  assertSameRecords(await env.readCsvFile(path).includeFields("TfT").types("number", "number").collect(), expected);
  assertSameRecords(await env.readCsvFile(path).includeFields(true, false, true).types("number", "number").collect(), expected);
  assertSameRecords(await env.readCsvFile(path).includeFields([true, false, true, false]).types("number", "number").collect(), expected);
  assertSameRecords(await env.readCsvFile(path).includeFields(0b1010).types("string", "string").collect(), [["Alice", "NY"], ["Bob", "LA"]]);
});

testAtParallelism("without includeFields the first n columns are read and the rest ignored (Flink)", async (env) => {
  const path = tempFile("t.csv", "1,Alice,30,NY\n");
  assert.deepEqual(await env.readCsvFile(path).types("number", "string").collect(), [[1, "Alice"]]);
});

testAtParallelism("pojoType reads objects: kinds default to string, or per field", async (env) => {
  const path = tempFile("t.csv", USERS);
  assertSameRecords(await env.readCsvFile(path).pojoType(["id", "name", "age"]).collect(), [
    { id: "1", name: "Alice", age: "30" }, { id: "2", name: "Bob", age: "41" }, { id: "3", name: "Carol", age: "27" },
  ]);
  const typed = await env.readCsvFile(path).includeFields("101").pojoType(["id", "age"], ["number", "number"]).collect();
  assertSameRecords(typed, [{ id: 1, age: 30 }, { id: 2, age: 41 }, { id: 3, age: 27 }]);
  const byName = await env
    .readCsvFile(path)
    .pojoType<{ id: number; name: string; age: number }>(["id", "name", "age"], { id: "number", age: "number" })
    .collect();
  assert.equal(byName.find((u) => u.id === 2)?.age, 41);
});

testAtParallelism("a CSV source's shape allows keys and sums at definition", async (env) => {
  const path = tempFile("t.csv", "a,1\nb,2\na,3\n");
  assertSameRecords(await env.readCsvFile(path).types("string", "number").groupBy(0).sum(1).collect(), [["a", 4], ["b", 2]]);
  // @ts-expect-error -- checks the run-time error an untyped JavaScript caller gets
  assert.throws(() => env.readCsvFile(path).types("string", "number").groupBy(2), InvalidProgramException);
});

test("bad options fail at definition naming the path and the reason", () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const r = () => env.readCsvFile("/data/x.csv");
  const bad: [() => unknown, RegExp][] = [
    [() => r().fieldDelimiter(""), /field delimiter/],
    [() => r().lineDelimiter(""), /line delimiter/],
    [() => r().ignoreComments(""), /comment prefix/],
    [() => r().parseQuotedStrings("''"), /quote character/],
    [() => r().includeFields("10x"), /mask/],
    [() => r().includeFields("000"), /at least one field/],
    [() => r().types("number", "date" as "number"), /unknown field type "date"/],
    [() => r().types(), /at least one field type/],
    [() => r().includeFields("101").types("number"), /selects 2 field\(s\) but 1 type/],
    [() => r().fieldDelimiter(";").lineDelimiter(";").types("string"), /must not contain each other/],
    [() => r().fieldDelimiter("|").parseQuotedStrings("|").types("string"), /quote character/],
    [() => r().pojoType(["a", "a"]), /twice/],
    [() => r().pojoType(["a", "b"], ["number"]), /2 field name\(s\) but 1 kind/],
  ];
  for (const [fn, message] of bad) {
    assert.throws(fn, (e: unknown) => e instanceof InvalidProgramException && message.test(e.message) && e.message.includes("/data/x.csv"), String(message));
  }
});

test("a reader can define several sources", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const reader = env.readCsvFile(tempFile("t.csv", USERS));
  const ids = await reader.includeFields("1").types("number").collect();
  const names = await reader.includeFields("01").types("string").collect();
  assertSameRecords(ids, [[1], [2], [3]]);
  assertSameRecords(names, [["Alice"], ["Bob"], ["Carol"]]);
});

test("a directory skips hidden and underscore files and does not descend unless nested", async () => {
  const dir = tempDir();
  writeFileSync(join(dir, "a.csv"), "1\n");
  writeFileSync(join(dir, ".hidden"), "2\n");
  writeFileSync(join(dir, "_SUCCESS"), "3\n");
  mkdirSync(join(dir, "sub"));
  writeFileSync(join(dir, "sub", "b.csv"), "4\n");
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  assert.deepEqual(await env.readCsvFile(dir).types("number").collect(), [[1]]);
});
