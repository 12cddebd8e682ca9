/**
 * Join hints (seed 000): every JoinHint is its own execution strategy, visible in the plan, and
 * all of them give the same result. Prints, per hint, the driver and how each input is shipped.
 */
import { ExecutionEnvironment, JoinHint, defineJob } from "../src/index.js";

export const title = "Join hints";
export const order = 31;

interface PlanNode { pact: string; driver_strategy: string; predecessors?: { side?: string; ship_strategy: string; local_strategy?: string }[] }

/** The job: `npx sluice run examples/join-hints.ts`, `npx tsx examples/join-hints.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.createLocalEnvironment(4);
  const users = env.generateSequence(1, 1000).map((id): [number, string] => [id, `user${id}`]);
  const orders = env.generateSequence(1, 5000).map((n): [number, number] => [(n * 7) % 1200, n]);
  for (const hint of Object.values(JoinHint)) {
    const joined = users.join(orders, hint).where(0).equalTo(0);
    joined.output({ open() {}, writeRecord() {}, close() {} });
    const node = (JSON.parse(env.getExecutionPlan()) as { nodes: PlanNode[] }).nodes.find((n) => n.pact === "Join")!;
    await env.execute();
    const ship = (side: string) => {
      const p = node.predecessors!.find((x) => x.side === side)!;
      return p.ship_strategy + (p.local_strategy ? ` + ${p.local_strategy}` : "");
    };
    const count = await joined.count();
    console.log(`${hint}: ${node.driver_strategy} | first: ${ship("first")} | second: ${ship("second")} | ${count} pairs`);
  }
});

