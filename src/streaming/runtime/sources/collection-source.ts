/**
 * fromElements / fromCollection / fromSequence: emits the items in order, in chunks, yielding to
 * the event loop between chunks so periodic watermarks, other sources and cancel interleave.
 */
import { SOURCE_CHUNK, yieldToEventLoop, type SourceContext, type SourceFunction } from "./source-function.js";

export class CollectionSource<T> implements SourceFunction<T> {
  private running = true;

  constructor(private readonly items: () => Iterable<T>) {}

  async run(ctx: SourceContext<T>): Promise<void> {
    const it = this.items()[Symbol.iterator]();
    while (this.running && ctx.isRunning()) {
      for (let n = 0; n < SOURCE_CHUNK; n++) {
        const r = it.next();
        if (r.done) return;
        ctx.collect(r.value);
      }
      await yieldToEventLoop();
    }
  }

  cancel(): void {
    this.running = false;
  }
}

/** The numbers from..to (inclusive), generated as they are emitted. */
export class SequenceSource implements SourceFunction<number> {
  private running = true;

  constructor(private readonly from: number, private readonly to: number) {}

  async run(ctx: SourceContext<number>): Promise<void> {
    let next = this.from;
    while (next <= this.to && this.running && ctx.isRunning()) {
      const end = Math.min(this.to, next + SOURCE_CHUNK - 1);
      for (; next <= end; next++) ctx.collect(next);
      await yieldToEventLoop();
    }
  }

  cancel(): void {
    this.running = false;
  }
}
