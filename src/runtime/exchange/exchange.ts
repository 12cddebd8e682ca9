/**
 * An exchange: the records of one channel, from p producer subtasks to q consumer subtasks.
 * Producers write through a ChannelWriter that applies the ship strategy (forward, hash,
 * range, custom, rebalance, broadcast); records travel in batches of BATCH_SIZE and each
 * consumer reads only its own partitions. This is the only way records cross subtasks, so
 * batches can later move to worker threads or spill to disk without the drivers knowing.
 */
import { copyRecord } from "../../common/copy.js";
import { InvalidProgramException, TaskFailure } from "../../common/errors.js";
import { partitionHasher } from "../../common/keys.js";
import { instantiateUdf } from "../../common/udf.js";
import type { Channel } from "../../plan/physical.js";
import type { Collector } from "../../common/collector.js";
import { subtaskKey } from "../../common/subtask-key.js";
import { RangeBoundaries } from "./range-boundaries.js";
import { NumberRows } from "../../common/number-rows.js";

export const BATCH_SIZE = 1024;

/** Records, or rows of number tuples held as numbers (common/number-rows.ts: from a typed source, FORWARD and HASH channels only). */
export type Batch = any[] | NumberRows;

/**
 * Where an exchange keeps its batches when the job bounds their memory (runtime/spill/exchange-spill.ts):
 * `keep` returns the batch or a token standing for it on disk, `read` gives the batch back.
 */
export interface BatchStore {
  keep(batch: Batch): unknown;
  read(entry: unknown): Batch;
  /** Forgets one kept entry read for the last time (its memory is free again). */
  drop?(entry: unknown): void;
  release(): void;
}

export class Exchange {
  /** partitions[producer][consumer] = batches; a broadcast stores one list per producer. */
  private readonly partitions: unknown[][][];
  /**
   * Range partitioning holds each producer's batches until all are written (to sample), kept
   * through the store like any batch (so past the exchange pool they wait on disk).
   */
  private readonly held: unknown[][] | undefined;
  private readonly heldCounts: number[];
  private recordsWritten = 0;
  /**
   * The range exchanges feeding the same consumer input (a union's parts): their boundaries are
   * computed once over all of them, so each key lands in one partition whatever its channel.
   */
  rangePeers: readonly Exchange[] | undefined;
  private producersDone = false;
  /** Keeps batches within the job's exchange pool, spilling the rest (set by the job runner; none inside iterations). */
  private store: BatchStore | undefined;

  /** @internal */
  useStore(store: BatchStore): void {
    this.store = store;
  }

  constructor(
    readonly channel: Channel,
    readonly producers: number,
    readonly consumers: number,
    /** Copy records on write (they are not owned, or this is an extra consumer of a fan-out). */
    readonly copy: boolean,
    /** Name of the consuming operator, for errors in keys and partitioners. */
    readonly consumerName: string,
    /** The consumer takes rows of numbers as they lie (DriverSpec.numberRows): a typed source's rows may ship as typed batches. */
    readonly numberRows = false,
  ) {
    const lists = channel.ship === "BROADCAST" ? 1 : consumers;
    this.partitions = Array.from({ length: producers }, () => Array.from({ length: lists }, () => []));
    this.held = channel.ship === "PARTITION_RANGE" ? Array.from({ length: producers }, () => []) : undefined;
    this.heldCounts = new Array<number>(producers).fill(0);
  }

  get records(): number {
    return this.recordsWritten * (this.channel.ship === "BROADCAST" ? this.consumers : 1);
  }

  writer(producer: number): ChannelWriter {
    return new ChannelWriter(this, producer);
  }

  /** @internal */
  append(producer: number, target: number, batch: Batch): void {
    this.recordsWritten += batch.length;
    this.partitions[producer]![target]!.push(this.store ? this.store.keep(batch) : batch);
  }
  /** @internal */
  hold(producer: number, records: any[]): void {
    if (records.length === 0) return;
    this.held![producer]!.push(this.store ? this.store.keep(records) : records);
    this.heldCounts[producer]! += records.length;
  }

  /** The records one producer handed over, batch by batch from memory or disk. */
  private *heldRecords(producer: number): Generator<any> {
    const store = this.store;
    for (const e of this.held![producer]!) yield* store ? store.read(e) : (e as any[]);
  }

