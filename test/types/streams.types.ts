/** The DataStream API: keyBy, windowed join/coGroup where/equalTo, window functions (issue 19). */
import { Duration, StreamExecutionEnvironment, TumblingEventTimeWindows, type Collector, type DataStream, type KeyedStream } from "../../src/index.js";
import { assertType, type Equal } from "./assert.js";

type Event = [string, number, number];
const env = StreamExecutionEnvironment.getExecutionEnvironment();
const events = env.fromElements<Event>(["a", 1, 0]);
const other = env.fromElements<[number, string]>([1, "x"]);
const window = TumblingEventTimeWindows.of(Duration.ofSeconds(5));

const literal = env.fromElements(["a", 1], ["b", 2]);
assertType<Equal<typeof literal, DataStream<[string, number]>>>();
const mapped = events.map((e) => [e[0], e[1] * 2]);
assertType<Equal<typeof mapped, DataStream<[string, number]>>>();
const flat = events.flatMap<string>((e, out) => out.collect(e[0]));
assertType<Equal<typeof flat, DataStream<string>>>();
const keyedBySelector = events.keyBy((e) => e[0]);
assertType<Equal<typeof keyedBySelector, KeyedStream<Event, string>>>();
const keyedByPosition = events.keyBy(1);
assertType<Equal<typeof keyedByPosition, KeyedStream<Event, number>>>();
const keyedByTwo = events.keyBy(0, 1);
assertType<Equal<typeof keyedByTwo, KeyedStream<Event, [string, number]>>>();
const keyedByName = events.keyBy("f0");
assertType<Equal<typeof keyedByName, KeyedStream<Event, string>>>();

const reduced = keyedBySelector.window(window).reduce((a, b) => [a[0], a[1] + b[1], b[2]]);
assertType<Equal<typeof reduced, DataStream<Event>>>();
const processed = keyedBySelector.window(window).process<number>((key, _ctx, elements, out) => {
  assertType<Equal<typeof key, string>>();
  assertType<Equal<typeof elements, Event[]>>();
  out.collect(elements.length);
});
assertType<Equal<typeof processed, DataStream<number>>>();
const applied = keyedByPosition.window(window).apply<string>((key, _w, input, out) => {
  assertType<Equal<typeof key, number>>();
  out.collect(`${key}:${input.length}`);
});
assertType<Equal<typeof applied, DataStream<string>>>();
const averaged = keyedBySelector.window(window).aggregate({
  createAccumulator: (): [number, number] => [0, 0],
  add: (e: Event, acc: [number, number]): [number, number] => [acc[0] + e[1], acc[1] + 1],
  getResult: (acc: [number, number]) => acc[0] / acc[1],
  merge: (a: [number, number], b: [number, number]): [number, number] => [a[0] + b[0], a[1] + b[1]],
});
assertType<Equal<typeof averaged, DataStream<number>>>();

const joined = events.join(other).where((e) => e[1]).equalTo((o) => o[0]).window(window).apply((e, o) => [e[0], o[1]]);
assertType<Equal<typeof joined, DataStream<[string, string]>>>();
const flatJoined = events.join(other).where((e) => e[1]).equalTo((o) => o[0]).window(window).apply<string>((e, o, out) => {
  assertType<Equal<typeof e, Event>>();
  assertType<Equal<typeof o, [number, string]>>();
  assertType<Equal<typeof out, Collector<string>>>();
  out.collect(e[0] + o[1]);
});
assertType<Equal<typeof flatJoined, DataStream<string>>>();
const cogrouped = events.coGroup(other).where((e) => e[1]).equalTo((o) => o[0]).window(window).apply<number>((es, os, out) => {
  assertType<Equal<typeof es, Event[]>>();
  assertType<Equal<typeof os, [number, string][]>>();
  out.collect(es.length + os.length);
});
assertType<Equal<typeof cogrouped, DataStream<number>>>();

// @ts-expect-error TS2769 Argument of type '3' is not assignable to parameter of type 'FieldRefOf<Event>'
events.keyBy(3);
// @ts-expect-error TS2769 Argument of type '"f3"' is not assignable to parameter of type 'FieldRefOf<Event>'
events.keyBy("f3");
// @ts-expect-error TS2769 Argument of type '"name"' is not assignable to parameter of type 'FieldRefOf<Event>'
events.keyBy("name");
// @ts-expect-error TS2345 Type 'string' is not assignable to type 'number'
events.join(other).where((e) => e[1]).equalTo((o) => o[1]);
// @ts-expect-error TS2345 Type 'number' is not assignable to type 'string'
events.coGroup(other).where((e) => e[0]).equalTo((o) => o[0]);
// @ts-expect-error TS2493 Tuple type '[number, string]' of length '2' has no element at index '2'
events.join(other).where((e) => e[1]).equalTo((o) => o[0]).window(window).apply((e, o) => o[2]);
// @ts-expect-error TS2345 Argument of type 'number' is not assignable to parameter of type 'string'
events.join(other).where((e) => e[1]).equalTo((o) => o[0]).window(window).apply<string>((e, o, out) => out.collect(e[1]));
// @ts-expect-error TS2339 Property 'length' does not exist on type 'number'
keyedByPosition.window(window).process<number>((key, _ctx, _elements, out) => out.collect(key.length));
// @ts-expect-error TS2345 Type 'string' is not assignable to type 'number'
keyedBySelector.window(window).reduce((a, b) => [a[0], a[0] + b[0], 0]);
// @ts-expect-error TS2345 Argument of type 'string' is not assignable to parameter of type 'number'
events.map((e) => e[0]).filter((s) => s.length > 0).flatMap<number>((s, out) => out.collect(s));
