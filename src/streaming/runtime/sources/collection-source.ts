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

/** The numbers from..to (inclusive), generated lazily. */
export function* sequence(from: number, to: number): Iterable<number> {
  for (let i = from; i <= to; i++) yield i;
}
