/**
 * What join and cross drivers share: the user function as one `emit(first, second)` (a
 * JoinFunction's result is collected, a FlatJoinFunction gets the collector), always called in
 * [first, second] order whichever side a driver holds, and the rules for records handed out
 * more than once (object reuse off): a held record (hash table, buffered side) is copied for
 * every call, a streamed record for every call but its last, so no call sees another's mutation.
 * A function that only reads its arguments (node.readsOnly, optimizer/passes/reads-only.ts) gets
 * flat records as they are: it cannot change them, and its results hold none of their objects.
 */
import { copyRecord, isFlatRecord } from "../../../common/copy.js";
import type { Collector } from "../../../common/collector.js";
import { JoinType } from "../../../common/enums.js";
import type { UdfInstance } from "../../../common/udf.js";
import type { OperatorContext } from "../operator.js";

export type PairEmitter = (first: any, second: any) => void;

/** The function as `emit(first, second)`; `flat`: it takes the collector as third argument. */
export function pairEmitter(udf: UdfInstance, flat: boolean, out: Collector<any>): PairEmitter {
  const call = udf.call;
  if (flat) return (a, b) => { call(a, b, out); };
  return (a, b) => { out.collect(call(a, b)); };
}

/** An emitter taking (held, streamed) records, for a driver that holds side `held`. */
export function heldFirst(emit: PairEmitter, held: 0 | 1): PairEmitter {
  return held === 0 ? emit : (h, s) => emit(s, h);
}

/**
 * `heldFirst(pairEmitter(udf, flat, out), held)` as one closure: one call less per pair on the
 * join's hot path.
 */
export function heldPairEmitter(udf: UdfInstance, flat: boolean, out: Collector<any>, held: 0 | 1): PairEmitter {
  const call = udf.call;
  if (held === 0) return pairEmitter(udf, flat, out);
  if (flat) return (h, s) => { call(s, h, out); };
  return (h, s) => { out.collect(call(s, h)); };
}

/** Which sides keep their unmatched records: [first, second]. */
export function outerSides(joinType: JoinType): readonly [boolean, boolean] {
  switch (joinType) {
    case JoinType.INNER: return [false, false];
    case JoinType.LEFT_OUTER: return [true, false];
    case JoinType.RIGHT_OUTER: return [false, true];
    case JoinType.FULL_OUTER: return [true, true];
  }
}

/** Copy rules for one driver instance. */
export interface SharingPolicy {
  /** Copy held records on every use and streamed ones on every use but their last. */
  readonly copy: boolean;
  /** Whether streamed records are the driver's own (else they are copied on every use). */
  readonly streamedOwned: boolean;
  /** The function only reads its arguments: flat records are handed over without a copy. */
  readonly readsOnly: boolean;
}

export function sharingPolicy(ctx: OperatorContext): SharingPolicy {
  return { copy: !ctx.objectReuse, streamedOwned: ctx.inputOwned, readsOnly: ctx.node.readsOnly };
}

/** A record for one more use: itself when the function only reads it and it is flat. */
function share(r: any, policy: SharingPolicy): any {
  return policy.readsOnly && isFlatRecord(r) ? r : copyRecord(r);
}

/**
 * Pairs one streamed record with every held record of `held` (a key's slice of a table, a block,
 * a merge group) from index `from` to `to`, copying as the policy says. `heldFlat`: the caller
 * knows every held record is flat (a read-only function then gets them without a check each).
 */
export function emitAgainst(emit: PairEmitter, held: readonly any[], from: number, to: number, streamed: any, policy: SharingPolicy, heldFlat = false): void {
  if (!policy.copy) {
    for (let i = from; i < to; i++) emit(held[i], streamed);
    return;
  }
  const last = policy.streamedOwned ? to - 1 : to;
  const streamedAsIs = policy.readsOnly && isFlatRecord(streamed);
  const heldAsIs = policy.readsOnly && heldFlat;
  for (let i = from; i < to; i++) emit(heldAsIs ? held[i] : share(held[i], policy), i < last && !streamedAsIs ? copyRecord(streamed) : streamed);
}

/**
 * A streamed record for its last use: itself when it is owned (or nothing is copied), else what
 * `share` gives. An outer side's unmatched record, handed over with null, is such a use: a
 * collection element the driver does not own must not reach a function that may change it, nor
 * a result that keeps one of its objects.
 */
export function lastUse(streamed: any, policy: SharingPolicy): any {
  return !policy.copy || policy.streamedOwned ? streamed : share(streamed, policy);
}

/**
 * Pairs a streamed record with its only held match: the streamed record's last use. `heldFlat`:
 * the caller knows the held record is flat (a hash table of flat records).
 */
export function emitOnce(emit: PairEmitter, held: any, streamed: any, policy: SharingPolicy, heldFlat = false): void {
  if (!policy.copy) emit(held, streamed);
  else if (policy.readsOnly) emit(heldFlat ? held : share(held, policy), policy.streamedOwned ? streamed : share(streamed, policy));
  else emit(copyRecord(held), policy.streamedOwned ? streamed : copyRecord(streamed));
}
