/**
 * Instantiates a job graph: p operator subtasks (or one source) per vertex, and for every edge
 * and producer subtask a RecordWriter whose channels end in the consumer subtasks' gates —
 * one channel for FORWARD (producer i to consumer i), one per consumer otherwise, selected
 * round-robin (REBALANCE) or by key group (HASH).
 */
import { AccumulatorRegistry, RuntimeContextImpl } from "../../common/runtime-context-impl.js";
import { shipStrategyName, type Edge, type Vertex } from "../graph/job-graph.js";
import type { LineWriter } from "./line-writer.js";
import { newMetrics, type OperatorMetrics, type OperatorMetricsSummary } from "./operator.js";
import { keyGroupSelector, rebalanceSelector, RecordWriter, type ChannelSelector, type ChannelTarget } from "./record-writer.js";
import type { SourceFunction } from "./sources/source-function.js";
import { OperatorSubtask, SubtaskOutput } from "./subtask.js";

export interface SourceSubtask {
  readonly name: string;
  readonly fn: SourceFunction<unknown>;
  readonly output: SubtaskOutput;
  /** Settles when the source's run is over. */
  finished: Promise<void>;
}

export interface WiringOptions {
  readonly objectReuse: boolean;
  readonly accumulators: AccumulatorRegistry;
  readonly stdout: LineWriter;
  readonly stderr: LineWriter;
}

export function wireJob(graph: readonly Vertex[], options: WiringOptions) {
  const sources: SourceSubtask[] = [];
  const subtasks: OperatorSubtask[] = [];
  const outputs = new Map<number, SubtaskOutput[]>();
  const receivers = new Map<number, OperatorSubtask[]>();
  const metrics = new Map<number, OperatorMetrics[]>();
  const clock = (): number => performance.now();

  for (const v of graph) {
    const ms = Array.from({ length: v.parallelism }, newMetrics);
    const outs = ms.map((m) => new SubtaskOutput(!options.objectReuse, m));
    metrics.set(v.id, ms);
    outputs.set(v.id, outs);
    if (v.role === "source") {
      sources.push({ name: v.name, fn: v.createSource!(), output: outs[0]!, finished: Promise.resolve() });
      continue;
    }
    const subs = outs.map((out, i) => {
      const op = v.createOperator!();
      const runtimeContext = new RuntimeContextImpl(v.name, i, v.parallelism, new Map(), options.accumulators, undefined);
      op.setup(
        {
          name: v.name,
          subtask: i,
          parallelism: v.parallelism,
          runtimeContext,
          objectReuse: options.objectReuse,
          metrics: ms[i]!,
          stdout: options.stdout,
          stderr: options.stderr,
          clock,
        },
        out,
      );
      return new OperatorSubtask(v.name, i, v.parallelism, op, out, ms[i]!);
    });
    receivers.set(v.id, subs);
    subtasks.push(...subs);
  }

  const writers: { edge: Edge; writer: RecordWriter }[] = [];
  for (const v of graph) {
    for (const e of v.inputs) {
      const consumers = receivers.get(v.id)!;
      outputs.get(e.from.id)!.forEach((out, i) => {
        const writer = new RecordWriter(targetsOf(e, consumers, i), selectorOf(e, consumers.length));
        if (e.tag !== undefined) out.addSide(e.tag.id, writer);
        else out.main.push(writer);
        writers.push({ edge: e, writer });
      });
    }
  }
  for (const s of subtasks) s.initGate();

  return {
    sources,
    subtasks,
    metrics: (): OperatorMetricsSummary[] => graph.map((v) => summarize(v, metrics.get(v.id)!)),
    channelMetrics: () => {
      const byEdge = new Map<Edge, number>();
      for (const { edge, writer } of writers) byEdge.set(edge, (byEdge.get(edge) ?? 0) + writer.records);
      return [...byEdge].map(([e, records]) => ({ source: e.from.name, target: e.to.name, ship: shipStrategyName(e.partitioner), records }));
    },
  };
}

function targetsOf(e: Edge, consumers: readonly OperatorSubtask[], producer: number): ChannelTarget[] {
  if (e.partitioner.kind === "forward") {
    const c = consumers[producer]!;
    return [{ receiver: c, channel: c.addChannel() }];
  }
  return consumers.map((c) => ({ receiver: c, channel: c.addChannel() }));
}

function selectorOf(e: Edge, n: number): ChannelSelector | undefined {
  switch (e.partitioner.kind) {
    case "forward":
      return undefined;
    case "rebalance":
      return n === 1 ? undefined : rebalanceSelector(n);
    case "hash":
      return keyGroupSelector(e.partitioner.key, e.to.name, e.to.maxParallelism, n);
  }
}

function summarize(v: Vertex, ms: readonly OperatorMetrics[]): OperatorMetricsSummary {
  const sum = (f: (m: OperatorMetrics) => number): number => ms.reduce((a, m) => a + f(m), 0);
  return {
    name: v.name,
    parallelism: v.parallelism,
    recordsIn: sum((m) => m.recordsIn),
    recordsOut: sum((m) => m.recordsOut),
    lateRecordsDropped: sum((m) => m.lateRecordsDropped),
    windowStateSize: sum((m) => m.windowStateSize),
    peakWindowStateSize: sum((m) => m.peakWindowStateSize),
  };
}
