/**
 * A hash join fed by CSV sources whose columns are all numbers takes their rows as numbers
 * (common/number-rows.ts, runtime/drivers/join/number-rows-join.ts): the build side held in a
 * typed table, probe rows looked up where they lie, records built only for the function. It must
 * give exactly the records the record path gives, for every join type and build side, at p=1 and
 * p=4, for keys a typed table does not hold (NaN, -0, fractions, past int32), for a function that
 * only reads its arguments (one reused array per side) and one that changes them, with one side
 * typed and the other not, and when the build side spills (the hybrid hash join's typed rows).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { JoinHint, type DataSet, type ExecutionEnvironment } from "../../src/index.js";
import { NUMBER_ROWS_JOIN_STATS } from "../../src/runtime/drivers/join/number-rows-join.js";
import { HYBRID_PROBE, HYBRID_STATS } from "../../src/runtime/drivers/join/hybrid-hash-join.js";
import { SPILL_STATS } from "../../src/runtime/spill/spill-space.js";
import { seededRandom } from "../helpers.js";
import { envWith, exact, spillRoot, TINY_BUDGET } from "../memory/spill-helpers.js";

const dir = spillRoot();
const random = seededRandom(17);

/** Keys: mostly small ints (several rows each), and the keys a typed table leaves to the record path. */
function key(i: number, range: number, oddEvery: number): number {
  const odd = [NaN, -0, 0, 1.5, -7, 2 ** 40, -(2 ** 31), 2 ** 31, Infinity];
  return i % oddEvery === 0 ? odd[(i / oddEvery) % odd.length]! : Math.floor(random() * range) - 20;
}

function rows(n: number, width: number, range = 400, oddEvery = 13): number[][] {
  return Array.from({ length: n }, (_, i) => [key(i, range, oddEvery), ...Array.from({ length: width - 1 }, (_, f) => i * 10 + f + 0.25)]);
}

function csv(name: string, data: number[][]): string {
  const path = join(dir, name);
  // String(-0) is "0": write it as "-0" so the file holds the key the collection does.
  writeFileSync(path, data.map((r) => r.map((v) => (Object.is(v, -0) ? "-0" : String(v))).join(",")).join("\n") + "\n");
  return path;
}

const LEFT = rows(3000, 2);
const RIGHT = rows(2000, 3);
const LEFT_CSV = csv("left.csv", LEFT);
const RIGHT_CSV = csv("right.csv", RIGHT);
/** Larger sides, so every subtask's build side outgrows the tiny budget at p=4. */
const BIG_LEFT = rows(20000, 2, 20000, 401);
const BIG_RIGHT = rows(12000, 3, 20000, 401);
const BIG_LEFT_CSV = csv("big-left.csv", BIG_LEFT);
const BIG_RIGHT_CSV = csv("big-right.csv", BIG_RIGHT);

type Source = (env: ExecutionEnvironment) => DataSet<any>;
const typedLeft: Source = (env) => env.readCsvFile(LEFT_CSV).types("number", "number");
const typedRight: Source = (env) => env.readCsvFile(RIGHT_CSV).types("number", "number", "number");
const plainLeft: Source = (env) => env.fromCollection(LEFT.map((r) => [...r]));
const plainRight: Source = (env) => env.fromCollection(RIGHT.map((r) => [...r]));

type Kind = "inner" | "left" | "right" | "full";
const KINDS: Kind[] = ["inner", "left", "right", "full"];
const HINTS = [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND, JoinHint.BROADCAST_HASH_FIRST, JoinHint.BROADCAST_HASH_SECOND];

/** A function that only reads its arguments (the optimizer marks it reads_only). */
const reads = (a: any, b: any): any => [a === null ? null : a[0], a === null ? null : a[1], b === null ? null : b[0], b === null ? null : b[2]];
/** A function that changes both arguments and returns one (a record shared across pairs would show). */
const changes = (a: any, b: any): any => {
  if (a === null) {
    b[1] = -1;
    return b;
  }
  if (b !== null) b[2] = b[2] + 1;
  a[1] = a[1] + (b === null ? 0.5 : b[2]);
  return a;
};

function joined(left: DataSet<any>, right: DataSet<any>, kind: Kind, hint: JoinHint, f: (a: any, b: any) => any): DataSet<any> {
  const j = kind === "inner" ? left.join(right, hint) : kind === "left" ? left.leftOuterJoin(right, hint) : kind === "right" ? left.rightOuterJoin(right, hint) : left.fullOuterJoin(right, hint);
  return j.where(0).equalTo(0).with(f);
}

/** Outer joins take only the hints Flink allows: the outer side is never the broadcast build side. */
function allowed(kind: Kind, hint: JoinHint): boolean {
  if (kind === "full") return hint === JoinHint.REPARTITION_HASH_FIRST || hint === JoinHint.REPARTITION_HASH_SECOND;
  if (kind === "left") return hint !== JoinHint.BROADCAST_HASH_FIRST;
  if (kind === "right") return hint !== JoinHint.BROADCAST_HASH_SECOND;
  return true;
}

type PairFn = (a: any, b: any) => any;

