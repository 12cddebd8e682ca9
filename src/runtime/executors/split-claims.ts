/**
 * Input splits handed out as subtasks ask, as Flink's JobManager does (InputSplitAssigner,
 * `flink-core/…/core/io/DefaultInputSplitAssigner.java`): every subtask of a source task gets the
 * whole list and one counter shared by the threads (a SharedArrayBuffer); reading the next split
 * claims the next index. A subtask that starts early (the coordinator's) or runs fast reads more;
 * one that starts after the others took every split reads none. No message crosses for a claim.
 */
import type { InputSplit } from "../../common/formats.js";
import { trace, TRACING } from "./trace.js";

/** Splits a source task asks its format for, per subtask, when they are claimed: small enough to even out a late start. */
export const CLAIMED_SPLITS_PER_SUBTASK = 16;

/** A new claim counter (0: no split claimed yet), shareable with worker threads. */
export function newSplitClaim(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

/** The splits of `all` this subtask claims, one at a time as it reads them. */
export function* claimedSplits(all: readonly InputSplit[], claim: Int32Array): Generator<InputSplit> {
  for (;;) {
    const i = Atomics.add(claim, 0, 1);
    if (i >= all.length) return;
    if (TRACING) trace(`claimed split ${i + 1} of ${all.length}`);
    yield all[i]!;
  }
}
