/**
 * Typed views of the API.md operators the benchmark uses whose TypeScript types on main are
 * still placeholders (joins, coGroup, CSV/text sources). The adapters are written against
 * API.md's names; these views keep them compiling before and after the features land.
 */
import type { Collector, DataSet, ExecutionEnvironment } from "../../src/index.js";

type Keys = (number | string)[];

interface JoinWhere<L, R> {
  where(...keys: Keys): { equalTo(...keys: Keys): { with<O>(f: (first: L, second: R) => O): DataSet<O> } };
}
interface CoGroupWhere<L, R> {
  where(...keys: Keys): {
    equalTo(...keys: Keys): { with<O>(f: (first: Iterable<L>, second: Iterable<R>, out: Collector<O>) => void): DataSet<O> };
  };
}
interface CsvReaderView {
  ignoreFirstLine(): CsvReaderView;
  types<T extends unknown[]>(...kinds: string[]): DataSet<T>;
}

/** `first.join(second)` (API.md "Binary operators"). */
export function joinOf<L, R>(first: DataSet<L>, second: DataSet<R>): JoinWhere<L, R> {
  return first.join(second) as unknown as JoinWhere<L, R>;
}
/** `first.leftOuterJoin(second)`; the absent side is `null`. */
export function leftOuterJoinOf<L, R>(first: DataSet<L>, second: DataSet<R>): JoinWhere<L, R | null> {
  return first.leftOuterJoin(second) as unknown as JoinWhere<L, R | null>;
}
/** `first.coGroup(second)`. */
export function coGroupOf<L, R>(first: DataSet<L>, second: DataSet<R>): CoGroupWhere<L, R> {
  return first.coGroup(second) as unknown as CoGroupWhere<L, R>;
}
/** `env.readCsvFile(path)`. */
export function csvReader(env: ExecutionEnvironment, path: string): CsvReaderView {
  return env.readCsvFile(path) as unknown as CsvReaderView;
}
