/**
 * The main module of a Sluice worker (a worker thread or a child process): serves the coordinator
 * (client/worker-host.ts), running each opened run's entry here in a worker job scope.
 */
import { runInJobScope } from "../common/job-scope.js";
import { ExecutionEnvironment } from "../api/execution-environment.js";
import { hostWorker } from "../client/worker-host.js";
import { isJobModule } from "./job-definition.js";

hostWorker(async (moduleUrl, args, parallelism, session) => {
  const mod: unknown = await import(moduleUrl);
  if (!isJobModule(mod)) throw new Error(`${moduleUrl} is not a job module`);
  return runInJobScope({ role: "worker", session, parallelism }, () => mod.default.entry(ExecutionEnvironment.getExecutionEnvironment(), args));
});
