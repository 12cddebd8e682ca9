/**
 * Sink drivers: gather records for collect()/print(), or write them through an OutputFormat
 * (one copy of the format per subtask, as Flink deserializes one). An OutputFormat whose
 * methods return Promises is awaited in order: records wait in a buffer that the task drains
 * between input batches, so memory stays bounded by the batch size.
 */
import { copyRecord } from "../../common/copy.js";
import type { OutputFormat } from "../../common/formats.js";
import { instantiateUdf } from "../../common/udf.js";
import type { SinkNode } from "../../plan/logical.js";
import { BaseOperator, type Operator, type OperatorContext } from "./operator.js";

/** The terminal operator: ends a chain that has no further consumer. */
export const END_OF_CHAIN: Operator = {
  open() {},
  collect() {},
  finish() {},
  close() {},
};

export class CollectSinkOperator extends BaseOperator {
  private readonly copyIn: boolean;
  constructor(ctx: OperatorContext, private readonly target: any[]) {
    super(ctx, END_OF_CHAIN);
    this.copyIn = !ctx.inputOwned;
  }
  collect(record: any): void {
    this.target.push(this.copyIn ? copyRecord(record) : record);
  }
  collectBatch(_input: 0 | 1, records: readonly any[], from: number, to: number): void {
    const target = this.target;
    if (this.copyIn) for (let i = from; i < to; i++) target.push(copyRecord(records[i]));
    else for (let i = from; i < to; i++) target.push(records[i]);
  }
}

export class FormatSinkOperator extends BaseOperator<any, any, SinkNode> {
  private readonly format: OutputFormat<unknown>;
  private queue: any[] = [];
  private async = false;
  private readonly copyIn: boolean;

  constructor(ctx: OperatorContext<SinkNode>) {
    super(ctx, END_OF_CHAIN);
    const sink = ctx.node.logical.sink;
    if (sink.kind !== "format") throw new Error("FormatSinkOperator needs a format sink");
    this.format = instantiateUdf({ value: sink.format, method: "writeRecord" }).target as OutputFormat<unknown>;
    this.copyIn = !ctx.inputOwned;
    ctx.registerAsync(() => this.drain());
  }

  /** Opening may be async: the task awaits `openAsync` before records flow. */
  async openAsync(): Promise<void> {
    try {
      this.format.configure?.(this.ctx.parameters);
      await this.format.open(this.ctx.subtask, this.ctx.parallelism);
    } catch (e) {
      throw this.fail(e);
    }
  }

  collect(record: any): void {
    if (this.async) {
      this.queue.push(this.copyIn ? copyRecord(record) : record);
      return;
    }
    let res;
    try {
      res = this.format.writeRecord(record);
    } catch (e) {
      throw this.fail(e);
    }
    if (res instanceof Promise) {
      this.async = true;
      this.queue.push(res);
    }
  }

  /** Writes what waits, in order, awaiting each write. */
  async drain(): Promise<void> {
    if (this.queue.length === 0) return;
    const q = this.queue;
    this.queue = [];
    try {
      for (const item of q) {
        if (item instanceof Promise) await item;
        else await this.format.writeRecord(item);
      }
    } catch (e) {
      throw this.fail(e);
    }
  }

  override async finish(): Promise<void> {
    await this.drain();
    try {
      await this.format.close();
    } catch (e) {
      throw this.fail(e);
    }
  }
}
