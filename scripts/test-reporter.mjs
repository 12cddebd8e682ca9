// The test reporter of `npm test` (scripts/run-tests.mjs): quiet while tests pass, every failure in
// full (name, file:line, the error with its stack and cause, the failing file's output), then the
// node test runner's closing lines that CI reads (# tests N, # pass N, # fail N, ...) and one
// summary line for the pass: "in process: 812 passed, 0 failed, 2 skipped (185.2 s)".
import { inspect } from "node:util";

const tty = process.stdout.isTTY === true;

function indent(text, by = "    ") {
  return text.split("\n").map((l) => by + l).join("\n");
}

function describeError(err) {
  // The runner wraps a test's throw in ERR_TEST_FAILURE; the thrown value is its cause.
  const inner = err && err.code === "ERR_TEST_FAILURE" && err.cause !== undefined ? err.cause : err;
  return inspect(inner, { depth: 8, colors: false, breakLength: 120 });
}

export default async function* sluiceReporter(source) {
  const output = new Map(); // file -> its stdout/stderr lines, printed when the file has a failure
  const failures = [];
  const summary = [];
  let done = 0;
  for await (const event of source) {
    const { type, data } = event;
    if (type === "test:stdout" || type === "test:stderr") {
      const key = data.file ?? "(unknown file)";
      if (!output.has(key)) output.set(key, []);
      output.get(key).push(data.message);
    } else if (type === "test:fail") {
      const err = data.details?.error;
      // A suite or file fails because a test inside it failed: that test is reported already.
      if (err?.failureType === "subtestsFailed") continue;
      failures.push(data);
      yield `\nFAIL ${data.name}\n  at ${data.file ?? "?"}${data.line ? `:${data.line}:${data.column}` : ""}\n${indent(describeError(err))}\n`;
    } else if (type === "test:pass" && tty && data.nesting === 0) {
      if (++done % 10 === 0) yield ".";
    } else if (type === "test:diagnostic" && data.nesting === 0) {
      summary.push(data.message);
    }
  }
  const failedFiles = new Set(failures.map((f) => f.file).filter(Boolean));
  for (const file of failedFiles) {
    const lines = output.get(file);
    if (lines && lines.length > 0) yield `\n--- output of ${file}\n${lines.join("")}\n--- end of output\n`;
  }
  if (tty) yield "\n";
  const counts = {};
  for (const line of summary) {
    const m = /^(\w+) ([\d.]+)$/.exec(line);
    if (m) counts[m[1]] = Number(m[2]);
    yield `# ${line}\n`;
  }
  const label = process.env.SLUICE_TEST_PASS ?? "tests";
  const secs = counts.duration_ms !== undefined ? ` (${(counts.duration_ms / 1000).toFixed(1)} s)` : "";
  const extra = ["skipped", "todo", "cancelled"].filter((k) => counts[k] > 0).map((k) => `, ${counts[k]} ${k}`).join("");
  yield `${label}: ${counts.pass ?? 0} passed, ${counts.fail ?? 0} failed${extra}${secs}\n`;
}
