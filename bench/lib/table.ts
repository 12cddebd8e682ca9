/** The markdown report: one row per (workload, engine), with timing stats and result checks. */
import type { EngineInfo } from "../engines/index.js";
import { SCALE, SPECS, type Size, type WorkloadId } from "./workloads.js";

/** Everything measured for one (workload, engine). */
export interface Cell {
  readonly workload: WorkloadId;
  readonly engine: string;
  readonly status: "ok" | "na" | "error";
  readonly note?: string;
  readonly timesMs: readonly number[];
  readonly rssKB: readonly number[];
  readonly checksums: readonly (string | undefined)[];
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const secs = (ms: number): string => (ms / 1000).toFixed(ms < 10_000 ? 3 : 2);

/** The checksum every engine must match: plain JS's, or else the most common one. */
export function referenceChecksum(cells: readonly Cell[]): string | undefined {
  const plain = cells.find((c) => c.engine === "plain-js" && c.status === "ok");
  if (plain !== undefined) return plain.checksums[0];
  const counts = new Map<string, number>();
  for (const c of cells) for (const s of c.checksums) if (s !== undefined) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** "yes" when every run of the cell produced the reference checksum. */
export function sameResult(cell: Cell, reference: string | undefined): boolean {
  return cell.checksums.length > 0 && cell.checksums.every((c) => c !== undefined && c === reference);
}

function row(cell: Cell, plainMedian: number | undefined, reference: string | undefined, first: boolean): string {
  const name = first ? `**${cell.workload}**` : "";
  if (cell.status !== "ok") return `| ${name} | ${cell.engine} | ${cell.note ?? cell.status} | | | | | | |`;
  const med = median(cell.timesMs);
  const ratio = plainMedian === undefined ? "—" : `${(med / plainMedian).toFixed(2)}x`;
  const rows = reference === undefined ? "?" : Number(reference.split(":")[0]).toLocaleString("en-US");
  return `| ${name} | ${cell.engine} | ${secs(med)} | ${secs(Math.min(...cell.timesMs))} | ${secs(Math.max(...cell.timesMs))} | ` +
    `${Math.round(Math.max(...cell.rssKB) / 1024)} | ${ratio} | ${rows} | ${sameResult(cell, reference) ? "yes" : "**NO**"} |`;
}

export interface TableContext {
  readonly size: Size;
  readonly runs: number;
  readonly machine: string;
  readonly engines: readonly EngineInfo[];
}

/** The whole report: machine line, table, and a legend of workloads and engines. */
export function renderReport(cells: readonly Cell[], ctx: TableContext): string {
  const lines = [
    `Machine: ${ctx.machine}. Size \`${ctx.size}\`, ${ctx.runs} run(s) per cell, each in a fresh process.`,
    "",
    "| workload | engine | median s | min s | max s | peak RSS MB | vs plain JS | result rows | same result |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  const workloads = [...new Set(cells.map((c) => c.workload))];
  for (const w of workloads) {
    const group = cells.filter((c) => c.workload === w);
    const plain = group.find((c) => c.engine === "plain-js" && c.status === "ok");
    const reference = referenceChecksum(group);
    group.forEach((c, i) => lines.push(row(c, plain === undefined ? undefined : median(plain.timesMs), reference, i === 0)));
  }
  lines.push("", "Workloads:");
  for (const w of workloads) lines.push(`- \`${w}\`: ${SPECS[w].describe(SCALE[ctx.size])}`);
  lines.push("", "Engines:");
  for (const e of ctx.engines) lines.push(`- \`${e.id}\`: ${e.describe}`);
  return lines.join("\n") + "\n";
}
