/**
 * The producer end of one edge for one producer subtask (Flink's RecordWriter + its
 * StreamPartitioner): records go to the channel the partitioner selects; watermarks, watermark
 * statuses and end-of-input go to every channel.
 */
import { InvalidProgramException } from "../../common/errors.js";
import { compileKey, type KeyDefinition } from "../../common/keys.js";
import { instantiateUdf } from "../../common/udf.js";
import { assignToKeyGroup, computeOperatorIndexForKeyGroup } from "../routing/key-groups.js";

/** The consumer end of a channel: a subtask's input gate and the channel index there. */
export interface ChannelReceiver {
  processElement(channel: number, value: unknown, timestamp: number): void;
  processWatermark(channel: number, watermark: number): void;
  processWatermarkStatus(channel: number, idle: boolean): void;
  endOfChannel(channel: number): void;
}

export interface ChannelTarget {
  readonly receiver: ChannelReceiver;
  readonly channel: number;
}

/** Picks the target index (0..n-1) of a record. */
export type ChannelSelector = (value: unknown) => number;

export class RecordWriter {
  records = 0;

  constructor(
    private readonly targets: readonly ChannelTarget[],
    private readonly select: ChannelSelector | undefined,
  ) {}

  emit(value: unknown, timestamp: number): void {
    const t = this.targets[this.select === undefined ? 0 : this.select(value)]!;
    this.records++;
    t.receiver.processElement(t.channel, value, timestamp);
  }
  broadcastWatermark(watermark: number): void {
    for (const t of this.targets) t.receiver.processWatermark(t.channel, watermark);
  }
  broadcastStatus(idle: boolean): void {
    for (const t of this.targets) t.receiver.processWatermarkStatus(t.channel, idle);
  }
  end(): void {
    for (const t of this.targets) t.receiver.endOfChannel(t.channel);
  }
}

/** Round-robin over the channels, starting at the first (Flink's RebalancePartitioner). */
export function rebalanceSelector(numChannels: number): ChannelSelector {
  let next = -1;
  return () => (next = next + 1 >= numChannels ? 0 : next + 1);
}

/**
 * Key-group routing (Flink's KeyGroupStreamPartitioner): the key's Java hashCode, murmur-hashed,
 * modulo max parallelism gives the key group; key groups map to subtasks in contiguous ranges.
 */
export function keyGroupSelector(key: KeyDefinition, operator: string, maxParallelism: number, numChannels: number): ChannelSelector {
  const selector = key.kind === "selector" ? instantiateUdf(key.selector).call : undefined;
  const compiled = compileKey(key, operator, selector);
  return (value) => {
    const k = compiled.extract(value);
    if (k === null || k === undefined) throw new InvalidProgramException(`${operator}: null key in record (keys must not be null)`);
    return computeOperatorIndexForKeyGroup(maxParallelism, numChannels, assignToKeyGroup(k, maxParallelism));
  };
}
