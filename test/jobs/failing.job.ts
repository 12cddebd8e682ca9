/**
 * A job whose function fails on one record (args.at) in the way args.kind says: throws, calls
 * process.exit, runs out of memory, or never returns. Its output goes to args.dir/out; args.jobTimeout
 * sets the job timeout (ExecutionConfig.setJobTimeout).
 */
import { join } from "node:path";
import { defineJob, WriteMode } from "../../src/index.js";

export type Failure = "throw" | "exit" | "oom" | "stuck";

function fail(kind: Failure, x: number): never {
  switch (kind) {
    case "throw":
      throw new RangeError(`bad record ${x}`);
    case "exit":
      process.exit(3);
    // eslint-disable-next-line no-fallthrough
    case "oom": {
      const hog: number[][] = [];
      for (;;) hog.push(new Array<number>(1 << 20).fill(x));
    }
    case "stuck":
      for (;;) { /* a function that never returns */ }
  }
}

export default defineJob(async (env, args: { kind: Failure; dir: string; at?: number; jobTimeout?: number }) => {
  const at = args.at ?? 900;
  if (args.jobTimeout) env.getConfig().setJobTimeout(args.jobTimeout);
  env.generateSequence(1, 1000).map((x) => (x === at ? fail(args.kind, x) : x)).name("Checker")
    .writeAsText(join(args.dir, "out"), WriteMode.OVERWRITE);
  await env.execute("failing");
});
