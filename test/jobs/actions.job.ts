/**
 * Actions that feed the next job: a count and a collected maximum set the bounds of later plans,
 * so the workers must get the coordinator's results for them. Also reports where subtasks ran.
 */
import { isMainThread } from "node:worker_threads";
import { defineJob } from "../../src/index.js";

export default defineJob(async (env, args: { n?: number }) => {
  const pages = env.generateSequence(1, args.n ?? 500).filter((x) => x % 7 !== 0);
  const count = await pages.count();
  const [max] = await pages.map((x) => (x * 31) % 97).reduce((a, b) => Math.max(a, b)).collect();
  const next = await env.generateSequence(1, max!).map((x) => x + count).collect();
  const where = await env.generateSequence(1, 16).map(() => (isMainThread && !process.env.SLUICE_WORKER ? "coordinator" : `worker ${process.pid}`)).distinct().collect();
  return { count, max, next: next.sort((a, b) => a - b), where: where.sort() };
});
