/**
 * From physical plan to tasks: each unchained node heads a task and chained nodes join their
 * predecessor's task; every channel into a task head becomes an Exchange. A node read by
 * several consumers writes one exchange per consumer (and is computed once).
 */
import type { Channel, PhysicalNode, PhysicalPlan } from "../plan/physical.js";
import { Exchange } from "./exchange/exchange.js";

export interface Task {
  /** Head first; every later node is chained to the one before. */
  readonly chain: PhysicalNode[];
  /** Exchanges per data input gate of the head. */
  readonly inputs: Exchange[][];
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

  const exchangeFor = (c: Channel, consumer: PhysicalNode): Exchange => {
    const list = outgoing.get(c.source) ?? [];
    outgoing.set(c.source, list);
    // The first consumer of owned records reads them as they are; every other one gets copies.
    const copy = !plan.objectReuse && (!c.source.outputOwned || list.length > 0);
    const ex = new Exchange(c, c.source.parallelism, consumer.parallelism, copy, consumer.name);
    list.push(ex);
    exchanges.push(ex);
    return ex;
  };

  for (const node of plan.nodes) {
    if (node.chained) {
      const pred = node.inputs[0]!.channels[0]!.source;
      const task = taskOf.get(pred)!;
      task.chain.push(node);
      taskOf.set(node, task);
      continue;
    }
    const task: Task = {
      chain: [node],
      inputs: node.inputs.map((g) => g.channels.map((c) => exchangeFor(c, node))),
      broadcasts: node.broadcastInputs.map((b) => ({ name: b.name, exchanges: b.gate.channels.map((c) => exchangeFor(c, node)) })),
      outputs: [],
    };
    tasks.push(task);
    taskOf.set(node, task);
  }
  for (const task of tasks) {
    const tail = task.chain[task.chain.length - 1]!;
    task.outputs.push(...(outgoing.get(tail) ?? []));
  }
  return { tasks, exchanges };
}
