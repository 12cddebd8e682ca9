/**
 * Flink's DataSetUtils (flink-java/…/api/java/utils/DataSetUtils.java): per-partition counts and
 * element labelling, built from mapPartition and a broadcast set like Flink's, so the optimizer,
 * drivers and plan JSON need nothing new.
 * - countElementsPerPartition: one (subtask index, count) pair per parallel instance.
 * - zipWithIndex: two passes, as Flink's: count each partition, then every subtask starts at the
 *   sum of the counts of the subtasks before it; labels are dense, 0 .. n-1.
 * - zipWithUniqueId: one pipelined pass: the k-th element (from 0) of subtask t of p gets
 *   (k << bits(p - 1)) + t, Flink's formula; unique, not dense.
 */
import { InvalidProgramException } from "../common/errors.js";
import type { Collector } from "../common/collector.js";
import { RichMapPartitionFunction } from "../common/functions.js";
import type { DataSet } from "./data-set.js";

const COUNTS = "sluice.dataSetUtils.counts";

class CountPerPartition<T> extends RichMapPartitionFunction<T, [number, number]> {
  mapPartition(values: Iterable<T>, out: Collector<[number, number]>): void {
    let n = 0;
    for (const _ of values) n++;
    out.collect([this.getRuntimeContext().getIndexOfThisSubtask(), n]);
  }
}

class ZipWithIndex<T> extends RichMapPartitionFunction<T, [number, T]> {
  private start = 0;
  override open(): void {
    const ctx = this.getRuntimeContext();
    const me = ctx.getIndexOfThisSubtask();
    this.start = 0;
    for (const [subtask, count] of ctx.getBroadcastVariable<[number, number]>(COUNTS)) if (subtask < me) this.start += count;
  }
  mapPartition(values: Iterable<T>, out: Collector<[number, T]>): void {
    let label = this.start;
    for (const v of values) out.collect([label++, v]);
  }
}

/** Bits needed for `value` (Flink's getBitSize: 64 minus the leading zeros). */
function bitSize(value: number): number {
  return value === 0 ? 0 : Math.floor(Math.log2(value)) + 1;
}

class ZipWithUniqueId<T> extends RichMapPartitionFunction<T, [number, T]> {
  mapPartition(values: Iterable<T>, out: Collector<[number, T]>): void {
    const ctx = this.getRuntimeContext();
    const task = ctx.getIndexOfThisSubtask();
    const scale = 2 ** bitSize(ctx.getNumberOfParallelSubtasks() - 1);
    let k = 0;
    for (const v of values) {
      const label = k * scale + task;
      if (!Number.isSafeInteger(label)) throw new InvalidProgramException(`zipWithUniqueId: label ${label} of subtask ${task} exceeds Number.MAX_SAFE_INTEGER`);
      out.collect([label, v]);
      k++;
    }
  }
}

/**
 * Flink's DataSetUtils: utilities on a DataSet that other operators compose.
 *
 * @example
 * const env = ExecutionEnvironment.createLocalEnvironment(2);
 * const letters = env.fromElements("A", "B", "C", "D");
 * await DataSetUtils.zipWithIndex(letters).collect();             // [[0, "A"], [1, "B"], [2, "C"], [3, "D"]] in some order
 * await DataSetUtils.zipWithUniqueId(letters).collect();          // unique labels, e.g. 0, 2 (subtask 0) and 1, 3 (subtask 1)
 * await DataSetUtils.countElementsPerPartition(letters).collect(); // [[0, 2], [1, 2]]
 */
export const DataSetUtils = {
  /**
   * How many elements each parallel instance of `input`'s consumer holds: one `[subtask, count]`
   * per subtask (subtasks without elements report 0).
   *
   * @example
   * const counts = await DataSetUtils.countElementsPerPartition(env.generateSequence(1, 10)).collect();
   * // at parallelism 4: [[0, 2], [1, 3], [2, 2], [3, 3]] in some order
   */
  countElementsPerPartition<T>(input: DataSet<T>): DataSet<[number, number]> {
    return input.mapPartition(new CountPerPartition<T>()).name("countElementsPerPartition");
  },

  /**
   * Labels every element with a dense index, `[index, element]` for index 0 .. n-1: subtask t's
   * elements get consecutive labels after those of subtasks 0 .. t-1 (two passes: the counts are
   * computed first and broadcast).
   *
   * @example
   * const indexed = await DataSetUtils.zipWithIndex(env.fromElements("a", "b", "c")).collect();
   * // [[0, "a"], [1, "b"], [2, "c"]]
   */
  zipWithIndex<T>(input: DataSet<T>): DataSet<[number, T]> {
    const counts = DataSetUtils.countElementsPerPartition(input);
    return input.mapPartition(new ZipWithIndex<T>()).withBroadcastSet(counts, COUNTS).name("zipWithIndex");
  },

  /**
   * Labels every element with a unique id in one pass, `[id, element]`: the k-th element of
   * subtask t of p gets k * 2^bits(p - 1) + t, so ids are unique but may have gaps.
   *
   * @example
   * const labelled = await DataSetUtils.zipWithUniqueId(env.fromElements("a", "b", "c")).collect();
   * // at parallelism 1: [[0, "a"], [1, "b"], [2, "c"]]
   */
  zipWithUniqueId<T>(input: DataSet<T>): DataSet<[number, T]> {
    return input.mapPartition(new ZipWithUniqueId<T>()).name("zipWithUniqueId");
  },
};
