/**
 * A subtask with nothing to wait for between batches (no cancel signal, no progress, no async sink)
 * creates no promise per batch: an await costs more once an AsyncLocalStorage is active, and every
 * job module's entry runs in one (runJob's job scope), which made the default mode slower than a
 * script at p=1 (issue 17). Counted with an async hook over jobs of 400,000 records (~390 batches
 * through the source, and as many through the exchange at p=2); before, each batch made two.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createHook } from "node:async_hooks";
import { ExecutionEnvironment } from "../../src/index.js";

async function promisesDuring(job: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const hook = createHook({
    init(_id, type) {
      if (type === "PROMISE") n++;
    },
  });
  hook.enable();
  try {
    await job();
  } finally {
    hook.disable();
  }
  return n;
}

const numbers = Array.from({ length: 400_000 }, (_, i) => i);

test("no promise per batch: a collection through a chain at p=1", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(1);
  const n = await promisesDuring(() => env.fromCollection(numbers).map((x): [number, number] => [x % 10, x]).groupBy(0).sum(1).collect());
  assert.ok(n < 100, `${n} promises for ~390 batches`);
});

test("no promise per batch: through a hash exchange at p=2", async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const n = await promisesDuring(() => env.fromCollection(numbers).rebalance().map((x): [number, number] => [x % 10, x]).groupBy(0).sum(1).collect());
  assert.ok(n < 150, `${n} promises for ~780 batches`);
});