async function run(p: number, budget: number | undefined, left: Source, right: Source, kind: Kind, hint: JoinHint, f: PairFn): Promise<string[]> {
  const env = envWith(p, budget, spillRoot());
  const out = await joined(left(env), right(env), kind, hint, f).collect();
  return out.map(exact).sort();
}

for (const p of [1, 4]) {
  test(`typed rows join as the record path does, every join type and build side, p=${p}`, async () => {
    for (const kind of KINDS) {
      for (const hint of HINTS.filter((h) => allowed(kind, h))) {
        for (const f of [reads, changes]) {
          const before = { ...NUMBER_ROWS_JOIN_STATS };
          const typed = await run(p, undefined, typedLeft, typedRight, kind, hint, f);
          // A broadcast side comes as records (typed batches ride FORWARD and HASH channels only).
          const broadcast = hint === JoinHint.BROADCAST_HASH_FIRST || hint === JoinHint.BROADCAST_HASH_SECOND;
          assert.ok(NUMBER_ROWS_JOIN_STATS.probed > before.probed, `${kind} ${hint}: probe rows met the join as numbers`);
          if (!broadcast) assert.ok(NUMBER_ROWS_JOIN_STATS.built > before.built, `${kind} ${hint}: build rows met the join as numbers`);
          const plain = await run(p, undefined, plainLeft, plainRight, kind, hint, f);
          assert.deepEqual(typed, plain, `${kind} ${hint} ${f === reads ? "reads" : "changes"}`);
        }
      }
    }
  });
}

test("the optimizer marks the reading function reads_only (so the shared-array path runs)", () => {
  const env = envWith(1, undefined, spillRoot());
  joined(typedLeft(env), typedRight(env), "inner", JoinHint.REPARTITION_HASH_FIRST, reads).writeAsCsv(join(dir, "plan-only"));
  assert.match(env.getExecutionPlan(), /"reads_only":\s*true/);
});

test("one side typed, the other records: the same records", async () => {
  for (const [left, right] of [[typedLeft, plainRight], [plainLeft, typedRight]] as const) {
    for (const kind of ["inner", "full"] as Kind[]) {
      for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND]) {
        for (const f of [reads, changes]) {
          const typed = await run(4, undefined, left, right, kind, hint, f);
          const plain = await run(4, undefined, plainLeft, plainRight, kind, hint, f);
          assert.deepEqual(typed, plain, `${kind} ${hint}`);
        }
      }
    }
  }
});

const bigTypedLeft: Source = (env) => env.readCsvFile(BIG_LEFT_CSV).types("number", "number");
const bigTypedRight: Source = (env) => env.readCsvFile(BIG_RIGHT_CSV).types("number", "number", "number");
const bigPlainLeft: Source = (env) => env.fromCollection(BIG_LEFT.map((r) => [...r]));
const bigPlainRight: Source = (env) => env.fromCollection(BIG_RIGHT.map((r) => [...r]));

for (const p of [1, 4]) {
  test(`typed build rows spill into the hybrid hash join and join as unspilled, p=${p}`, async () => {
    const exchanges = SPILL_STATS.byKind.get("exchange") ?? 0;
    for (const kind of ["inner", "full"] as Kind[]) {
      for (const hint of [JoinHint.REPARTITION_HASH_FIRST, JoinHint.REPARTITION_HASH_SECOND]) {
        for (const f of [reads, changes]) {
          const before = SPILL_STATS.byKind.get("hybrid") ?? 0;
          const spilled = await run(p, TINY_BUDGET, bigTypedLeft, bigTypedRight, kind, hint, f);
          assert.ok((SPILL_STATS.byKind.get("hybrid") ?? 0) > before, "the typed build side spilled");
          const plain = await run(p, undefined, bigPlainLeft, bigPlainRight, kind, hint, f);
          assert.deepEqual(spilled, plain, `${kind} ${hint}`);
        }
      }
    }
    assert.ok((SPILL_STATS.byKind.get("exchange") ?? 0) > exchanges, "typed batches waiting for the build side spilled from their exchange");
  });
}

test("typed build partitions moved to disk when the probe starts (too large to probe in place) join as unspilled", async () => {
  const inPlace = HYBRID_PROBE.inPlaceBytes;
  HYBRID_PROBE.inPlaceBytes = 0;
  try {
    for (const p of [1, 4]) {
      for (const kind of ["inner", "full"] as Kind[]) {
        for (const hint of p === 1 ? [JoinHint.REPARTITION_HASH_FIRST] : [JoinHint.REPARTITION_HASH_SECOND]) {
          const movedBefore = HYBRID_STATS.movedAtProbe;
          const spilled = await run(p, TINY_BUDGET, bigTypedLeft, bigTypedRight, kind, hint, changes);
          assert.ok(HYBRID_STATS.movedAtProbe > movedBefore, "partitions in memory went to disk when the probe started");
          assert.deepEqual(spilled, await run(p, undefined, bigPlainLeft, bigPlainRight, kind, hint, changes), `${kind} ${hint} p=${p}`);
        }
      }
    }
  } finally {
    HYBRID_PROBE.inPlaceBytes = inPlace;
  }
});
