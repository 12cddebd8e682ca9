/**
 * Input and output format interfaces (API.md "Shapes of the helper objects"), Flink's
 * InputFormat/OutputFormat rendered in TS. Methods marked so may return Promises.
 */
import type { Configuration } from "./configuration.js";
import type { NumberRows } from "./number-rows.js";

/** A piece of input one subtask reads (a file byte range, a slice of a collection...). */
export interface InputSplit {
  readonly splitNumber: number;
  readonly [more: string]: unknown;
}

export interface InputFormat<T, S extends InputSplit = InputSplit> {
  configure?(parameters: Configuration): void;
  createInputSplits(minNumSplits: number): S[] | Promise<S[]>;
  open(split: S): void | Promise<void>;
  reachedEnd(): boolean;
  nextRecord(): T | null | undefined | Promise<T | null | undefined>;
  close(): void | Promise<void>;
  /** Optional, engine formats: a whole batch at once (fewer Promises on the record path). */
  nextBatch?(maxRecords: number): T[] | Promise<T[]>;
  /**
   * Optional, engine formats: when the records are tuples of numbers of one width, that width
   * (then `nextNumberRows` can read them as numbers), else undefined.
   */
  numberRowsWidth?(): number | undefined;
  /** Optional, with `numberRowsWidth`: fills `rows` from its start with up to its capacity of the next records (fewer at the split's end). */
  nextNumberRows?(rows: NumberRows): void | Promise<void>;
  /** Optional: the shape of the records, for definition-time checks. */
  readonly shape?: unknown;
  /** Optional: bytes of the open split read so far, for live progress (file formats). */
  getSplitBytesRead?(): number;
  /** Optional: size statistics for the optimizer (Flink's InputFormat.getStatistics). */
  getStatistics?(): BaseStatistics | undefined;
}

/** What an input format knows of its size before reading (Flink's BaseStatistics). */
export interface BaseStatistics {
  readonly totalInputSize?: number;
  readonly numberOfRecords?: number;
  readonly averageRecordWidth?: number;
}

export interface OutputFormat<T> {
  configure?(parameters: Configuration): void;
  open(taskNumber: number, numTasks: number): void | Promise<void>;
  writeRecord(record: T): void | Promise<void>;
  close(): void | Promise<void>;
}

/**
 * Job-level hooks of an output format (Flink's InitializeOnMaster / FinalizeOnMaster), used by
 * file sinks to check paths before the job, commit on success and clean up on failure.
 */
export interface GlobalOutputHooks {
  initializeGlobal?(parallelism: number): void | Promise<void>;
  finalizeGlobal?(parallelism: number): void | Promise<void>;
  abortGlobal?(parallelism: number): void | Promise<void>;
}
