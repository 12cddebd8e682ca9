/**
 * Event-time timers of one operator subtask (Flink's InternalTimerService, event-time part):
 * a min-heap of distinct timestamps, each with its timers in registration order. Timers fire in
 * timestamp order, and in registration order within one timestamp.
 */
export class TimerQueue<E> {
  private readonly heap: number[] = [];
  private readonly byTime = new Map<number, E[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(timestamp: number, timer: E): void {
    const list = this.byTime.get(timestamp);
    if (list) list.push(timer);
    else {
      this.byTime.set(timestamp, [timer]);
      this.push(timestamp);
    }
    this.count++;
  }

  /** Fires, in order, every timer with timestamp <= `watermark` (including ones added meanwhile). */
  advanceTo(watermark: number, fire: (timestamp: number, timer: E) => void): void {
    while (this.heap.length > 0 && this.heap[0]! <= watermark) {
      const ts = this.pop();
      const list = this.byTime.get(ts)!;
      this.byTime.delete(ts);
      this.count -= list.length;
      for (const t of list) fire(ts, t);
    }
  }

  private push(v: number): void {
    const h = this.heap;
    h.push(v);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (h[parent]! <= v) break;
      h[i] = h[parent]!;
      i = parent;
    }
    h[i] = v;
  }

  private pop(): number {
    const h = this.heap;
    const top = h[0]!;
    const last = h.pop()!;
    if (h.length > 0) {
      let i = 0;
      const n = h.length;
      while (true) {
        const l = 2 * i + 1;
        if (l >= n) break;
        const r = l + 1;
        const c = r < n && h[r]! < h[l]! ? r : l;
        if (h[c]! >= last) break;
        h[i] = h[c]!;
        i = c;
      }
      h[i] = last;
    }
    return top;
  }
}
