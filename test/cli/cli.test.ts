/** The sluice CLI end to end: exit codes, what goes to stdout and stderr, unknown names, --help everywhere. */
import { test as nodeTest } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FIXTURES, sluice } from "./run-cli.js";

// The CLI does not depend on where subtasks run: tested once, in the in-process pass.
const skip = process.env.SLUICE_EXECUTION_MODE === "threads" ? "tested in the in-process pass" : false;
const test = (name: string, fn: () => Promise<void>): void => {
  nodeTest(name, { skip }, fn);
};

const JOB = join(FIXTURES, "join-and-group-job.ts");
const SCRIPT = join(FIXTURES, "join-and-group-script.ts");

test("--help on sluice and on each command, exit 0", async () => {
  const top = await sluice(["--help"]);
  assert.equal(top.code, 0);
  for (const c of ["run", "explain", "examples"]) assert.match(top.stdout, new RegExp(`\\b${c}\\b`));
  for (const [cmd, words] of [["run", /--parallelism/], ["explain", /--format/], ["examples", /--list/]] as const) {
    const r = await sluice([cmd, "--help"]);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, new RegExp(`Usage: sluice ${cmd}`));
    assert.match(r.stdout, words);
  }
});

test("an unknown command or a bad option value fails with a message on stderr", async () => {
  const r = await sluice(["runn", "x.ts"]);
  assert.notEqual(r.code, 0);
  assert.match(r.stderr, /unknown command 'runn'/);
  const bad = await sluice(["explain", "--format", "png", SCRIPT]);
  assert.notEqual(bad.code, 0);
  assert.match(bad.stderr, /png.*(html|choices)/s);
});

test("examples: an unknown name exits 2 naming the known examples and the closest one; stdout stays empty", async () => {
  const r = await sluice(["examples", "wordcount"]);
  assert.equal(r.code, 2);
  assert.equal(r.stdout, "");
  assert.match(r.stderr, /unknown example: wordcount \(did you mean word-count\?\)/);
  assert.match(r.stderr, /known examples \(in .*examples\): .*join-users-orders.*word-count/);
});

