/**
 * Lays a job's plan out with dagre (@dagrejs/dagre: layered, top to bottom, step functions of
 * iterations as compound boxes). Chosen by measurement over elkjs and Graphviz-in-wasm: it loads in
 * ~0.2 s and lays a plan out in milliseconds, synchronously (bench numbers in the CLI note).
 */
import dagre from "@dagrejs/dagre";
import type { GraphEdge, GraphNode, JobGraph } from "../index.js";

export const CHAR_W = 7.2;
export const LINE_H = 16;
const PAD = 10;

export interface PlacedNode {
  readonly node: GraphNode;
  readonly lines: string[];
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PlacedEdge {
  readonly edge: GraphEdge;
  readonly label: string;
  readonly points: { x: number; y: number }[];
  readonly labelAt: { x: number; y: number };
}

export interface Layout {
  readonly nodes: PlacedNode[];
  readonly edges: PlacedEdge[];
  readonly width: number;
  readonly height: number;
}

const count = (n: number): string => n.toLocaleString("en-US");
const clip = (s: string, max = 46): string => (s.length > max ? `${s.slice(0, max - 1)}…` : s);

/** The text lines of an operator's box: id and pact, strategy, name, parallelism and estimate. */
export function nodeLines(n: GraphNode): string[] {
  const lines = [`[${n.id.slice(1)}] ${n.pact}`];
  if (n.strategy !== n.pact) lines.push(clip(n.strategy));
  if (n.name !== n.pact) lines.push(clip(n.name));
  lines.push(`p=${n.parallelism}${n.estimatedRecords !== undefined ? ` · est. ${count(n.estimatedRecords)} records` : ""}`);
  return lines;
}

/** The label of a channel: ship strategy (or "chained"), local strategy, measured records. */
export function edgeLabel(e: GraphEdge): string {
  const parts = [e.chained ? "chained" : e.ship];
  if (e.local) parts.push(e.local);
  if (e.broadcast) parts.push(`broadcast set "${e.broadcast}"`);
  if (e.side) parts.push(`${e.side} input`);
  let text = parts.join(" · ");
  if (e.records !== undefined) text += ` · ${count(e.records)} records`;
  return text;
}

/**
 * Positions for every operator box and channel of a job.
 *
 * @example
 * const { width, height, nodes } = layoutJob(graph);
 */
export function layoutJob(job: JobGraph): Layout {
  const g = new dagre.graphlib.Graph({ multigraph: true, compound: true });
  g.setGraph({ rankdir: "TB", ranksep: 46, nodesep: 36, edgesep: 16, marginx: 12, marginy: 12 });
  g.setDefaultEdgeLabel(() => ({}));
  const parents = new Set(job.nodes.map((n) => n.parent).filter((p): p is string => p !== undefined));
  const lines = new Map<string, string[]>();
  for (const n of job.nodes) {
    const l = nodeLines(n);
    lines.set(n.id, l);
    const width = Math.max(...l.map((s) => s.length)) * CHAR_W + 2 * PAD;
    g.setNode(n.id, parents.has(n.id) ? { label: n.id } : { width, height: l.length * LINE_H + 2 * PAD });
  }
  for (const n of job.nodes) if (n.parent) g.setParent(n.id, n.parent);
  const labels = new Map<string, string>();
  for (const e of job.edges) {
    const label = edgeLabel(e);
    labels.set(e.id, label);
    // An edge into a compound node (an iteration's input) goes to the box of its step function.
    g.setEdge(e.from, e.to, { width: label.length * CHAR_W * 0.9 + 8, height: LINE_H, labelpos: "c" }, e.id);
  }
  dagre.layout(g);
  const nodes: PlacedNode[] = job.nodes.map((n) => {
    const p = g.node(n.id) as { x: number; y: number; width: number; height: number };
    return { node: n, lines: lines.get(n.id)!, x: p.x - p.width / 2, y: p.y - p.height / 2, width: p.width, height: p.height };
  });
  const edges: PlacedEdge[] = job.edges.map((e) => {
    const d = g.edge(e.from, e.to, e.id) as { points: { x: number; y: number }[]; x: number; y: number };
    return { edge: e, label: labels.get(e.id)!, points: d.points, labelAt: { x: d.x, y: d.y } };
  });
  const graph = g.graph() as { width?: number; height?: number };
  return { nodes, edges, width: graph.width ?? 0, height: graph.height ?? 0 };
}
