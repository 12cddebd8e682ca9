/**
 * A cross whose held (broadcast) side outgrows its share spills it and streams the other side in
 * blocks past it read back from disk: the pairs are those it gives with plenty of memory, for every
 * record kind at p=1 and p=4, either side held; its files were created and none is left.
 */
import { test } from "node:test";
import { type ExecutionEnvironment } from "../../src/index.js";
import { PARALLELISMS } from "../helpers.js";
import { assertSpillsAlike, RECORD_KINDS, type RecordKind } from "./spill-helpers.js";

function crosses(env: ExecutionEnvironment, kind: RecordKind): Promise<unknown[]> {
  const small = env.fromCollection(Array.from({ length: 120 }, (_, i) => kind.make(i % 7, i)));
  const big = env.fromCollection(Array.from({ length: 700 }, (_, i) => kind.make(i % 11, 1000 + i)));
  const pair = (a: any, b: any): number => kind.idx(a) * 10_000 + kind.idx(b);
  return (async () => [...(await small.crossWithTiny(big).with(pair).collect()), "huge", ...(await big.crossWithHuge(small).with(pair).collect())])();
}

for (const p of PARALLELISMS) {
  for (const kind of RECORD_KINDS) {
    test(`cross with its held side past the share: ${kind.name} records [p=${p}]`, () => assertSpillsAlike(p, (env) => crosses(env, kind), "cross"));
  }
}
