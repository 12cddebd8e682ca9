/**
 * Preloaded (`node --import`) into the program `sluice explain` runs: installs a plan capture
 * (SLUICE_PLAN_CAPTURE = explain | observe) and, when the program's process exits, writes the
 * captured jobs as plan graphs (JSON) to SLUICE_PLAN_OUT for the CLI to render.
 */
import { writeFileSync } from "node:fs";
import { isMainThread } from "node:worker_threads";
import { planGraph, startPlanCapture, type JobGraph } from "../index.js";

const out = process.env.SLUICE_PLAN_OUT;
if (isMainThread && out) {
  const capture = startPlanCapture(process.env.SLUICE_PLAN_CAPTURE === "observe" ? "observe" : "explain");
  process.on("exit", () => {
    const graphs: JobGraph[] = capture.jobs.map((j) => {
      const g = planGraph(j.jobName, j.plan, j.result?.getChannelMetrics());
      if (j.result) g.runtimeMs = j.result.getNetRuntime();
      if (j.execution) g.execution = j.execution;
      return g;
    });
    writeFileSync(out, JSON.stringify(graphs));
  });
}
