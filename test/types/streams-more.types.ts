/** More DataStream typings (issue 19): callbacks typed from their inputs, keys and tags checked. */
import {
  Duration,
  OutputTag,
  StreamExecutionEnvironment,
  TumblingEventTimeWindows,
  WatermarkStrategy,
  type Collector,
  type DataStream,
  type KeyedStream,
} from "../../src/index.js";
import { assertType, type Equal } from "./assert.js";

type Event = [string, number, number];
const env = StreamExecutionEnvironment.getExecutionEnvironment();
const events = env.fromElements<Event>(["a", 1, 0]);
const other = env.fromElements<[number, string]>([1, "x"]);
const window = TumblingEventTimeWindows.of(Duration.ofSeconds(5));

// ---- results inferred without type arguments ----
const words = events.flatMap((e, out: Collector<string>) => out.collect(e[0]));
assertType<Equal<typeof words, DataStream<string>>>();
const counts = events.keyBy((e) => e[0]).window(window).process((key, _ctx, elements, out: Collector<[string, number]>) => out.collect([key, elements.length]));
assertType<Equal<typeof counts, DataStream<[string, number]>>>();
const sizes = events
  .coGroup(other)
  .where((e) => e[1])
  .equalTo((o) => o[0])
  .window(window)
  .apply((es, os, out: Collector<number>) => out.collect(es.length + os.length));
assertType<Equal<typeof sizes, DataStream<number>>>();
const keyedByPositionalString = events.keyBy("1");
assertType<Equal<typeof keyedByPositionalString, KeyedStream<Event, number>>>();
const late = new OutputTag<Event>("late");
const windowed = events.keyBy((e) => e[0]).window(window).sideOutputLateData(late).reduce((a, b) => [a[0], a[1] + b[1], b[2]]);
const lateStream = windowed.getSideOutput(late);
assertType<Equal<typeof lateStream, DataStream<Event>>>();
const collected = events.map((e) => e[1]).executeAndCollect(5);
assertType<Equal<typeof collected, Promise<number[]>>>();
const withStrategy = events.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<Event>().withTimestampAssigner((e) => e[2]));
assertType<Equal<typeof withStrategy, DataStream<Event>>>();
const unioned = events.union(env.fromElements<Event>(["b", 2, 1]));
assertType<Equal<typeof unioned, DataStream<Event>>>();

// ---- what must not compile ----
// @ts-expect-error TS2339 Property 'nmae' does not exist on type 'Event'
events.keyBy((e) => e.nmae);
// @ts-expect-error TS2769 Argument of type '"3"' is not assignable to parameter of type 'FieldRefOf<Event>'
events.keyBy("3");
// @ts-expect-error TS2339 Property 'window' does not exist on type 'DataStream<Event>'
events.window(window);
// @ts-expect-error TS2345 Argument of type 'DataStream<[number, string]>' is not assignable to parameter of type 'DataStream<Event>'
events.union(other);
// @ts-expect-error TS2345 Argument of type 'OutputTag<number>' is not assignable to parameter of type 'OutputTag<Event>'
events.keyBy((e) => e[0]).window(window).sideOutputLateData(new OutputTag<number>("late"));
// @ts-expect-error TS2345 Argument of type 'WatermarkStrategy<[number, string]>' is not assignable
events.assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<[number, string]>());
// @ts-expect-error TS2339 Property 'toUpperCase' does not exist on type 'number'
events.keyBy((e) => e[1]).window(window).apply((key, _w, _input, out: Collector<string>) => out.collect(key.toUpperCase()));
// @ts-expect-error TS2322 Type 'string' is not assignable to type 'number'
events.keyBy((e) => e[0]).window(window).aggregate({ createAccumulator: () => 0, add: (e: Event, _acc: number) => e[0], getResult: (acc: number) => acc });
// @ts-expect-error TS2345 Argument of type 'string' is not assignable to parameter of type 'number'
events.coGroup(other).where((e) => e[1]).equalTo((o) => o[0]).window(window).apply((es, _os, out: Collector<number>) => out.collect(es[0]![0]));
// @ts-expect-error TS2353 'invok' does not exist in type 'SinkFunction<Event>'
events.addSink({ invok() {} });
// @ts-expect-error TS2322 Type '(v: number) => void' is not assignable to type '(value: Event, context: SinkContext) => void'
events.addSink({ invoke(v: number) { void v; } });
// @ts-expect-error TS2493 Tuple type 'Event' of length '3' has no element at index '3'
events.join(other).where((e) => e[3]);
