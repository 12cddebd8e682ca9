#!/usr/bin/env node
/**
 * The `sluice` command: `run` a script or job module, `explain` its plans without running them
 * (text, or a picture with --format html|svg, or JSON), `examples` runs the bundled examples.
 * Program output goes to stdout; the CLI's own messages and errors go to stderr.
 */
import { writeFileSync } from "node:fs";
import { Command, InvalidArgumentError, Option } from "commander";
import type { JobGraph } from "../index.js";
import { explainText } from "./explain-text.js";
import { checkNames, EXAMPLES_DIR, listExamples, runExamples } from "./examples.js";
import { CliError, runProgram } from "./program.js";
import { renderHtml, renderSvg } from "./render-svg.js";


function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("needs a positive integer");
  return n;
}

const MODES = ["auto", "in-process", "threads", "processes"];

/** The run options a job module reads from its argv (parseJobArgs), forwarded as given. */
function jobOptionArgs(o: { parallelism?: number; mode?: string; cluster?: string }): string[] {
  const out: string[] = [];
  if (o.parallelism !== undefined) out.push("--parallelism", String(o.parallelism));
  if (o.mode !== undefined) out.push("--mode", o.mode);
  if (o.cluster !== undefined) out.push("--cluster", o.cluster);
  return out;
}

function render(jobs: readonly JobGraph[], format: string): string {
  switch (format) {
    case "html": return renderHtml(jobs);
    case "svg": return renderSvg(jobs);
    case "json": return JSON.stringify(jobs, null, 2) + "\n";
    default: return explainText(jobs);
  }
}

function withJobOptions(cmd: Command): Command {
  return cmd
    .option("-p, --parallelism <n>", "default parallelism of the job (job modules)", positiveInt)
    .addOption(new Option("--mode <mode>", "where subtasks run (job modules)").choices(MODES))
    .option("--cluster <addr>", "a Dask scheduler address to run on, tcp://host:8786 (job modules)");
}

export function program(): Command {
  const cli = new Command("sluice")
    .description("Sluice: Apache Flink's DataSet API in TypeScript. Run programs, see their plans, run the examples.")
    .enablePositionalOptions()
    .showHelpAfterError("(add --help for usage)")
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });

  withJobOptions(
    cli
      .command("run")
      .description("run a script or a job module (defineJob); a job module gets the remaining args as its entry's args")
      .argument("<program>", "a .js/.mjs/.ts file (.ts needs tsx installed)")
      .argument("[args...]", "arguments for the program (--name value ...)")
      .passThroughOptions()
      .allowUnknownOption(),
  ).action(async (file: string, args: string[], o: { parallelism?: number; mode?: string; cluster?: string }) => {
    const { code } = await runProgram(file, [...jobOptionArgs(o), ...args]);
    process.exitCode = code;
  });

  withJobOptions(
    cli
      .command("explain")
      .description("print the plans a program builds without running them: operators, parallelism, ship and local strategies, estimated sizes, chains")
      .argument("<program>", "a script or job module")
      .argument("[args...]", "arguments for the program")
      .addOption(new Option("-f, --format <format>", "text, or a picture: html or svg, or json").choices(["text", "html", "svg", "json"]).default("text"))
      .option("-o, --output <file>", "write the plan to a file instead of stdout")
      .option("--run", "run the program and annotate the plan with the records measured per channel")
      .passThroughOptions()
      .allowUnknownOption(),
  ).action(
    async (file: string, args: string[], o: { format: string; output?: string; run?: boolean; parallelism?: number; mode?: string; cluster?: string }) => {
      const { code, jobs } = await runProgram(file, [...jobOptionArgs(o), ...args], o.run ? "observe" : "explain");
      if (code !== 0) {
        process.stderr.write(
          `sluice explain: ${file} exited with code ${code}${o.run ? "" : " (in explain mode actions return no records; a program that needs them may fail after its first job)"}; showing the ${jobs.length} job(s) captured before\n`,
        );
      }
      const text = render(jobs, o.format);
      if (o.output) writeFileSync(o.output, text);
      else process.stdout.write(text);
      process.exitCode = code !== 0 && jobs.length === 0 ? code : 0;
    },
  );

  withJobOptions(
    cli
      .command("examples")
      .description(`run the bundled examples on their bundled data (all, or the named ones); they are in ${EXAMPLES_DIR}`)
      .argument("[names...]", "example names, e.g. word-count join-users-orders")
      .option("-l, --list", "list the examples and exit"),
  ).action(async (names: string[], o: { list?: boolean; parallelism?: number; mode?: string; cluster?: string }) => {
    if (o.list) {
      process.stdout.write(await listExamples());
      return;
    }
    checkNames(names);
    await runExamples(names, { parallelism: o.parallelism, mode: o.mode as never, cluster: o.cluster });
  });
  return cli;
}

program()
  .parseAsync(process.argv)
  .catch((e: unknown) => {
    if (e instanceof CliError) {
      process.stderr.write(`sluice: ${e.message}\n`);
      process.exitCode = e.code;
    } else {
      console.error(e);
      process.exitCode = 1;
    }
  });
