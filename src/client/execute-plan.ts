/**
 * The composition root: optimize the program's sinks into a physical plan and run it.
 * The API reaches execution only through these two functions.
 */
import type { ExecutionConfig } from "../api/execution-config.js";
import { optimize } from "../optimizer/optimizer.js";
import type { SinkNode } from "../plan/logical.js";
import { planToJson } from "../plan/plan-json.js";
import { runJob } from "../runtime/job-runner.js";
import { JobExecutionResult } from "./job-execution-result.js";

export interface ExecuteOptions {
  readonly jobName: string;
  readonly parallelism: number;
  readonly config: ExecutionConfig;
}

export async function executePlan(sinks: readonly SinkNode[], options: ExecuteOptions): Promise<{ result: JobExecutionResult; collected: unknown[][] }> {
  const plan = optimize(sinks, { parallelism: options.parallelism, objectReuse: options.config.isObjectReuseEnabled() });
  const run = await runJob(plan, { jobName: options.jobName });
  const result = new JobExecutionResult(options.jobName, run.netRuntimeMs, run.accumulators, run.channels, run.iterations);
  const collected: unknown[][] = [];
  for (const [slot, records] of run.collected) collected[slot] = records;
  return { result, collected };
}

export function explainPlan(sinks: readonly SinkNode[], options: ExecuteOptions): string {
  const plan = optimize(sinks, { parallelism: options.parallelism, objectReuse: options.config.isObjectReuseEnabled() });
  return JSON.stringify(planToJson(plan), null, 2);
}
