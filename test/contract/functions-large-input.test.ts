/**
 * API.md "Functions" and "Enums and errors" on inputs large enough (>= 100k known records, p > 1) for the
 * engine's "auto" execution mode to move subtasks into worker threads. The contract does not depend on size.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, RichMapFunction } from "../../src/index.js";

const N = 100_000;

test("class instances keep their prototype through every operator, whatever the input size",
  { timeout: 20_000 },
  async () => {
    class Point { constructor(public x: number, public y: number) {} sum(): number { return this.x + this.y; } }
    const env = ExecutionEnvironment.createLocalEnvironment(4);
    // Forced into worker threads, a class only created inside functions must be registered (README).
    const out = await env.generateSequence(1, N).map((i) => new Point(i % 3, 1)).groupBy("x").reduce((a, b) => new Point(a.x, a.y + b.y)).collect();
    assert.equal(out.length, 3);
    assert.ok(out.every((p) => p instanceof Point));
    assert.equal(out.reduce((s, p) => s + p.y, 0), N);
  });

test("(risk, API.md silent) state shared by reference with the program, e.g. an array a Rich function records into, is seen after the run",
  { timeout: 20_000 },
  async () => {
    const opened: number[] = [];
    class Track extends RichMapFunction<number, number> {
      override open(): void { opened.push(this.getRuntimeContext().getIndexOfThisSubtask()); }
      map(v: number): number { return v; }
    }
    const env = ExecutionEnvironment.createLocalEnvironment(4);
    assert.equal(await env.generateSequence(1, N).map(new Track()).count(), N);
    assert.deepEqual(opened.sort(), [0, 1, 2, 3]);
  });
