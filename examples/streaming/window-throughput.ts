/**
 * Throughput of a keyed tumbling-window count: N generated events (1000 keys, 10 events per
 * millisecond of event time), 1-second windows, counted per key and window. Prints records/s.
 *   npx tsx examples/streaming/window-throughput.ts [events=10000000] [parallelism=1 2]
 */
import { pathToFileURL } from "node:url";
import { Duration, StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy } from "../../src/index.js";

type Event = [key: number, ts: number];

export interface Measurement {
  readonly seconds: number;
  readonly perSecond: number;
  /** Records per second of this process's CPU time (less sensitive to a busy machine). */
  readonly perCpuSecond: number;
  readonly windows: number;
  readonly total: number;
}

export async function measure(events: number, parallelism: number): Promise<Measurement> {
  const env = StreamExecutionEnvironment.createLocalEnvironment(parallelism);
  let windows = 0;
  let total = 0;
  env.fromSequence(0, events - 1)
    .map((i): Event => [i % 1000, Math.floor(i / 10)])
    .assignTimestampsAndWatermarks(WatermarkStrategy.forMonotonousTimestamps<Event>().withTimestampAssigner((e) => e[1]))
    .keyBy((e) => e[0])
    .window(TumblingEventTimeWindows.of(Duration.ofSeconds(1)))
    .aggregate({ createAccumulator: () => 0, add: (_e: Event, n: number) => n + 1, getResult: (n: number) => n, merge: (a: number, b: number) => a + b })
    .addSink((n) => {
      windows++;
      total += n;
    });
  const start = performance.now();
  const cpu = process.cpuUsage();
  await env.execute("window throughput");
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  return { seconds, perSecond: events / seconds, perCpuSecond: events / cpuSeconds, windows, total };
}

async function cli(): Promise<void> {
  const [n = "10000000", ...ps] = process.argv.slice(2);
  for (const p of ps.length > 0 ? ps.map(Number) : [1, 2]) {
    const r = await measure(Number(n), p);
    if (r.total !== Number(n)) throw new Error(`counted ${r.total} events, expected ${n}`);
    const fmt = (x: number): string => Math.round(x).toLocaleString("en");
    console.log(
      `p=${p}: ${fmt(Number(n))} events in ${r.seconds.toFixed(2)} s = ${fmt(r.perSecond)} records/s wall, ${fmt(r.perCpuSecond)} records/s of CPU time (${fmt(r.windows)} window results)`,
    );
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  cli().catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  });
}
