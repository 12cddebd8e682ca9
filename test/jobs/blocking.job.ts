/**
 * A job whose function, at record args.at, writes a file named after its process id into args.dir
 * and then blocks (up to args.ms, default 30 s), so a test can kill that process mid-job by its
 * pid. Its output goes to args.dir/out.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { defineJob, WriteMode } from "../../src/index.js";

export default defineJob(async (env, args: { dir: string; at?: number; ms?: number }) => {
  const at = args.at ?? 900;
  env.generateSequence(1, 1000).map((x) => {
    if (x === at) {
      writeFileSync(join(args.dir, `pid-${process.pid}`), "");
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, args.ms ?? 30_000);
    }
    return x;
  }).name("Blocker").writeAsText(join(args.dir, "out"), WriteMode.OVERWRITE);
  await env.execute("blocking");
});
