// WordCount as a job module (the harness's wordcount workload): run by bench/cluster.ts.
import { defineJob, type Collector } from "../../src/index.js";

export default defineJob(async (env, args: { text: string }) => {
  const counts = await env.readTextFile(args.text)
    .flatMap((line: string, out: Collector<[string, number]>) => {
      for (const word of line.toLowerCase().split(/\W+/)) if (word !== "") out.collect([word, 1]);
    })
    .groupBy(0).sum(1).collect();
  return counts.length;
});
