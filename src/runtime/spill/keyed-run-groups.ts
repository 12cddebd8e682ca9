/**
 * The groups of a keyed spill's sorted runs (keyed-spill.ts), merged straight from the run files:
 * what `groupsOf(mergeRuns(...))` gives (consecutive equal keys as one group, runs merged k-way,
 * ties to the earlier run, so equal keys keep the order they came in), without an entry per
 * record. A typed frame (int32 keys and tuples of numbers, tuple-layout.ts keyedNumbersView) is
 * read as its numbers: keys are compared where they lie, and each record is built only when it
 * joins its group. Other frames are decoded to their entries as before. Merging decoded entries
 * built two arrays per record (the entry and its record) and decoded each frame whole first
 * (coGroup of 5M x 5M: decodeTuples 10% and most of the GC's 18%).
 */
import type { HashKey } from "../../common/keys.js";
import { memoryExhausted, type HolderMemory } from "../memory/job-memory.js";
import { RecordSizeEstimator } from "../memory/size-estimator.js";
import { keyedNumbersView } from "./tuple-layout.js";
import { readSpillFrames, type RawSpillFrame } from "./spill-file.js";
import { compareHashKeys } from "./hash-key-order.js";
import { RunHeap } from "../sort/run-heap.js";
import { numbersAt } from "../../common/number-rows.js";

/** One run's entries, front to back: the current entry's key, and its record on demand. */
class RunCursor {
  key: HashKey = 0;
  done = false;
  private readonly frames: Generator<RawSpillFrame>;
  private numbers: Float64Array | undefined;
  /** The array typed frames are read into (the largest so far). */
  private held: Float64Array | undefined;
  private entries: readonly [HashKey, unknown][] | undefined;
  private width = 0;
  private count = 0;
  private i = 0;
  private at = 0;

  constructor(path: string) {
    this.frames = readSpillFrames(path);
    this.advance();
  }

  /** Moves to the next entry (done past the last). */
  advance(): void {
    if (this.numbers !== undefined && this.i > 0) this.at += 1 + this.width;
    if (this.i >= this.count && !this.nextFrame()) {
      this.done = true;
      return;
    }
    this.key = this.numbers !== undefined ? this.numbers[this.at]! : this.entries![this.i]![0];
    this.i++;
  }

  /** The current entry's record (a fresh array for a typed one). */
  record(): unknown {
    const n = this.numbers;
    return n === undefined ? this.entries![this.i - 1]![1] : numbersAt(n, this.at + 1, this.width);
  }

  /** Stops reading (closes the file). */
  close(): void {
    this.frames.return(undefined);
  }

  private nextFrame(): boolean {
    for (;;) {
      const f = this.frames.next();
      if (f.done) return false;
      const frame = f.value;
      if (frame.count === 0) continue;
      // The cursor's numbers are read frame after frame into one array of its own.
      const view = frame.tuple ? keyedNumbersView(frame.payload, frame.count, this.held) : undefined;
      if (view !== undefined) {
        if (this.held === undefined || view.numbers.buffer !== this.held.buffer) this.held = view.numbers;
        this.numbers = view.numbers;
        this.width = view.width;
        this.entries = undefined;
      } else {
        this.numbers = undefined;
        this.entries = frame.decode() as [HashKey, unknown][];
      }
      this.count = frame.count;
      this.i = 0;
      this.at = 0;
      return true;
    }
  }
}

/**
 * The groups of the sorted runs `paths` (in arrival order): [key, records] by key. A group is held
 * whole: one larger than the job's budget fails with memoryExhausted when `memory` is given.
 */
export function* groupsOfRuns<R>(paths: readonly string[], memory?: HolderMemory): Generator<[HashKey, R[]]> {
  const cursors = paths.map((p) => new RunCursor(p));
  try {
    const heap = new RunHeap((i, j) => {
      const c = compareHashKeys(cursors[i]!.key, cursors[j]!.key);
      return c < 0 || (c === 0 && i < j);
    });
    cursors.forEach((c, i) => {
      if (!c.done) heap.push(i);
    });
    heap.build();
    const size = new RecordSizeEstimator();
    while (heap.size > 0) {
      const key = cursors[heap.top]!.key;
      const group: R[] = [];
      size.reset();
      // Each run with this key in run order (the heap's tie-break), each run's entries of it in order.
      do {
        const c = cursors[heap.top]!;
        do {
          const r = c.record() as R;
          group.push(r);
          if (memory !== undefined && size.add(r) > memory.budgetBytes) throw memoryExhausted(memory, `one group (key ${String(key)})`, size.bytes);
          c.advance();
        } while (!c.done && compareHashKeys(c.key, key) === 0);
        if (c.done) heap.pop();
        else heap.update();
      } while (heap.size > 0 && compareHashKeys(cursors[heap.top]!.key, key) === 0);
      yield [key, group];
    }
  } finally {
    for (const c of cursors) c.close();
  }
}
