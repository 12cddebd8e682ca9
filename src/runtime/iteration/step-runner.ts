/**
 * Runs an iteration's step function once per superstep. The step's job graph (tasks, chains,
 * exchanges) is built once; every superstep runs its tasks in topological order, feeding the
 * placeholders (partial solution or workset, and copies of the static inputs), and frees each
 * exchange once its consumer ran. Drivers are created anew each superstep, so functions are
 * opened and closed once per superstep and see its number and fresh broadcast sets; what a
 * driver keeps across supersteps lives in its (node, subtask) state (see hooks.ts).
 */
import { copyRecord } from "../../common/copy.js";
import type { IterationPlan, PhysicalNode } from "../../plan/physical.js";
import type { Exchange } from "../exchange/exchange.js";
import { buildJobGraph, type JobGraph, type Task } from "../job-graph.js";
import type { IterationView } from "../../common/runtime-context-impl.js";
import { runSubtask, type SubtaskEnv } from "../task/subtask-runner.js";
import { assignSplits } from "../task/source-runner.js";
import type { IterationHooks } from "./hooks.js";
import type { IterationStepIO } from "./step-io.js";

/** What one superstep did. */
export interface SuperstepResult {
  /** Records through the step's channels that do not come straight from a static input. */
  readonly channelRecords: number;
  /** Static records fed this superstep. */
  readonly staticRecords: number;
}

export class StepRunner {
  private readonly graph: JobGraph;
  private readonly taskOf = new Map<PhysicalNode, Task>();
  private readonly state = new Map<PhysicalNode, Map<string, unknown>[]>();
  /** Exchanges whose consumer keeps the static input itself: subtasks that said so. */
  private readonly keeping = new Map<Exchange, Set<number>>();

  /** Static records per STATIC_INPUT placeholder and subtask; dropped once every consumer keeps them. */
  private readonly statics: Map<PhysicalNode, readonly unknown[][]>;

  constructor(private readonly plan: IterationPlan, private readonly outer: SubtaskEnv, statics: ReadonlyMap<PhysicalNode, readonly unknown[][]>) {
    this.statics = new Map(statics);
    const graph = buildJobGraph({ nodes: [...plan.nodes], sinks: [], defaultParallelism: plan.head.parallelism, objectReuse: outer.objectReuse });
    this.graph = { ...graph, tasks: deltaFirst(graph.tasks) };
    for (const task of this.graph.tasks) for (const n of task.chain) this.taskOf.set(n, task);
  }

  /** Runs superstep `superstep` with `head` as the partial solution or workset, per subtask. */
  async run(superstep: number, head: readonly unknown[][], view: IterationView, io: IterationStepIO): Promise<SuperstepResult> {
    const feeds = new Map<PhysicalNode, (subtask: number) => Iterable<unknown>>([[this.plan.head, (i) => head[i] ?? []]]);
    let staticRecords = 0;
    for (const [node, records] of this.statics) {
      feeds.set(node, (i) => {
        const part = records[i] ?? [];
        staticRecords += part.length;
        return this.outer.objectReuse ? part : copies(part);
      });
    }
    const env: SubtaskEnv = {
      accumulators: this.outer.accumulators,
      collected: new Map(),
      objectReuse: this.outer.objectReuse,
      iteration: view,
      signal: this.outer.signal,
      broadcastCache: new Map(),
      feeds,
      iterationHooks: (node, subtask) => this.hooks(node, subtask, superstep, io),
      memory: this.outer.memory,
    };
    const before = this.dynamicRecords();
    for (const task of this.graph.tasks) await this.runTask(task, env);
    return { channelRecords: this.dynamicRecords() - before, staticRecords };
  }