test("examples: a named example runs on its bundled data under a header; --list lists them", async () => {
  const r = await sluice(["examples", "word-count"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /=== WordCount on a text file \(examples\/word-count\) ===/);
  assert.match(r.stdout, /-- the ten most frequent words\n\(the,\d+\)/);
  const list = await sluice(["examples", "--list"]);
  assert.equal(list.code, 0, list.stderr);
  assert.match(list.stdout, /^word-count +WordCount on a text file$/m);
});

test("run: a script runs with its args; its exit code is passed on; a missing file exits 2", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-cli-"));
  try {
    const out = join(dir, "out.csv");
    const r = await sluice(["run", SCRIPT, out]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, "script output line\nscript finished\n");
    assert.deepEqual(readFileSync(out, "utf8").trim().split("\n").sort(), ["Amsterdam,13", "Berlin,5"]);
    const missing = await sluice(["run", join(dir, "nope.ts")]);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /no such file: .*nope\.ts/);
    const failing = await sluice(["run", join(FIXTURES, "failing-script.ts")]);
    assert.equal(failing.code, 3);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("run: a job module goes through runJob with --parallelism and the remaining args", async () => {
  const r = await sluice(["run", "--parallelism", "3", JOB, "--city", "Berlin"]);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /job module ran with \{"city":"Berlin"\} parallelism 3/);
  assert.match(r.stdout, /\(Berlin,172\)/);
});

test("explain: builds the plan without running it and prints operators, strategies, parallelism, sizes, chains", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-cli-"));
  try {
    const out = join(dir, "out.csv");
    const r = await sluice(["explain", SCRIPT, out]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(existsSync(out), false, "explain must not run the job");
    // The program's own output goes to stderr; stdout is the plan.
    assert.match(r.stderr, /script output line/);
    assert.doesNotMatch(r.stdout, /script output line/);
    assert.match(r.stdout, /^Job 1\/1 "script job": 6 operators, default parallelism \d+/m);
    assert.match(r.stdout, /\[3\] Join \(Hybrid Hash \(build: (first|second)\)\) "Join" {2}p=\d+, est\. 4 records/);
    assert.match(r.stdout, /<- \[1\] Data Source \(first input\): Hash Partition on \[0\]/);
    assert.match(r.stdout, /Aggregate \(Hash Reduce/);
    assert.match(r.stdout, /<- \[4\] Combine \(Aggregate\): Hash Partition on \[0\]/);
    assert.match(r.stdout, /Chains \(each runs as one task\):\n +\[3\] -> \[4\]/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("explain --format json|svg|html: the same operators and channels as data and as a picture", async () => {
  // At parallelism 2 in process, as asked: "auto" would run this small job at 1 (next test).
  const p2 = ["--parallelism", "2", "--mode", "in-process"];
  const json = await sluice(["explain", "--format", "json", ...p2, JOB]);
  assert.equal(json.code, 0, json.stderr);
  const jobs = JSON.parse(json.stdout) as { nodes: { id: string; pact: string }[]; edges: { from: string; to: string; ship: string }[] }[];
  assert.equal(jobs.length, 1);
  assert.deepEqual(jobs[0]!.nodes.map((n) => n.pact), ["Data Source", "Data Source", "Join", "Combine (Aggregate)", "Aggregate", "Data Sink"]);
  assert.equal(jobs[0]!.edges.length, 5);
  const svg = await sluice(["explain", "--format", "svg", ...p2, JOB]);
  assert.equal(svg.code, 0, svg.stderr);
  assert.match(svg.stdout, /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  assert.match(svg.stdout, /<text class="job-title"[^>]*><title>Runs in-process, mode in-process \(runJob\)<\/title>Job 1: /);
  assert.equal(svg.stdout.match(/<g class="node"/g)?.length, 6);
  assert.equal(svg.stdout.match(/<g class="edge"/g)?.length, 5);
  const html = await sluice(["explain", "--format", "html", ...p2, JOB]);
  assert.match(html.stdout, /^<!doctype html>/);
  assert.match(html.stdout, /<svg /);
});

test("explain shows where each job runs and the plan that runs there: auto keeps a small job module in process at parallelism 1", async () => {
  const auto = await sluice(["explain", "--parallelism", "2", JOB]);
  assert.equal(auto.code, 0, auto.stderr);
  assert.match(auto.stdout, /^Job 1\/1 .*default parallelism 1\n {2}Runs in-process, auto: small parallel input .*at parallelism 1: nothing in the plan observes parallelism 2/m);
  assert.doesNotMatch(auto.stdout, /Hash Partition/);
  const json = JSON.parse((await sluice(["explain", "--format", "json", "--parallelism", "2", "--mode", "in-process", JOB])).stdout) as { execution?: string }[];
  assert.equal(json[0]!.execution, "in-process, mode in-process (runJob)");
  const script = await sluice(["explain", SCRIPT]);
  assert.match(script.stdout, /^ {2}Runs in-process, a script \(not a job module\) runs in process$/m);
});

test("explain --run: runs the program and annotates each channel with the records it carried", async () => {
  const dir = mkdtempSync(join(tmpdir(), "sluice-cli-"));
  const r = await sluice(["explain", "--run", SCRIPT, join(dir, "out.csv")]);
  rmSync(dir, { recursive: true, force: true });
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /ran in \d+ ms/);
  // users (3 records) and orders (4) are hash-partitioned into the join; 4 joined records combined per
  // partition, then at most 2 cities per partition shuffled to the final sum.
  assert.match(r.stdout, /<- \[1\] Data Source \(first input\): Hash Partition on \[0\] {2}3 records/);
  assert.match(r.stdout, /<- \[2\] Data Source \(second input\): Hash Partition on \[0\] {2}4 records/);
  assert.match(r.stdout, /Combine \(Aggregate\): Hash Partition on \[0\] {2}[2-4] records/);
  assert.match(r.stderr, /script finished/);
});

test("explain: a program that fails after its first job still shows the jobs captured before, with a note", async () => {
  const r = await sluice(["explain", join(FIXTURES, "failing-script.ts")]);
  assert.equal(r.code, 0);
  assert.match(r.stderr, /exited with code 3/);
  assert.match(r.stdout, /Job 1\/1 "before the failure"/);
});
