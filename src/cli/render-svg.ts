/**
 * `sluice explain --format svg|html`: the plan as a picture. One SVG with a section per job; each
 * operator a box (id, pact, strategy, name, parallelism, estimate), each channel an arrow labelled
 * with its ship and local strategy and the records measured on it. Chained channels (no exchange,
 * the same task) are drawn thick and grey. Boxes and arrows carry data-* attributes so tools and
 * tests can find them.
 */
import { explainText } from "./explain-text.js";
import { CHAR_W, LINE_H, layoutJob, type Layout } from "./layout.js";
import type { JobGraph } from "../index.js";

const esc = (s: string): string => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const HEADER = 30;
const FILL = { source: "#e3f4e1", sink: "#e1ecf8", operator: "#ffffff", iteration: "#fdf6dc", placeholder: "#f2f2f2" } as const;

/**
 * The plans of all jobs as one standalone SVG document.
 *
 * @example
 * writeFileSync("plan.svg", renderSvg(graphs));
 */
export function renderSvg(jobs: readonly JobGraph[]): string {
  const sections: string[] = [];
  let y = 0;
  let width = 320;
  jobs.forEach((job, i) => {
    const layout = layoutJob(job);
    sections.push(`<g class="job" data-job="${i + 1}" transform="translate(0 ${y})">`);
    sections.push(
      // Where the job runs and why, as the title's tooltip (one long line, kept out of the layout).
      `<text class="job-title" x="12" y="20" font-weight="bold" font-size="14">${job.execution ? `<title>${esc(`Runs ${job.execution}`)}</title>` : ""}${esc(`Job ${i + 1}: ${job.jobName} (default parallelism ${job.defaultParallelism}${job.runtimeMs !== undefined ? `, ran in ${job.runtimeMs.toFixed(0)} ms` : ""})`)}</text>`,
    );
    sections.push(`<g transform="translate(0 ${HEADER})">${jobBody(layout, i + 1)}</g></g>`);
    y += layout.height + HEADER + 24;
    width = Math.max(width, layout.width);
  });
  if (jobs.length === 0) {
    sections.push(`<text x="12" y="20">${esc(explainText([]).trim())}</text>`);
    y = 40;
  }
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${Math.ceil(width)}" height="${Math.ceil(y)}" viewBox="0 0 ${Math.ceil(width)} ${Math.ceil(y)}" font-family="DejaVu Sans Mono, Menlo, Consolas, monospace" font-size="12">`,
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerUnits="userSpaceOnUse" markerWidth="9" markerHeight="9" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z" fill="#444"/></marker></defs>`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    ...sections,
    `</svg>`,
  ].join("\n");
}

function jobBody(layout: Layout, job: number): string {
  const out: string[] = [];
  // Iteration boxes first (behind their step functions), then channels, then operators.
  const order = [...layout.nodes].sort((a, b) => Number(b.node.kind === "iteration") - Number(a.node.kind === "iteration"));
  for (const p of order.filter((n) => n.node.kind === "iteration")) out.push(box(p, job));
  for (const e of layout.edges) {
    const d = e.points.map((pt, i) => `${i === 0 ? "M" : "L"}${pt.x.toFixed(1)} ${pt.y.toFixed(1)}`).join(" ");
    const stroke = e.edge.chained
      ? `stroke="#9a9a9a" stroke-width="4"`
      : e.edge.broadcast
        ? `stroke="#8a4fbf" stroke-width="1.5" stroke-dasharray="6 3"`
        : `stroke="#444" stroke-width="1.5"`;
    const w = e.label.length * CHAR_W * 0.9 + 8;
    out.push(
      `<g class="edge" data-job="${job}" data-from="${e.edge.from.slice(1)}" data-to="${e.edge.to.slice(1)}" data-ship="${esc(e.edge.ship)}"${e.edge.records !== undefined ? ` data-records="${e.edge.records}"` : ""}>`,
      `<path d="${d}" fill="none" ${stroke} marker-end="url(#arrow)"/>`,
      `<rect x="${(e.labelAt.x - w / 2).toFixed(1)}" y="${(e.labelAt.y - LINE_H / 2).toFixed(1)}" width="${w.toFixed(1)}" height="${LINE_H}" rx="3" fill="#fff" fill-opacity="0.9"/>`,
      `<text x="${e.labelAt.x.toFixed(1)}" y="${(e.labelAt.y + 4).toFixed(1)}" text-anchor="middle" font-size="11" fill="#333">${esc(e.label)}</text>`,
      `</g>`,
    );
  }
  for (const p of order.filter((n) => n.node.kind !== "iteration")) out.push(box(p, job));
  return out.join("\n");
}

function box(p: Layout["nodes"][number], job: number): string {
  const n = p.node;
  const dash = n.kind === "iteration" ? ` stroke-dasharray="6 4"` : "";
  const text =
    n.kind === "iteration"
      ? `<text x="${(p.x + 8).toFixed(1)}" y="${(p.y + 14).toFixed(1)}" font-weight="bold">${esc(p.lines.join("  "))}</text>`
      : p.lines
          .map(
            (l, i) =>
              `<text x="${(p.x + 10).toFixed(1)}" y="${(p.y + 10 + (i + 1) * LINE_H - 4).toFixed(1)}"${i === 0 ? ` font-weight="bold"` : ""}>${esc(l)}</text>`,
          )
          .join("");
  return `<g class="node" data-job="${job}" data-id="${n.id.slice(1)}" data-kind="${n.kind}" data-pact="${esc(n.pact)}"><rect x="${p.x.toFixed(1)}" y="${p.y.toFixed(1)}" width="${p.width.toFixed(1)}" height="${p.height.toFixed(1)}" rx="6" fill="${FILL[n.kind]}" stroke="#555"${dash}/>${text}<title>${esc(`${n.pact} "${n.name}" — ${n.strategy}, parallelism ${n.parallelism}`)}</title></g>`;
}

/**
 * A standalone HTML page: the picture and, below it, the plan as text.
 *
 * @example
 * writeFileSync("plan.html", renderHtml(graphs));
 */
export function renderHtml(jobs: readonly JobGraph[]): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sluice plan</title>
<style>body{font-family:system-ui,sans-serif;margin:16px;color:#222}h1{font-size:18px}.legend{font-size:13px;color:#555}pre{background:#f6f6f6;padding:12px;overflow:auto}</style>
</head><body>
<h1>Sluice plan: ${jobs.length} job${jobs.length === 1 ? "" : "s"}</h1>
<p class="legend">Boxes are operators (green: sources, blue: sinks, dashed: iterations); arrows are channels labelled with the ship strategy, the local strategy and, after a run, the records they carried. Thick grey arrows are chained: the same task, no exchange.</p>
<div id="plan">
${renderSvg(jobs)}
</div>
<details><summary>The plan as text</summary><pre>${esc(explainText(jobs))}</pre></details>
</body></html>
`;
}