  /**
   * After every producer finished: range partitioning samples and distributes what it held, once
   * the producers of every peer exchange (see `rangePeers`) finished too, with shared boundaries.
   */
  finishProducers(): void {
    if (!this.held) return;
    this.producersDone = true;
    const peers = this.rangePeers ?? [this];
    if (!peers.every((p) => p.producersDone)) return;
    const held = peers.flatMap((p) => p.heldCounts.map((length, producer) => ({ length, records: () => p.heldRecords(producer) })));
    const boundaries = RangeBoundaries.fromSample(held, this.channel, this.consumers, this.consumerName);
    for (const p of peers) p.distribute(boundaries);
  }

  private distribute(boundaries: RangeBoundaries): void {
    this.producersDone = false;
    this.held!.forEach((entries, producer) => {
      const out: any[][] = Array.from({ length: this.consumers }, () => []);
      for (const e of entries) {
        const records = this.store ? this.store.read(e) : (e as Batch);
        this.store?.drop?.(e);
        for (const r of records) {
          const t = boundaries.partitionOf(r);
          const b = out[t]!;
          b.push(r);
          if (b.length >= BATCH_SIZE) {
            this.append(producer, t, b);
            out[t] = [];
          }
        }
      }
      out.forEach((b, target) => { if (b.length > 0) this.append(producer, target, b); });
      entries.length = 0;
      this.heldCounts[producer] = 0;
    });
  }

  /**
   * The batches for one consumer subtask, producer by producer. Each consumer reads its partition
   * once, so a batch handed over is forgotten here (its share of the exchange pool is free again
   * and its records can be collected once the consumer is done with them); a broadcast's one list
   * is read by every consumer and stays until `release`.
   */
  *batchesFor(consumer: number): Iterable<Batch> {
    const store = this.store;
    if (this.channel.ship === "BROADCAST") {
      for (const perProducer of this.partitions) for (const b of perProducer[0]!) yield store ? store.read(b) : (b as Batch);
      return;
    }
    for (const perProducer of this.partitions) {
      const entries = perProducer[consumer]!;
      perProducer[consumer] = [];
      for (let i = 0; i < entries.length; i++) {
        const e = entries[i];
        entries[i] = undefined;
        const batch = store ? store.read(e) : (e as Batch);
        store?.drop?.(e);
        yield batch;
      }
    }
  }

  /** Frees the data (and its spill file) once every consumer has read it. */
  release(): void {
    for (const p of this.partitions) for (let i = 0; i < p.length; i++) p[i] = [];
    this.store?.release();
  }
}

/**
 * A producer subtask's end of an exchange: a Collector that partitions into batches. FORWARD and
 * HASH channels also take rows of number tuples (`collectNumbers`) into typed batches of their own,
 * routed as their records would be; per target, records and rows go out in the order they came.
 */
export class ChannelWriter implements Collector<any> {
  private readonly buffers: any[][];
  /** Per target: the rows gathered as numbers (undefined until rows come). */
  private readonly typed: (NumberRows | undefined)[];
  private readonly route: (record: any) => number;
  private readonly copy: boolean;
  private next = 0;
  /** A record the typed rows are written into to route them (the route reads it, keeps nothing). */
  private scratch: number[] = [];

  constructor(private readonly exchange: Exchange, private readonly producer: number) {
    const { channel, consumers } = exchange;
    const lists = channel.ship === "BROADCAST" ? 1 : consumers;
    this.buffers = Array.from({ length: lists }, () => []);
    this.typed = new Array<NumberRows | undefined>(lists).fill(undefined);
    this.copy = exchange.copy;
    this.next = producer % Math.max(1, consumers);
    this.route = this.makeRoute();
  }

  /**
   * Whether `collectNumbers` may be called: the consumer takes rows of numbers, and they keep the
   * channel's promises (FORWARD and HASH channels).
   */
  get takesNumbers(): boolean {
    const ship = this.exchange.channel.ship;
    return this.exchange.numberRows && (ship === "FORWARD" || ship === "PARTITION_HASH");
  }

