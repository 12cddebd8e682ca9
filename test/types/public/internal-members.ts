/**
 * Compiled by scripts/check-type-tests.mjs against the package's own .d.ts (built in memory with
 * tsconfig.build.json, stripInternal), as a user's project sees `import ... from "sluice"`:
 * the members the library uses internally are not there (issue 19).
 */
import { ExecutionEnvironment, StreamExecutionEnvironment, type DataSet } from "sluice";

const env = ExecutionEnvironment.createLocalEnvironment(1);
const ds: DataSet<[number, string]> = env.fromElements<[number, string]>([1, "a"], [2, "b"]);

// The public API is all there: a small program compiles against the .d.ts.
const counts = ds.groupBy(1).reduceGroup((rows, out) => out.collect([[...rows].length, "n"] as [number, string]));
const joined = ds.join(counts).where(0).equalTo(0).projectFirst(1).projectSecond(0);
void joined.print();

// @ts-expect-error TS2339 Property 'node' does not exist on type 'DataSet<[number, string]>'
void ds.node;
// @ts-expect-error TS2339 Property 'env' does not exist on type 'DataSet<[number, string]>'
void ds.env;
// @ts-expect-error TS2339 Property 'derive' does not exist on type 'DataSet<[number, string]>'
void ds.derive;
// @ts-expect-error TS2339 Property 'shape' does not exist on type 'DataSet<[number, string]>'
void ds.shape;
// @ts-expect-error TS2339 Property 'input' does not exist on type 'UnsortedGrouping<[number, string]>'
void ds.groupBy(0).input;
// @ts-expect-error TS2339 Property 'key' does not exist on type 'UnsortedGrouping<[number, string]>'
void ds.groupBy(0).key;
// @ts-expect-error TS2339 Property 'first' does not exist on type 'JoinOperatorSets<
void ds.join(ds).first;
// @ts-expect-error TS2339 Property 'node' does not exist on type 'DataSink<[number, string]>'
void ds.output({ open() {}, writeRecord() {}, close() {} }).node;
// @ts-expect-error TS2339 Property 'operators' does not exist on type 'ExecutionEnvironment'
void env.operators;
// @ts-expect-error TS2339 Property 'addSink' does not exist on type 'ExecutionEnvironment'
void env.addSink;
// @ts-expect-error TS2339 Property 'getJobListeners' does not exist on type 'ExecutionConfig'
void env.getConfig().getJobListeners;

const senv = StreamExecutionEnvironment.getExecutionEnvironment();
const stream = senv.fromElements(1, 2, 3);
// @ts-expect-error TS2339 Property 'transformation' does not exist on type 'DataStream<number>'
void stream.transformation;
// @ts-expect-error TS2339 Property 'transform' does not exist on type 'DataStream<number>'
void stream.transform;
// @ts-expect-error TS2339 Property 'key' does not exist on type 'KeyedStream<number, number>'
void stream.keyBy((x) => x).key;
// @ts-expect-error TS2339 Property 'addOperator' does not exist on type 'StreamExecutionEnvironment'
void senv.addOperator;
