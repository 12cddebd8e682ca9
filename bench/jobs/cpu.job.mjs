// The CPU-bound job of issue 17: an arithmetic-heavy map over generateSequence(1, n), then a
// grouped sum. Plain JavaScript against the compiled library (dist/), so workers start cold
// without a TypeScript loader. Run by bench/jobs-cpu.ts.
import { defineJob } from "../../dist/index.js";

export default defineJob(async (env, args) => {
  const n = Number(args.n ?? 2_000_000);
  const rounds = Number(args.rounds ?? 60);
  const sums = await env
    .generateSequence(1, n)
    .map((x) => {
      let v = x;
      for (let i = 0; i < rounds; i++) v = (v * 1103515245 + 12345) % 2147483648;
      return [v % 64, v / 2147483648];
    })
    .groupBy(0)
    .sum(1)
    .collect();
  return sums.length;
});
