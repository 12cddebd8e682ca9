/**
 * A task the coordinator runs itself while the rest of its job runs in worker threads (an
 * iteration: its supersteps run here; or, in "auto" over files, any subtask the coordinator takes
 * beside the workers). In threads mode the exchanges hold encoded batches (a worker's) and records
 * (the coordinator's), so the task sees them through wrappers: its inputs decode what is encoded,
 * an iteration's outputs encode what it writes; everything else (range sampling, releasing,
 * metrics) stays with the real exchanges.
 */
import { Exchange } from "../exchange/exchange.js";
import type { Task } from "../job-graph.js";
import { encodeBatch, recordsOf } from "./codec.js";
import { DecodedStrings } from "./decoded-strings.js";

class DecodingExchange extends Exchange {
  constructor(private readonly real: Exchange) {
    super(real.channel, real.producers, real.consumers, real.copy, real.consumerName);
  }
  override *batchesFor(consumer: number): Iterable<any[]> {
    const strings = new DecodedStrings();
    for (const b of this.real.batchesFor(consumer)) yield recordsOf(b, strings);
  }
  override release(): void {
    this.real.release();
  }
}

class EncodingExchange extends Exchange {
  constructor(private readonly real: Exchange) {
    super(real.channel, real.producers, real.consumers, real.copy, real.consumerName);
  }
  override append(producer: number, target: number, batch: any[]): void {
    this.real.append(producer, target, encodeBatch(batch) as unknown as any[]);
  }
  override hold(producer: number, records: any[]): void {
    this.real.hold(producer, records); // range partitioning samples raw records in the coordinator
  }
  override finishProducers(): void {
    this.real.finishProducers();
  }
  override get records(): number {
    return this.real.records;
  }
}

/**
 * `task` as the coordinator runs one of its subtasks beside the workers ("auto" on every core): it
 * reads the exchanges' batches as records (a worker's are encoded, the coordinator's own are not)
 * and writes records into the real exchanges, encoded only if a worker's subtask reads them.
 */
export function coordinatorTask(task: Task): Task {
  const decode = (exchanges: readonly Exchange[]): Exchange[] => exchanges.map((ex) => new DecodingExchange(ex));
  return { ...task, inputs: task.inputs.map(decode), broadcasts: task.broadcasts.map((b) => ({ name: b.name, exchanges: decode(b.exchanges) })) };
}

/** `task` reading and writing the threads' encoded batches as records. */
export function localTask(task: Task): Task {
  return { ...coordinatorTask(task), outputs: task.outputs.map((ex) => new EncodingExchange(ex)) };
}

/**
 * With `RemoteTarget.coordinator`: a task that reads fewer records than this through exchanges (a
 * final reduce of combined partial sums, a small join side) runs all its subtasks in the
 * coordinator, where the records are: a worker's subtask would cost encoding them, decoding them
 * there, and the same for its output.
 */
export const COORDINATOR_TASK_RECORDS = 100_000;

/** Records `task` reads through its input and broadcast exchanges. */
export function exchangeRecords(task: Task): number {
  let n = 0;
  for (const ex of [...task.inputs.flat(), ...task.broadcasts.flatMap((b) => b.exchanges)]) n += ex.records;
  return n;
}
