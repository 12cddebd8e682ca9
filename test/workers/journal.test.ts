import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment } from "../../src/index.js";
import { DROPPED_RECORDS, journalEntry, nextJobNumber } from "../../src/runtime/workers/journal.js";

test("in-process jobs do not keep their collected records in the workers' journal", { skip: process.env.SLUICE_EXECUTION_MODE === "threads" }, async () => {
  const env = ExecutionEnvironment.createLocalEnvironment(2);
  const before = nextJobNumber(); // takes a number, so the job below is before + 1
  const out = await env.generateSequence(1, 1000).collect();
  assert.equal(out.length, 1000);
  const entry = journalEntry(before + 1);
  assert.ok(entry && entry.ok);
  assert.equal(entry.collected, DROPPED_RECORDS, "a program that never uses threads must not hold every result it collected");
});
