/**
 * How a worker thread starts: a small script (run with `eval`, so it needs no loader) that gates
 * stdout/stderr (see output-gate.ts), registers the parent's TypeScript loader when the parent runs
 * under `--import tsx` (Node 20 does not apply the parent's loader hooks to workers) and imports the
 * program module, after making the program's own file changes no-ops (worker-fs-effects.ts).
 * A failure to load is reported to the coordinator as a "fatal" message.
 */
import { pathToFileURL } from "node:url";
import { resolve } from "node:path";
import { FS_EFFECTS_SCRIPT } from "./worker-fs-effects.js";

const TSX_CLI_LOADER = /[\\/]tsx[\\/]dist[\\/]loader\.mjs$/;

/** Modules the worker imports before the program: `{ url, register }` (register: call its register()). */
export function loaderImports(execArgv: readonly string[]): { url: string; register: boolean }[] {
  const out: { url: string; register: boolean }[] = [];
  for (let i = 0; i < execArgv.length; i++) {
    const a = execArgv[i]!;
    const spec = a === "--import" ? execArgv[++i] : a.startsWith("--import=") ? a.slice("--import=".length) : undefined;
    if (spec === undefined) continue;
    if (spec === "tsx" || spec === "tsx/esm") {
      try {
        out.push({ url: import.meta.resolve("tsx/esm/api"), register: true });
      } catch {
        // tsx is not resolvable from here: the program must then be plain JavaScript.
      }
    } else if (TSX_CLI_LOADER.test(spec)) {
      // `tsx program.ts` starts node with --import <tsx>/dist/loader.mjs: register its API instead.
      out.push({ url: new URL("./esm/api/index.mjs", spec.startsWith("file:") ? spec : pathToFileURL(spec)).href, register: true });
    } else {
      out.push({ url: spec.startsWith(".") || spec.startsWith("/") ? pathToFileURL(resolve(spec)).href : spec, register: false });
    }
  }
  return out;
}

/** The worker's entry script. */
export const BOOTSTRAP = `
const { workerData, parentPort } = require("node:worker_threads");
const { AsyncLocalStorage } = require("node:async_hooks");
const gate = { subtask: new AsyncLocalStorage(), out: [], err: [] };
globalThis[Symbol.for("sluice.worker.output")] = gate;
for (const [stream, key] of [[process.stdout, "out"], [process.stderr, "err"]]) {
  const original = stream.write.bind(stream);
  const debug = process.env.SLUICE_DEBUG_WORKERS === "1";
  stream.write = function (chunk, encoding, cb) {
    if (gate.subtask.getStore() === true) gate[key].push(typeof chunk === "string" ? chunk : Buffer.from(chunk).toString());
    // SLUICE_DEBUG_WORKERS=1: show what the program prints in the workers, on stderr.
    else if (debug) process.stderr === stream ? original(chunk) : process.stderr.write.call(process.stderr, chunk);
    const done = typeof encoding === "function" ? encoding : cb;
    if (typeof done === "function") process.nextTick(done);
    return true;
  };
}
${FS_EFFECTS_SCRIPT}
(async () => {
  for (const m of workerData.loaders) {
    const mod = await import(m.url);
    if (m.register) mod.register();
  }
  await import(workerData.program);
})().catch((e) => {
  parentPort.postMessage({ t: "fatal", error: { name: (e && e.name) || "Error", message: String((e && e.stack) || e) } });
});
`;
