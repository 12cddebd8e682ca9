/**
 * One measured run of one (engine, workload), in a fresh process started by run.ts.
 * Prepares the input (not timed), times the job, then reports one line on stdout:
 * `@@bench {"status":"ok","ms":...,"rssKB":...,"checksum":"..."}` (or status "na" / "error").
 */
import { availableParallelism } from "node:os";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { isMainThread } from "node:worker_threads";
import { checksumRows } from "./lib/checksum.js";
import { memoryInput, type Inputs } from "./lib/data.js";
import { csvJobOutput, dataFiles } from "./lib/files.js";
import { REPORT_PREFIX, type ChildArgs, type ChildReport } from "./lib/protocol.js";
import { SCALE, SPECS, type WorkloadId } from "./lib/workloads.js";
import { engines } from "./engines/index.js";
import { NotAvailable, type Impl } from "./engines/types.js";


/**
 * A full garbage collection before the clock, for every engine alike. Without it the heap the input
 * left decides when the next major GC falls: whichever program allocates a little more before its
 * work (a job module's import and session) drew a 5M-object heap's marking, ~150 ms of a 300 ms
 * group-sum, in some runs and not others (bench/README.md, "Before the clock").
 */
function settleHeap(): void {
  setFlagsFromString("--expose-gc");
  (runInNewContext("gc") as () => void)();
}

function report(r: ChildReport): void {
  process.stdout.write(`${REPORT_PREFIX}${JSON.stringify(r)}\n`);
}

function inputOf(args: ChildArgs): Inputs[WorkloadId] {
  const files = dataFiles(args.size);
  switch (SPECS[args.workload].kind) {
    case "memory": return memoryInput(args.workload, SCALE[args.size]);
    case "file": return { textPath: files.text };
    case "process": return { ordersPath: files.orders, usersPath: files.users, outPath: csvJobOutput(args.size, args.engine) };
  }
}

async function main(args: ChildArgs): Promise<ChildReport> {
  const info = engines(availableParallelism()).find((e) => e.id === args.engine);
  if (info === undefined) return { status: "error", note: `unknown engine ${args.engine}` };
  const impl = (await info.load())[args.workload] as Impl<WorkloadId> | undefined;
  if (impl === undefined) return { status: "na", note: "n/a" };
  const job = await impl(inputOf(args));
  settleHeap();
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  const fromUs = Number(process.hrtime.bigint() / 1000n);
  try {
    await job.run();
  } catch (e) {
    if (e instanceof NotAvailable) return { status: "na", note: `n/a (${e.message})` };
    throw e;
  }
  const ms = performance.now() - start;
  const windowUs: [number, number] = [fromUs, Number(process.hrtime.bigint() / 1000n)];
  const cpu = process.cpuUsage(cpuStart);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const rssKB = process.resourceUsage().maxRSS;
  if (!isMainThread) return { status: "ok" };
  const spec = SPECS[args.workload];
  const checksum = job.rows === undefined || spec.kind === "process" ? undefined : checksumRows(await job.rows(), spec.fields, spec.orderedBy);
  return { status: "ok", ms, cpuMs, rssKB, checksum, windowUs };
}

// Workers do not see process.argv, but they get a copy of process.env: the args go there.
if (isMainThread) process.env.SLUICE_BENCH_CHILD_ARGS = process.argv[2] ?? "{}";
const args = JSON.parse(process.env.SLUICE_BENCH_CHILD_ARGS ?? "{}") as ChildArgs;
if (!isMainThread) {
  // Only the main thread measures and reports; a worker's failure shows in the main thread's job.
  void main(args).catch(() => undefined);
} else {
  main(args).then(
    (r) => {
      report(r);
      process.exit(0);
    },
    (e: unknown) => {
      console.error(e);
      const message = e instanceof Error ? e.message : String(e);
      report({ status: "error", note: message.split("\n")[0]!.slice(0, 200) });
      process.exit(1);
    },
  );
}
