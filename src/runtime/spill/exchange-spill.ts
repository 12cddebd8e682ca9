/**
 * A buffered exchange within the job's memory (Flink's spilling blocking partitions): batches are
 * kept in memory while the job's exchange pool has room, and written to the exchange's spill file
 * past it, leaving a SpilledBatch in their place that the consumer reads back alone. Sizes are
 * estimated from one record per batch (encoded batches, in threads mode, by their bytes).
 */
import { closeSync, openSync } from "node:fs";
import { isEncoded } from "../executors/codec.js";
import type { JobMemory } from "../memory/job-memory.js";
import { heapSizeOf } from "../memory/size-estimator.js";
import { deleteSpillFile, readSpillFrame, SpillWriter } from "./spill-file.js";
import type { Batch, BatchStore } from "../exchange/exchange.js";
import { isNumberRows } from "../../common/number-rows.js";

/** A batch that went to disk: where its frame is. */
export class SpilledBatch {
  constructor(readonly offset: number, readonly length: number, readonly records: number) {}
}

export class ExchangeSpill implements BatchStore {
  private held = 0;
  private writer: SpillWriter | undefined;
  private readFd: number | undefined;

  constructor(private readonly memory: JobMemory, private readonly consumer: string) {}

  /** The batch itself while the pool has room, else a SpilledBatch. */
  keep(batch: Batch): Batch | SpilledBatch {
    const bytes = sizeOf(batch);
    if (this.memory.exchangeHeld + bytes <= this.memory.exchangeLimit) {
      this.memory.exchangeHeld += bytes;
      this.held += bytes;
      return batch;
    }
    this.writer ??= new SpillWriter(this.memory.spill.newFile(`exchange-${this.consumer.replace(/[^\w.-]+/g, "_").slice(0, 40)}`));
    const at = isNumberRows(batch) ? this.writer.writeNumberRows(batch) : isEncoded(batch) ? this.writer.writeEncoded(batch) : this.writer.writeBatch(batch);
    return new SpilledBatch(at.offset, at.length, batch.length);
  }

  read(entry: unknown): Batch {
    if (!(entry instanceof SpilledBatch)) return entry as Batch;
    const b = entry;
    // Batches may still be written after the first read (range partitioning reads its held batches back and writes them routed).
    this.writer!.flush();
    this.readFd ??= openSync(this.writer!.path, "r");
    return readSpillFrame(this.readFd, b.offset, b.length);
  }

  /** A batch kept in memory and read for the last time (by its consumer, or range partitioning's held batches) frees its share of the pool. */
  drop(entry: unknown): void {
    if (entry instanceof SpilledBatch) return;
    const bytes = Math.min(this.held, sizeOf(entry as Batch));
    this.held -= bytes;
    this.memory.exchangeHeld -= bytes;
  }

  release(): void {
    this.memory.exchangeHeld -= this.held;
    this.held = 0;
    if (this.readFd !== undefined) closeSync(this.readFd);
    this.readFd = undefined;
    if (this.writer) {
      this.writer.close();
      deleteSpillFile(this.writer.path);
      this.writer = undefined;
    }
  }
}

function sizeOf(batch: Batch): number {
  if (isNumberRows(batch)) return 8 * batch.count * batch.width + 64;
  if (isEncoded(batch)) return batch.bytes.byteLength;
  if (batch.length === 0) return 0;
  return heapSizeOf(batch[batch.length >> 1]) * batch.length;
}
