/**
 * The keyed event-time window operator (Flink's WindowOperator with EventTimeTrigger).
 *
 * State is kept per key and window: `keys` maps a key to its live windows (by max timestamp),
 * each holding its contents (a list, a reduced value or an accumulator). Per element: assign
 * windows; skip windows whose cleanup time (max timestamp + allowed lateness) is not after the
 * watermark; add to the others; a window already past the watermark (late but within allowed
 * lateness) fires again at once. An element that went into no window and is itself late goes to
 * the late-data side output, or is dropped and counted. Each new window registers a timer at
 * its max timestamp (fire) and one at its cleanup time (purge; the same timer when lateness is
 * 0); when the watermark passes them they fire in timestamp order, then registration order.
 * Session windows (a merging assigner) merge every window the new one touches into their cover,
 * merging the contents and moving the timers. Results carry the window's max timestamp.
 */
import { copyRecord } from "../../../common/copy.js";
import { InvalidProgramException } from "../../../common/errors.js";
import { compileKey, toHashKey, type CompiledKey, type HashKey, type KeyDefinition } from "../../../common/keys.js";
import { instantiateUdf } from "../../../common/udf.js";
import type { OutputTag } from "../../output-tag.js";
import type { TimeWindow } from "../../time/time-window.js";
import { NO_TIMESTAMP } from "../../watermarks/watermark.js";
import type { WindowAssigner } from "../../windows/assigners.js";
import type { ProcessWindowContext } from "../../windows/window-functions.js";
import { UdfStreamOperator } from "../operator.js";
import { TimerQueue } from "../timer-queue.js";
import { TimestampedCollector } from "./record-operators.js";
import { makeContents, makeEmitter, type ContentsSpec, type EmitSpec, type Emitter, type WindowContents } from "./window-functions-internal.js";

export interface WindowOperatorSpec {
  readonly assigner: WindowAssigner;
  readonly key: KeyDefinition;
  readonly allowedLateness: number;
  readonly lateDataTag: OutputTag<unknown> | undefined;
  readonly contents: ContentsSpec;
  readonly emit: EmitSpec;
}

interface KeyWindows {
  readonly key: unknown;
  readonly hashKey: HashKey;
  /** Live windows by max timestamp (unique per key: fixed-size windows, or disjoint sessions). */
  readonly windows: Map<number, WindowEntry>;
}

interface WindowEntry {
  readonly owner: KeyWindows;
  readonly window: TimeWindow;
  contents: unknown;
  dead: boolean;
}

export class WindowOperator extends UdfStreamOperator {
  private readonly keys = new Map<HashKey, KeyWindows>();
  private readonly timers = new TimerQueue<WindowEntry>();
  private watermark = -Infinity;
  private key!: CompiledKey;
  private contents!: WindowContents;
  private emitter!: Emitter;
  private collector!: TimestampedCollector;
  private readonly context: ProcessWindowContext & { current: TimeWindow | undefined };

  constructor(private readonly spec: WindowOperatorSpec) {
    super();
    const self = this;
    this.context = {
      current: undefined,
      window() {
        return this.current!;
      },
      currentWatermark: () => self.watermark,
      currentProcessingTime: () => Date.now(),
      output(tag, value) {
        self.output.collectSide(tag as OutputTag<unknown>, value, this.current!.maxTimestamp());
      },
    };
  }

  override open(): void {
    const k = this.spec.key;
    const selector = k.kind === "selector" ? instantiateUdf(k.selector).call : undefined;
    this.key = compileKey(k, this.ctx.name, selector);
    const open = this.openUdf.bind(this);
    this.contents = makeContents(this.spec.contents, open);
    this.emitter = makeEmitter(this.spec.emit, this.contents, open);
    this.collector = new TimestampedCollector(this.output);
  }

  /** Live (key, window) entries. */
  get stateSize(): number {
    return this.ctx.metrics.windowStateSize;
  }

