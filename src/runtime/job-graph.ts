/**
 * From physical plan to tasks: each unchained node heads a task and chained nodes join their
 * predecessor's task; every channel into a task head becomes an Exchange. A node read by
 * several consumers writes one exchange per consumer (and is computed once). A chained
 * two-input node (a hash join on its probe input) reads its other input as a side input.
 * Tasks come out in an order where every task runs after the tasks whose exchanges it reads.
 */
import { chainPredecessor, DRIVERS, type Channel, type DriverSpec, type PhysicalNode, type PhysicalPlan } from "../plan/physical.js";
import { Exchange } from "./exchange/exchange.js";

/** The exchange-fed input of a chained two-input node, read completely before the head runs. */
export interface SideInput {
  /** Position of the node in the task's chain. */
  readonly chainIndex: number;
  /** Which of the node's inputs this is. */
  readonly input: 0 | 1;
  /** Index into the task's `inputs`, after the head's own gates. */
  readonly gate: number;
}

export interface Task {
  /** Head first; every later node is chained to the one before. */
  readonly chain: PhysicalNode[];
  /** Exchanges per data input gate of the head, then one gate per side input. */
  readonly inputs: Exchange[][];
  /** Inputs of chained two-input nodes that arrive through exchanges. */
  readonly sideInputs: SideInput[];
  /** Exchanges per broadcast input of the head, by name. */
  readonly broadcasts: { readonly name: string; readonly exchanges: Exchange[] }[];
  /** Exchanges the tail writes. */
  readonly outputs: Exchange[];
}

export interface JobGraph {
  readonly tasks: Task[];
  readonly exchanges: Exchange[];
}

export function buildJobGraph(plan: PhysicalPlan): JobGraph {
  const taskOf = new Map<PhysicalNode, Task>();
  const tasks: Task[] = [];
  const exchanges: Exchange[] = [];
  const outgoing = new Map<PhysicalNode, Exchange[]>();

  const exchangeFor = (c: Channel, consumer: PhysicalNode, input: number): Exchange => {
    const list = outgoing.get(c.source) ?? [];
    outgoing.set(c.source, list);
    // The first consumer of owned records (or of records its input takes uncopied: the
    // optimizer's `uncopiedInputs`) reads them as they are; every other one gets copies.
    const owned = c.source.outputOwned || consumer.uncopiedInputs?.includes(input as 0 | 1) === true;
    const copy = !plan.objectReuse && (!owned || list.length > 0);
    const numberRows = (DRIVERS[consumer.driver] as DriverSpec).numberRows === true;
    const ex = new Exchange(c, c.source.parallelism, consumer.parallelism, copy, consumer.name, numberRows);
    list.push(ex);
    exchanges.push(ex);
    return ex;
  };

  // One range boundary computation per consumer input, over all its channels (a union's parts).
  const gate = (exchanges: Exchange[]): Exchange[] => {
    const ranged = exchanges.filter((ex) => ex.channel.ship === "PARTITION_RANGE");
    if (ranged.length > 1) for (const ex of ranged) ex.rangePeers = ranged;
    return exchanges;
  };

  for (const node of plan.nodes) {
    if (node.chained) {
      const task = taskOf.get(chainPredecessor(node))!;
      task.chain.push(node);
      taskOf.set(node, task);
      if (node.chainedInput !== undefined) {
        const side: 0 | 1 = node.chainedInput === 0 ? 1 : 0;
        task.sideInputs.push({ chainIndex: task.chain.length - 1, input: side, gate: task.inputs.length });
        task.inputs.push(gate(node.inputs[side]!.channels.map((c) => exchangeFor(c, node, side))));
      }
      continue;
    }
    const task: Task = {
      chain: [node],
      inputs: node.inputs.map((g, i) => gate(g.channels.map((c) => exchangeFor(c, node, i)))),
      sideInputs: [],
      broadcasts: node.broadcastInputs.map((b) => ({ name: b.name, exchanges: b.gate.channels.map((c) => exchangeFor(c, node, -1)) })),
      outputs: [],
    };
    tasks.push(task);
    taskOf.set(node, task);
  }
  for (const task of tasks) {
    const tail = task.chain[task.chain.length - 1]!;
    task.outputs.push(...(outgoing.get(tail) ?? []));
  }
  return { tasks: topologicalOrder(tasks), exchanges };
}

/** Orders tasks so that each runs after the producers of every exchange it reads (stable). */
function topologicalOrder(tasks: readonly Task[]): Task[] {
  const producer = new Map<Exchange, Task>();
  for (const t of tasks) for (const ex of t.outputs) producer.set(ex, t);
  const done = new Set<Task>();
  const ordered: Task[] = [];
  const visit = (t: Task): void => {
    if (done.has(t)) return;
    done.add(t);
    for (const ex of [...t.inputs.flat(), ...t.broadcasts.flatMap((b) => b.exchanges)]) {
      const p = producer.get(ex);
      if (p) visit(p);
    }
    ordered.push(t);
  };
  for (const t of tasks) visit(t);
  return ordered;
}
