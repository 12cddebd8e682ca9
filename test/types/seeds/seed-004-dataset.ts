/** Seed 004 (DataSet<T>): the iteration examples and the grouping/aggregation methods of its summary. */
import { Aggregations, ExecutionEnvironment, Order } from "../../../src/index.js";

const env = ExecutionEnvironment.getExecutionEnvironment();

// DataSet<Double> input = ...; startOfIteration = input.iterate(10); ... closeWith(toBeFedBack)
const input = env.fromElements(1.5, 2.5);
const startOfIteration = input.iterate(10);
const toBeFedBack = startOfIteration.map((x) => x / 2).groupBy((x) => x > 1).reduceGroup<number>((values, out) => {
  for (const v of values) out.collect(v);
});
const result = startOfIteration.closeWith(toBeFedBack);

// Delta iteration: DataSet<Tuple2<Long, Long>> delta = iteration.groupBy(0).aggregate(...); closeWith(delta, feedBack)
const initialState = env.fromElements([1, 10], [2, 20]);
const someOtherSet = env.fromElements([1, 1], [2, 2]);
const iteration = initialState.iterateDelta(initialState, 100, 0);
const delta = iteration.getWorkset().groupBy(0).aggregate(Aggregations.MAX, 1);
const feedBack = delta.join(someOtherSet).where(0).equalTo(0).with((d, o) => [d[0], d[1] + o[1]]);
const deltaResult = iteration.closeWith(delta, feedBack);

// The summary's transformations, each typed from the record.
const records = env.fromElements([1, "a", 2.0], [2, "b", 3.0]);
const chained = records
  .filter((r) => r[2] > 0)
  .distinct(0)
  .partitionByHash(1)
  .sortPartition(2, Order.DESCENDING)
  .groupBy(1)
  .sum(2)
  .andMax(0)
  .project(1, 2)
  .first(5);
const minBy = records.groupBy(1).minBy(2, 0);
const crossed = records.cross(input).with((r, x) => r[2] * x);
const unioned = records.union(records.map((r) => [r[0] + 1, r[1], r[2]]));

export const programs = [result, deltaResult, chained, minBy, crossed, unioned];
