/** A program that reads its command line and runs in worker threads (for process-flags.test.ts). */
import { ExecutionEnvironment } from "../../src/index.js";

const n = Number(process.argv[2] ?? 10);
const env = ExecutionEnvironment.createLocalEnvironment(2);
env.getConfig().setExecutionMode("threads");
const [sum] = await env.generateSequence(1, n).map((x) => x * 2).reduce((a, b) => a + b).collect();
process.stdout.write(`sum=${sum}\n`);