  processElement(value: unknown, timestamp: number): void {
    if (timestamp === NO_TIMESTAMP) {
      throw new InvalidProgramException(
        `${this.ctx.name}: record has no timestamp. Is there an assignTimestampsAndWatermarks(...) before the event-time window?`,
      );
    }
    const key = this.key.extract(value);
    const owner = this.ownerFor(key, toHashKey(key, { operator: this.ctx.name, where: "the key", record: value }));
    const windows = this.spec.assigner.assignWindows(value, timestamp);
    let skipped = true;
    for (let i = 0; i < windows.length; i++) {
      const v = i === 0 || this.ctx.objectReuse ? value : copyRecord(value);
      const entry = this.spec.assigner.isMerging() ? this.mergeInto(owner, windows[i]!) : this.entryFor(owner, windows[i]!);
      if (entry === undefined) continue;
      skipped = false;
      entry.contents = this.contents.add(entry.contents, v);
      if (entry.window.maxTimestamp() <= this.watermark) this.fire(entry);
    }
    if (owner.windows.size === 0) this.keys.delete(owner.hashKey);
    if (skipped && timestamp + this.spec.allowedLateness <= this.watermark) this.late(value, timestamp);
  }

  override processWatermark(watermark: number): void {
    this.watermark = watermark;
    this.timers.advanceTo(watermark, (ts, entry) => this.onTimer(ts, entry));
    this.output.emitWatermark(watermark);
  }

  private onTimer(ts: number, entry: WindowEntry): void {
    if (entry.dead) return;
    if (ts === entry.window.maxTimestamp()) this.fire(entry);
    if (ts === this.cleanupTime(entry.window)) this.purge(entry);
  }

  private fire(entry: WindowEntry): void {
    this.collector.timestamp = entry.window.maxTimestamp();
    this.context.current = entry.window;
    this.emitter(entry.owner.key, entry.window, entry.contents, this.collector, this.context);
  }

  private late(value: unknown, timestamp: number): void {
    if (this.spec.lateDataTag !== undefined) this.output.collectSide(this.spec.lateDataTag, value, timestamp);
    else this.ctx.metrics.lateRecordsDropped++;
  }

  private cleanupTime(w: TimeWindow): number {
    return w.maxTimestamp() + this.spec.allowedLateness;
  }

  private isLate(w: TimeWindow): boolean {
    return this.cleanupTime(w) <= this.watermark;
  }

  private ownerFor(key: unknown, hashKey: HashKey): KeyWindows {
    let owner = this.keys.get(hashKey);
    if (owner === undefined) {
      owner = { key, hashKey, windows: new Map() };
      this.keys.set(hashKey, owner);
    }
    return owner;
  }

  /** The live entry of a fixed-size window, created if new; undefined when the window is late. */
  private entryFor(owner: KeyWindows, w: TimeWindow): WindowEntry | undefined {
    const existing = owner.windows.get(w.maxTimestamp());
    if (existing !== undefined) return existing;
    if (this.isLate(w)) return undefined;
    return this.create(owner, w, undefined);
  }

  /** Adds a session window: merges it with every live window it touches. */
  private mergeInto(owner: KeyWindows, w: TimeWindow): WindowEntry | undefined {
    const touching: WindowEntry[] = [];
    let cover = w;
    for (const e of owner.windows.values()) {
      if (e.window.intersects(w)) {
        touching.push(e);
        cover = cover.cover(e.window);
      }
    }
    if (touching.length === 1 && touching[0]!.window.equals(cover)) return touching[0];
    // Live windows are never late, so a cover of at least one of them is not late either.
    if (this.isLate(cover)) return undefined;
    touching.sort((a, b) => a.window.start - b.window.start);
    let contents: unknown = undefined;
    for (const e of touching) {
      contents = contents === undefined ? e.contents : this.contents.merge(contents, e.contents);
      this.remove(e);
    }
    return this.create(owner, cover, contents);
  }

  private create(owner: KeyWindows, w: TimeWindow, contents: unknown): WindowEntry {
    const entry: WindowEntry = { owner, window: w, contents, dead: false };
    owner.windows.set(w.maxTimestamp(), entry);
    const max = w.maxTimestamp();
    const cleanup = this.cleanupTime(w);
    if (max > this.watermark) this.timers.add(max, entry);
    if (cleanup !== max && cleanup !== Infinity) this.timers.add(cleanup, entry);
    const m = this.ctx.metrics;
    if (++m.windowStateSize > m.peakWindowStateSize) m.peakWindowStateSize = m.windowStateSize;
    return entry;
  }

  private remove(entry: WindowEntry): void {
    entry.dead = true;
    entry.contents = undefined;
    entry.owner.windows.delete(entry.window.maxTimestamp());
    this.ctx.metrics.windowStateSize--;
  }

  private purge(entry: WindowEntry): void {
    this.remove(entry);
    if (entry.owner.windows.size === 0) this.keys.delete(entry.owner.hashKey);
  }
}
