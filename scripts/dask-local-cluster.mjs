// A local Dask cluster for Sluice: a scheduler and n workers on 127.0.0.1 (Debian's
// python3-distributed, for /usr/bin/python3, or SLUICE_PYTHON). Each worker gets one thread (one
// Sluice subtask at a time: its Node process is single-threaded) and no dashboard.
//
//   node scripts/dask-local-cluster.mjs [workers=3] [port=8786]
//
// prints the scheduler address (tcp://127.0.0.1:8786) on stdout once every worker registered, and
// stops scheduler and workers on Ctrl-C or SIGTERM. Tests import startLocalCluster() from here.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { clearTimeout, setTimeout } from "node:timers";

export function pythonCommand() {
  if (process.env.SLUICE_PYTHON) return process.env.SLUICE_PYTHON;
  return existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

/** Waits until `child`'s stderr matches `re`; rejects when it exits first or after `ms`. */
function waitFor(child, re, what, ms) {
  return new Promise((resolve, reject) => {
    let text = "";
    const timer = setTimeout(() => done(new Error(`${what} did not start within ${ms} ms: ${text.slice(-1500)}`)), ms);
    const onData = (d) => {
      text += d.toString();
      const m = re.exec(text);
      if (m) done(undefined, m);
    };
    const onExit = (code, signal) => done(new Error(`${what} exited with ${signal ?? `code ${code}`}: ${text.slice(-1500)}`));
    function done(err, m) {
      clearTimeout(timer);
      child.stderr.off("data", onData);
      child.off("exit", onExit);
      // Keep draining (a full pipe would block the process); show it only when debugging.
      child.stderr.on("data", (d) => { if (process.env.SLUICE_DEBUG_WORKERS === "1") process.stderr.write(d); });
      if (err) reject(err);
      else resolve(m);
    }
    child.stderr.on("data", onData);
    child.on("exit", onExit);
  });
}

/**
 * Starts a scheduler on 127.0.0.1 (`port`, 0 for any free one) and `workers` workers.
 * Resolves to { address, workers: [{ pid }], stop() }.
 */
export async function startLocalCluster({ workers = 3, port = 0, nanny = false, timeoutMs = 60_000 } = {}) {
  const python = pythonCommand();
  const dir = mkdtempSync(join(tmpdir(), "sluice-dask-"));
  const children = [];
  const stop = async () => {
    await Promise.all(children.map((c) => new Promise((resolve) => {
      if (c.exitCode !== null || c.signalCode !== null) return resolve();
      c.once("exit", () => resolve());
      c.kill("SIGTERM");
      setTimeout(() => c.kill("SIGKILL"), 5000).unref();
    })));
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const scheduler = spawn(python, ["-m", "distributed.cli.dask_scheduler", "--host", "127.0.0.1", "--port", String(port), "--no-dashboard", "--no-show"], { stdio: ["ignore", "ignore", "pipe"] });
    children.push(scheduler);
    const [, address] = await waitFor(scheduler, /Scheduler at:\s+(tcp:\/\/[0-9.]+:\d+)/, "the Dask scheduler", timeoutMs);
    const started = [];
    for (let i = 0; i < workers; i++) {
      const w = spawn(python, [
        "-m", "distributed.cli.dask_worker", address, "--host", "127.0.0.1", "--nthreads", "1", "--name", `sluice-${i}`,
        "--no-dashboard", nanny ? "--nanny" : "--no-nanny", "--local-directory", join(dir, `w${i}`), "--memory-limit", "0",
      ], { stdio: ["ignore", "ignore", "pipe"] });
      children.push(w);
      started.push(waitFor(w, /Registered to:/, `Dask worker ${i}`, timeoutMs));
    }
    await Promise.all(started);
    return { address, pids: children.map((c) => c.pid), stop };
  } catch (e) {
    await stop();
    throw e;
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const workers = Number(process.argv[2] ?? 3);
  const port = Number(process.argv[3] ?? 8786);
  const cluster = await startLocalCluster({ workers, port });
  process.stdout.write(`${cluster.address}\n`);
  process.stderr.write(`[sluice] local Dask cluster: scheduler ${cluster.address}, ${workers} workers; Ctrl-C stops it\n`);
  const quit = () => void cluster.stop().then(() => process.exit(0));
  process.on("SIGINT", quit);
  process.on("SIGTERM", quit);
}
