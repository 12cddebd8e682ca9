/**
 * A binary min-heap of run numbers for k-way merges (external-sorter.ts mergeRuns,
 * spill/keyed-run-groups.ts): `less(i, j)` orders runs i and j by their current heads, ties to the
 * lower run number (so a merge of stable runs is stable).
 *
 * @example
 * const heads = [5, 1, 3];
 * const heap = new RunHeap((i, j) => heads[i]! < heads[j]! || (heads[i] === heads[j] && i < j));
 * heap.push(0); heap.push(1); heap.push(2);
 * heap.build();
 * heap.top;      // 1
 */
export class RunHeap {
  private readonly runs: number[] = [];

  constructor(private readonly less: (i: number, j: number) => boolean) {}

  get size(): number {
    return this.runs.length;
  }

  /** The run with the least head (the heap must not be empty). */
  get top(): number {
    return this.runs[0]!;
  }

  /** Adds a run before `build`. */
  push(run: number): void {
    this.runs.push(run);
  }

  /** Orders the runs pushed so far. */
  build(): void {
    for (let i = (this.runs.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** The top run's head moved on: it finds its place again. */
  update(): void {
    if (this.runs.length > 0) this.down(0);
  }

  /** The top run ran out: it leaves the heap. */
  pop(): void {
    const last = this.runs.pop()!;
    if (this.runs.length === 0) return;
    this.runs[0] = last;
    this.down(0);
  }

  private down(at: number): void {
    const heap = this.runs;
    const less = this.less;
    for (;;) {
      const l = 2 * at + 1;
      if (l >= heap.length) return;
      const r = l + 1;
      const m = r < heap.length && less(heap[r]!, heap[l]!) ? r : l;
      if (!less(heap[m]!, heap[at]!)) return;
      [heap[m], heap[at]] = [heap[at]!, heap[m]!];
      at = m;
    }
  }
}