  private async runTask(task: Task, env: SubtaskEnv): Promise<void> {
    const head = task.chain[0]!;
    // The solution set is probed through its index, never read through channels.
    if (head.driver === "SOLUTION_SET") return;
    const kept = task.outputs.filter((ex) => this.isKept(ex));
    // A static input whose every consumer keeps its records need not run again; a task with no
    // output exchange (its consumers are chained onto it, e.g. a join probing it) always runs.
    if (head.driver === "STATIC_INPUT" && task.outputs.length > 0 && kept.length === task.outputs.length) {
      this.statics.delete(head);
      return;
    }
    const splits = head.driver === "SOURCE" ? await assignSplits(head) : [];
    for (let i = 0; i < head.parallelism; i++) await runSubtask(task, i, env, splits[i] ?? []);
    for (const ex of task.outputs) ex.finishProducers();
    for (const ex of kept) ex.release();
    for (const ex of [...task.inputs.flat(), ...task.broadcasts.flatMap((b) => b.exchanges)]) ex.release();
  }

  private hooks(node: PhysicalNode, subtask: number, superstep: number, io: IterationStepIO): IterationHooks {
    let perSubtask = this.state.get(node);
    if (!perSubtask) this.state.set(node, (perSubtask = []));
    const state = (perSubtask[subtask] ??= new Map());
    return {
      superstep,
      state,
      io,
      isStaticInput: (input) => {
        const gate = node.inputs[input];
        return gate !== undefined && gate.channels.length > 0 && gate.channels.every((c) => c.source.driver === "STATIC_INPUT");
      },
      keepStaticInput: (input) => {
        for (const ex of this.inputExchanges(node, input)) {
          let subtasks = this.keeping.get(ex);
          if (!subtasks) this.keeping.set(ex, (subtasks = new Set()));
          subtasks.add(subtask);
        }
      },
      isStaticInputKept: (input) => {
        const exchanges = this.inputExchanges(node, input);
        return exchanges.length > 0 && exchanges.every((ex) => this.isKept(ex));
      },
    };
  }

  /** The exchanges that feed input `input` of `node`. */
  private inputExchanges(node: PhysicalNode, input: 0 | 1): readonly Exchange[] {
    const task = this.taskOf.get(node);
    if (!task) return [];
    // A head reads its inputs through its own gates; a chained join reads its build side as a side input.
    const gate = task.chain[0] === node ? input : task.sideInputs.find((s) => task.chain[s.chainIndex] === node && s.input === input)?.gate;
    return gate === undefined ? [] : task.inputs[gate] ?? [];
  }

  private isKept(ex: Exchange): boolean {
    return (this.keeping.get(ex)?.size ?? 0) === ex.consumers;
  }

  private dynamicRecords(): number {
    let n = 0;
    for (const ex of this.graph.exchanges) if (ex.channel.source.driver !== "STATIC_INPUT") n += ex.records;
    return n;
  }
}

/**
 * The tasks in a topological order that runs a task merging the solution set delta as soon as
 * its input is complete, so later tasks of the superstep see the updates (Flink's default of
 * solution set updates visible at once).
 */
function deltaFirst(tasks: readonly Task[]): Task[] {
  const producer = new Map<Exchange, Task>();
  for (const t of tasks) for (const ex of t.outputs) producer.set(ex, t);
  const needs = (t: Task): Task[] =>
    [...t.inputs.flat(), ...t.broadcasts.flatMap((b) => b.exchanges)].map((ex) => producer.get(ex)!).filter((x) => x !== undefined);
  const done = new Set<Task>();
  const order: Task[] = [];
  const ready = (t: Task): boolean => !done.has(t) && needs(t).every((n) => done.has(n));
  while (order.length < tasks.length) {
    const t = tasks.find((x) => ready(x) && x.chain.some((n) => n.driver === "SOLUTION_SET_DELTA")) ?? tasks.find(ready)!;
    done.add(t);
    order.push(t);
  }
  return order;
}

/** Fresh copies of static records, made as they are fed (the originals serve every superstep). */
function* copies(records: readonly unknown[]): Iterable<unknown> {
  for (let i = 0; i < records.length; i++) yield copyRecord(records[i]);
}
