/** Seed 003 (windowed coGroup as left/right/inner join of two socket streams), typed by inference. */
import {
  Duration, StreamExecutionEnvironment, TumblingEventTimeWindows, WatermarkStrategy, type Collector,
} from "../../../src/index.js";

const env = StreamExecutionEnvironment.getExecutionEnvironment();
env.setParallelism(2);

const parse = (input: string): [string, string, number] => {
  const fields = input.split(",");
  return [fields[0] ?? "", fields[1] ?? "", Number(fields[2])];
};
// The Java program states WatermarkStrategy.<Tuple3<String, String, Long>>forBoundedOutOfOrderness.
const strategy = WatermarkStrategy.forBoundedOutOfOrderness<[string, string, number]>(Duration.ofSeconds(0))
  .withTimestampAssigner((input) => input[2]);
const watermarkLeft = env.socketTextStream("localhost", 8888).map(parse).assignTimestampsAndWatermarks(strategy);
const watermarkRight = env.socketTextStream("localhost", 9999).map(parse).assignTimestampsAndWatermarks(strategy);

// The Java CoGroupFunction states its output Tuple5<String, String, String, Long, Long>.
const leftJoin = watermarkLeft
  .coGroup(watermarkRight)
  .where((e) => e[1])
  .equalTo((e) => e[1])
  .window(TumblingEventTimeWindows.of(Duration.ofSeconds(2)))
  .apply((left, right, out: Collector<[string, string, string, number, number]>) => {
    for (const l of left) {
      if (right.length === 0) out.collect([l[0], l[1], "null", l[2], -1]);
      for (const r of right) out.collect([l[0], l[1], r[0], l[2], r[2]]);
    }
  });
leftJoin.print();

export const programs = [leftJoin];
