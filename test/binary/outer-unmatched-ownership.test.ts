/**
 * An outer join's unmatched record is handed to the function with null on the other side; when
 * it is a collection element (not the driver's own), the function must get a copy like every
 * other use (API.md "Record ownership"): a function mutating it, or a result holding one of its
 * nested objects that is mutated later, must leave the user's elements unchanged, whatever the
 * strategy and parallelism.
 */
import assert from "node:assert/strict";
import { JoinHint, JoinType, type DataSet, type ExecutionEnvironment } from "../../src/index.js";
import { testAtParallelism } from "../helpers.js";

type L = { k: number; a: number; n: { c: number } };
type R = { k: number; b: number; n: { c: number } };

const COMMON = [JoinHint.OPTIMIZER_CHOOSES, JoinHint.REPARTITION_SORT_MERGE, JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND];
const HINTS: Record<Exclude<JoinType, JoinType.INNER>, JoinHint[]> = {
  [JoinType.LEFT_OUTER]: [...COMMON, JoinHint.BROADCAST_HASH_SECOND],
  [JoinType.RIGHT_OUTER]: [...COMMON, JoinHint.BROADCAST_HASH_FIRST],
  [JoinType.FULL_OUTER]: COMMON,
};

function outerJoin(a: DataSet<L>, b: DataSet<R>, type: JoinType, hint: JoinHint) {
  switch (type) {
    case JoinType.LEFT_OUTER: return a.leftOuterJoin(b, hint);
    case JoinType.RIGHT_OUTER: return a.rightOuterJoin(b, hint);
    default: return a.fullOuterJoin(b, hint);
  }
}

/** Elements with keys 1-3 on the left and 2-4 on the right: 1 and 4 stay unmatched. */
function elements(): { left: L[]; right: R[] } {
  return {
    left: [1, 2, 3].map((k) => ({ k, a: k * 10, n: { c: k } })),
    right: [2, 3, 4].map((k) => ({ k, b: k * 100, n: { c: k } })),
  };
}

function cases(run: (env: ExecutionEnvironment, type: JoinType, hint: JoinHint) => Promise<void>) {
  return async (env: ExecutionEnvironment): Promise<void> => {
    for (const type of [JoinType.LEFT_OUTER, JoinType.RIGHT_OUTER, JoinType.FULL_OUTER] as const) {
      for (const hint of HINTS[type]) await run(env, type, hint);
    }
  };
}

testAtParallelism("a function mutating an unmatched collection element leaves the user's element unchanged", cases(async (env, type, hint) => {
  const { left, right } = elements();
  const out = await outerJoin(env.fromCollection(left), env.fromCollection(right), type, hint).where("k").equalTo("k")
    .with((l: L | null, r: R | null) => {
      if (l !== null) { l.a = -1; l.n.c = -1; }
      if (r !== null) { r.b = -1; r.n.c = -1; }
      return (l ?? r)!.k;
    }).collect();
  assert.equal(out.length, type === JoinType.FULL_OUTER ? 4 : 3, `${type} ${hint}`);
  assert.deepEqual({ left, right }, elements(), `${type} ${hint}: the user's elements`);
}));

testAtParallelism("a reading function's result holding an unmatched element's nested object does not alias it", cases(async (env, type, hint) => {
  const { left, right } = elements();
  const out = await outerJoin(env.fromCollection(left), env.fromCollection(right), type, hint).where("k").equalTo("k")
    .with((l: L | null, r: R | null) => ({ ln: l === null ? null : l.n, rn: r === null ? null : r.n })).collect();
  for (const o of out) {
    if (o.ln !== null) o.ln.c = -1;
    if (o.rn !== null) o.rn.c = -1;
  }
  assert.deepEqual({ left, right }, elements(), `${type} ${hint}: the user's elements`);
}));
