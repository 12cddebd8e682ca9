/**
 * Seed 003: left, right and inner joins of two socket streams, built from a windowed coGroup
 * (5-second tumbling event-time windows, watermarks with zero out-of-orderness, parallelism 2,
 * chaining disabled). The records are `name,value,timestamp`; the coGroup key is the value and
 * the join condition the timestamp.
 *
 * `npm start` (or `npx tsx examples/stream-cogroup-join.ts [--form left|right|inner]`) opens two
 * loopback servers, feeds the seed's batches in the seed's order, lets the first window fire,
 * then cancels the job and closes the servers: the left form prints the seed's six lines.
 * Cancelling matters: a socket source that reaches EOF ends, and a finished source emits the
 * end-of-time watermark, which would also fire the second window (as on Flink).
 *
 * Against servers of your own (e.g. `nc -lk 8888` and `nc -lk 9999`, or
 * `npx tsx examples/streaming/socket-driver.ts 8888 9999`):
 *   npx tsx examples/stream-cogroup-join.ts left localhost 8888 9999
 */
import {
  Duration, RichCoGroupFunction, StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy,
  type Collector, type DataStream, defineJob } from "../src/index.js";
import { feedSeed, openLineServer, sleep } from "./streaming/socket-driver.js";

export const title = "Left/right/inner join of two socket streams with a windowed coGroup (seed 003)";
export const order = 60;

type Event = [name: string, value: string, timestamp: number];
type Joined = [name: string, leftValue: string, rightValue: string, leftTimestamp: number, rightTimestamp: number];
export type JoinForm = "left" | "right" | "inner";

/** Every left record, joined with the right records of equal timestamp, or with blanks. */
export class LeftJoin extends RichCoGroupFunction<Event, Event, Joined> {
  coGroup(left: Iterable<Event>, right: Iterable<Event>, out: Collector<Joined>): void {
    for (const l of left) {
      let joined = false;
      for (const r of right) {
        if (l[2] === r[2]) {
          joined = true;
          out.collect([l[0], l[1], r[1], l[2], r[2]]);
        }
      }
      if (!joined) out.collect([l[0], l[1], "", l[2], 0]);
    }
  }
}

/** Every right record, joined with the left records of equal timestamp, or with blanks. */
export class RightJoin extends RichCoGroupFunction<Event, Event, Joined> {
  coGroup(left: Iterable<Event>, right: Iterable<Event>, out: Collector<Joined>): void {
    for (const r of right) {
      let joined = false;
      for (const l of left) {
        if (l[2] === r[2]) {
          joined = true;
          out.collect([l[0], l[1], r[1], l[2], r[2]]);
        }
      }
      if (!joined) out.collect([r[0], "", r[1], 0, r[2]]);
    }
  }
}

/** Only the pairs of equal timestamp. */
export class InnerJoin extends RichCoGroupFunction<Event, Event, Joined> {
  coGroup(left: Iterable<Event>, right: Iterable<Event>, out: Collector<Joined>): void {
    for (const l of left) for (const r of right) if (l[2] === r[2]) out.collect([l[0], l[1], r[1], l[2], r[2]]);
  }
}

const FORMS = { left: LeftJoin, right: RightJoin, inner: InnerJoin } as const;

function parse(input: string): Event {
  const fields = input.split(",");
  return [fields[0]!, fields[1]!, Number(fields[2])];
}

function withTimestamps(lines: DataStream<string>): DataStream<Event> {
  return lines.map(parse).assignTimestampsAndWatermarks(
    WatermarkStrategy.forBoundedOutOfOrderness<Event>(Duration.ofSeconds(0)).withTimestampAssigner((input) => input[2]),
  );
}

/** Seed 003's program: two socket streams, coGrouped per 5-second window, printed. */
export function buildCoGroupJoin(host: string, leftPort: number, rightPort: number, form: JoinForm): StreamExecutionEnvironment {
  const env = StreamExecutionEnvironment.getExecutionEnvironment();
  env.setParallelism(2);
  env.disableOperatorChaining();
  const watermarkLeft = withTimestamps(env.socketTextStream(host, leftPort));
  const watermarkRight = withTimestamps(env.socketTextStream(host, rightPort));
  watermarkLeft.keyBy((e) => e[0])
    .coGroup(watermarkRight.keyBy((e) => e[0]))
    .where((e) => e[1])
    .equalTo((e) => e[1])
    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(5)))
    .apply(new FORMS[form]())
    .print();
  return env;
}

/** Runs one form against two loopback servers fed with the seed; cancels once the window fired. */
export async function runWithSeedDriver(form: JoinForm, settleMs = 1000): Promise<void> {
  const left = await openLineServer();
  const right = await openLineServer();
  try {
    const client = await buildCoGroupJoin("127.0.0.1", left.port, right.port, form).executeAsync(`seed 003 (${form} join)`);
    await Promise.all([left.connected, right.connected]);
    await feedSeed(left, right);
    await sleep(settleMs); // a few auto-watermark intervals: the window [T0, T0+5s) fires
    await client.cancel();
  } finally {
    await Promise.all([left.close(), right.close()]);
  }
}

/** `npm start`: the left form, fed by the seed driver. */
/** The job: `npx sluice run examples/stream-cogroup-join.ts`, `npx tsx examples/stream-cogroup-join.ts` or runJob. */
/**
 * The job: `npx sluice run examples/stream-cogroup-join.ts [--form left|right|inner] [--host h --left-port n --right-port n]`
 * (or `npx tsx examples/stream-cogroup-join.ts ...`). Without a host it feeds the seed itself.
 */
export default defineJob(async (_env, args: { form?: string; host?: string; "left-port"?: string; "right-port"?: string }): Promise<void> => {
  const form = args.form ?? "left";
  if (!(form in FORMS)) throw new Error(`unknown form '${form}': use left, right or inner`);
  if (args.host === undefined) await runWithSeedDriver(form as JoinForm);
  else await buildCoGroupJoin(args.host, Number(args["left-port"] ?? 8888), Number(args["right-port"] ?? 9999), form as JoinForm).execute("seed 003");
});
