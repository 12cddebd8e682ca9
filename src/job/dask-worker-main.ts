/**
 * The main module of Sluice's Node process on a Dask worker (started by the worker plugin of
 * python/sluice_dask.py with SLUICE_DASK_SOCKET set): serves that worker's Sluice tasks on the
 * socket (client/dask-worker-host.ts), running each run's entry here in a worker job scope. It
 * writes one line, "ready", to stdout once it listens: the plugin waits for it.
 */
import { runInJobScope } from "../common/job-scope.js";
import { ExecutionEnvironment } from "../api/execution-environment.js";
import { serveDaskWorker } from "../client/dask-worker-host.js";
import { isJobModule } from "./job-definition.js";

const socketPath = process.env.SLUICE_DASK_SOCKET;
if (!socketPath) {
  console.error("dask-worker-main: SLUICE_DASK_SOCKET is not set (this module is started by Sluice's Dask worker plugin)");
  process.exit(2);
}
// The plugin keeps our stdin open: its end means the Dask worker is gone (even killed), so go too.
process.stdin.on("end", () => process.exit(0)).resume();
serveDaskWorker(async (moduleUrl, args, parallelism, session) => {
  const mod: unknown = await import(moduleUrl);
  if (!isJobModule(mod)) throw new Error(`${moduleUrl} is not a job module`);
  return runInJobScope({ role: "worker", session, parallelism }, () => mod.default.entry(ExecutionEnvironment.getExecutionEnvironment(), args));
}, socketPath, () => process.stdout.write("ready\n"));