  private makeRoute(): (record: any) => number {
    const { channel, consumers, consumerName } = this.exchange;
    switch (channel.ship) {
      case "FORWARD":
        return () => this.producer;
      case "BROADCAST":
      case "PARTITION_RANGE":
        return () => 0;
      case "PARTITION_FORCED_REBALANCE":
        return () => {
          const t = this.next;
          this.next = t + 1 === consumers ? 0 : t + 1;
          return t;
        };
      case "PARTITION_HASH": {
        if (consumers === 1) return () => 0;
        const hash = partitionHasher(subtaskKey(channel.shipKey!, consumerName));
        return (r) => hash(r) % consumers;
      }
      case "PARTITION_CUSTOM": {
        const key = subtaskKey(channel.shipKey!, consumerName);
        const partition = instantiateUdf(channel.partitioner!).call as (k: unknown, n: number) => number;
        return (r) => {
          const target = partition(key.extract(r), consumers);
          if (!Number.isInteger(target) || target < 0 || target >= consumers) {
            throw new InvalidProgramException(
              `${consumerName}: the custom partitioner returned ${String(target)} for key ${String(key.extract(r))}; it must be an integer in 0..${consumers - 1}`,
            );
          }
          return target;
        };
      }
    }
  }

  /** Records handed to the exchange so far (counted per batch, for progress). */
  sent = 0;

  collect(record: any): void {
    const r = this.copy ? copyRecord(record) : record;
    let t: number;
    try {
      t = this.route(r);
    } catch (e) {
      throw this.failure(e);
    }
    if (this.typed[t] !== undefined) this.sendTyped(t);
    const b = this.buffers[t]!;
    b.push(r);
    if (b.length >= BATCH_SIZE) this.sendRecords(t);
  }

  /** Rows of number tuples (read during the call): copied into this writer's typed batches, routed row by row. */
  collectNumbers(rows: NumberRows): void {
    const { width, data, count } = rows;
    if (this.exchange.channel.ship === "FORWARD") {
      this.appendRows(this.producer, data, 0, count, width);
      return;
    }
    const scratch = this.scratch;
    scratch.length = width;
    for (let i = 0, at = 0; i < count; i++, at += width) {
      for (let f = 0; f < width; f++) scratch[f] = data[at + f]!;
      let t: number;
      try {
        t = this.route(scratch);
      } catch (e) {
        throw this.failure(e);
      }
      this.appendRows(t, data, i, i + 1, width);
    }
  }

  /** Rows [from, to) of `data` into target `t`'s typed batch, sending it whenever it is full. */
  private appendRows(t: number, data: Float64Array, from: number, to: number, width: number): void {
    if (this.buffers[t]!.length > 0) this.sendRecords(t);
    for (let i = from; i < to; ) {
      let b = this.typed[t];
      if (b !== undefined && b.width !== width) {
        this.sendTyped(t);
        b = undefined;
      }
      b ??= this.typed[t] = new NumberRows(width, BATCH_SIZE);
      const n = Math.min(to - i, BATCH_SIZE - b.count);
      b.data.set(data.subarray(i * width, (i + n) * width), b.count * width);
      b.count += n;
      i += n;
      if (b.count === BATCH_SIZE) this.sendTyped(t);
    }
  }

  private sendRecords(t: number): void {
    const b = this.buffers[t]!;
    this.sent += b.length;
    if (this.exchange.channel.ship === "PARTITION_RANGE") this.exchange.hold(this.producer, b);
    else this.exchange.append(this.producer, t, b);
    this.buffers[t] = [];
  }

  private sendTyped(t: number): void {
    const b = this.typed[t]!;
    this.typed[t] = undefined;
    if (b.count === 0) return;
    this.sent += b.count;
    this.exchange.append(this.producer, t, b.count === b.capacity ? b : b.copy());
  }

  private failure(e: unknown): unknown {
    return e instanceof TaskFailure ? e : new TaskFailure(this.exchange.consumerName, this.producer, this.exchange.producers, e);
  }

  /** Sends what is left in the partial batches. */
  close(): void {
    for (let t = 0; t < this.buffers.length; t++) {
      if (this.buffers[t]!.length > 0) this.sendRecords(t);
      if (this.typed[t] !== undefined) this.sendTyped(t);
    }
  }
}
