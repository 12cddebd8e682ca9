/**
 * Seed 003 end to end: the example program, fed the seed's batches over two real loopback
 * sockets in the seed's order, prints exactly the seed's lines with their `1>`/`2>` prefixes.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { buildCoGroupJoin, type JoinForm } from "../../examples/stream-cogroup-join.js";
import { feedSeed, openLineServer } from "../../examples/streaming/socket-driver.js";
import { capturing, waitFor } from "./stream-helpers.js";

const SEED_LEFT_JOIN = [
  "1> (a,1,1,1718089200000,1718089200000)",
  "1> (b,2,2,1718089200000,1718089200000)",
  "1> (c,3,3,1718089200000,1718089200000)",
  "1> (a,4,,1718089202000,0)",
  "2> (b,5,,1718089202000,0)",
  "1> (c,6,,1718089202000,0)",
];

/** Runs one form over loopback sockets, waits for `expected` lines (and a little longer), cancels. */
async function seedRun(form: JoinForm, expected: number): Promise<string[]> {
  const left = await openLineServer();
  const right = await openLineServer();
  try {
    return await capturing(async (printed) => {
      const client = await buildCoGroupJoin("127.0.0.1", left.port, right.port, form).executeAsync();
      await Promise.all([left.connected, right.connected]);
      await feedSeed(left, right, 150);
      await waitFor(() => printed().length >= expected, 4000);
      await new Promise((r) => setTimeout(r, 250)); // nothing more may come
      await client.cancel();
    });
  } finally {
    await Promise.all([left.close(), right.close()]);
  }
}

/** Lines of one subtask, in the order it printed them. */
function bySubtask(lines: readonly string[], prefix: string): string[] {
  return lines.filter((l) => l.startsWith(prefix));
}

test("seed 003, left join: exactly the six lines the seed shows, 1>/2> prefixes included", async () => {
  const lines = await seedRun("left", 6);
  assert.deepEqual([...lines].sort(), [...SEED_LEFT_JOIN].sort());
  // Each subtask prints in the seed's order; only the interleaving of the two subtasks is free (as on Flink).
  assert.deepEqual(bySubtask(lines, "1> "), bySubtask(SEED_LEFT_JOIN, "1> "));
  assert.deepEqual(bySubtask(lines, "2> "), bySubtask(SEED_LEFT_JOIN, "2> "));
});

test("seed 003, right join: each right record once, joined or with blanks", async () => {
  const lines = await seedRun("right", 6);
  assert.deepEqual([...lines].sort(), [
    "1> (a,1,1,1718089200000,1718089200000)", "1> (a,,1,0,1718089202000)",
    "1> (b,2,2,1718089200000,1718089200000)", "1> (b,,2,0,1718089202000)",
    "1> (c,3,3,1718089200000,1718089200000)", "1> (c,,3,0,1718089202000)",
  ].sort());
});

test("seed 003, inner join: only the matching pairs", async () => {
  const lines = await seedRun("inner", 3);
  assert.deepEqual([...lines].sort(), SEED_LEFT_JOIN.slice(0, 3));
});
