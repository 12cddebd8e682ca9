/**
 * A job that watches itself: a JobListener records the progress snapshots and the executed job.
 * In threads and processes the subtasks' counters come from the workers (relayed while they run).
 */
import { defineJob, type OutputFormat, type ProgressSnapshot } from "../../src/index.js";

const discard: OutputFormat<number> = { open: () => undefined, writeRecord: () => undefined, close: () => undefined };

export interface Watched {
  readonly executed: string | undefined;
  /** Records in of the chain, in the snapshots taken while the job ran (not the final one). */
  readonly running: number[];
  readonly final: { name: string; recordsIn: number; recordsOut: number; state: string }[];
}

export default defineJob(async (env, args: { n: number }): Promise<Watched> => {
  const snapshots: ProgressSnapshot[] = [];
  let executed: string | undefined;
  env.registerJobListener({ onProgress: (s) => snapshots.push(s), onJobExecuted: (r) => (executed = r?.getJobName()) });
  env.generateSequence(1, args.n).map((x) => {
    let y = x;
    for (let i = 0; i < 200; i++) y = (y * 31 + i) % 1_000_003;
    return y;
  }).name("Mixer").output(discard);
  await env.execute("progress");
  const last = snapshots.at(-1);
  return {
    executed,
    running: snapshots.filter((s) => !s.final).map((s) => s.operators[0]!.recordsIn),
    final: (last?.operators ?? []).map((o) => ({ name: o.name, recordsIn: o.recordsIn, recordsOut: o.recordsOut, state: o.state })),
  };
});
