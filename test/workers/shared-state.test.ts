import { test } from "node:test";
import assert from "node:assert/strict";
import { ExecutionEnvironment, ListAccumulator, RichMapFunction, type Configuration } from "../../src/index.js";
import { assertSameRecords } from "../helpers.js";

function threaded(p = 4): ExecutionEnvironment {
  const env = ExecutionEnvironment.createLocalEnvironment(p);
  env.getConfig().setExecutionMode("threads");
  return env;
}

class Tagger extends RichMapFunction<number, [number, string]> {
  private names = new Map<number, string>();
  override open(_parameters: Configuration): void {
    for (const [id, name] of this.getRuntimeContext().getBroadcastVariable<[number, string]>("names")) this.names.set(id, name);
    this.getRuntimeContext().addAccumulator("seen", new ListAccumulator<number>());
  }
  map(x: number): [number, string] {
    this.getRuntimeContext().getIntCounter("records").add(1);
    (this.getRuntimeContext().getAccumulator("seen") as ListAccumulator<number>).add(this.getRuntimeContext().getIndexOfThisSubtask());
    return [x, this.names.get(x % 3) ?? "?"];
  }
}

test("broadcast sets and accumulators work across worker threads", async () => {
  const run = async (env: ExecutionEnvironment) => {
    const names = env.fromElements<[number, string]>([0, "zero"], [1, "one"], [2, "two"]);
    env.generateSequence(1, 6).map(new Tagger()).withBroadcastSet(names, "names").output({ open() {}, writeRecord() {}, close() {} });
    return env.execute("broadcast");
  };
  const result = await run(threaded());
  assert.equal(result.getAccumulatorResult("records"), 6);
  // Merged in subtask order, as in process: each subtask's list after the previous one's.
  const inProcess = ExecutionEnvironment.createLocalEnvironment(4);
  inProcess.getConfig().setExecutionMode("in-process");
  assert.deepEqual(result.getAccumulatorResult("seen"), (await run(inProcess)).getAccumulatorResult("seen"));
  assert.deepEqual(result.getAccumulatorResult("seen"), [0, 1, 1, 2, 3, 3]);
  const env2 = threaded();
  const names2 = env2.fromElements<[number, string]>([0, "zero"], [1, "one"], [2, "two"]);
  assertSameRecords(await env2.generateSequence(1, 3).map(new Tagger()).withBroadcastSet(names2, "names").collect(), [[1, "one"], [2, "two"], [3, "zero"]]);
});

test("records that are class instances keep their prototype through threads", async () => {
  class Temp {
    constructor(readonly city: string, readonly celsius: number) {}
    fahrenheit(): number {
      return this.celsius * 1.8 + 32;
    }
  }
  const env = threaded();
  env.registerType(Temp);
  const out = await env.fromElements(new Temp("Oslo", 10), new Temp("Rome", 20), new Temp("Oslo", 0))
    .rebalance()
    .map((t) => new Temp(t.city, t.celsius + 1))
    .groupBy("city")
    .reduce((a, b) => new Temp(a.city, a.celsius + b.celsius))
    .collect();
  assert.ok(out.every((t) => t instanceof Temp));
  assert.deepEqual(out.map((t) => [t.city, t.celsius, t.fahrenheit()]).sort(), [["Oslo", 12, 12 * 1.8 + 32], ["Rome", 21, 21 * 1.8 + 32]]);
});
