/** The RuntimeContext one operator's subtask sees (Flink's RuntimeUDFContext). */
import { IntCounter, LongCounter, type Accumulator } from "./accumulators.js";
import { InvalidProgramException } from "./errors.js";
import type { RuntimeContext } from "./runtime-context.js";

/** Where subtasks register accumulators; the job merges them by name at the end. */
export class AccumulatorRegistry {
  private readonly byName = new Map<string, Accumulator<any, any>[]>();
  register(name: string, acc: Accumulator<any, any>): void {
    const list = this.byName.get(name);
    if (list) list.push(acc);
    else this.byName.set(name, [acc]);
  }
  /** Every name with the accumulators of the subtasks that registered it, in registration order. */
  entries(): IterableIterator<[string, Accumulator<any, any>[]]> {
    return this.byName.entries();
  }
  /** name -> merged local value of every subtask's accumulator. */
  merged(): Map<string, unknown> {
    const out = new Map<string, unknown>();
    for (const [name, list] of this.byName) {
      const total = list[0]!.clone();
      for (let i = 1; i < list.length; i++) total.merge(list[i]!);
      out.set(name, total.getLocalValue());
    }
    return out;
  }
}

/** Iteration state visible to functions inside a step function. */
export interface IterationView {
  superstep(): number;
  /** The aggregator `name` of one subtask (each subtask aggregates into its own, merged after the superstep). */
  aggregator(name: string, subtask: number): unknown;
  previousAggregate(name: string): unknown;
}

export class RuntimeContextImpl implements RuntimeContext {
  private readonly accumulators = new Map<string, Accumulator<any, any>>();

  constructor(
    private readonly taskName: string,
    private readonly subtask: number,
    private readonly parallelism: number,
    private readonly broadcastVariables: ReadonlyMap<string, readonly unknown[]>,
    private readonly registry: AccumulatorRegistry,
    private readonly iteration: IterationView | undefined,
  ) {}

  getIndexOfThisSubtask(): number {
    return this.subtask;
  }
  getNumberOfParallelSubtasks(): number {
    return this.parallelism;
  }
  getTaskName(): string {
    return this.taskName;
  }
  getBroadcastVariable<T = unknown>(name: string): T[] {
    const v = this.broadcastVariables.get(name);
    if (v === undefined) {
      throw new InvalidProgramException(`${this.taskName}: no broadcast variable named '${name}'; add it with withBroadcastSet(dataSet, '${name}')`);
    }
    return v as T[];
  }
  addAccumulator<V, R>(name: string, accumulator: Accumulator<V, R>): void {
    if (this.accumulators.has(name)) throw new InvalidProgramException(`${this.taskName}: an accumulator named '${name}' was already added`);
    this.accumulators.set(name, accumulator);
    this.registry.register(name, accumulator);
  }
  getAccumulator<V, R>(name: string): Accumulator<V, R> | undefined {
    return this.accumulators.get(name);
  }
  getIntCounter(name: string): IntCounter {
    return this.counter(name, () => new IntCounter());
  }
  getLongCounter(name: string): LongCounter {
    return this.counter(name, () => new LongCounter());
  }
  private counter<C extends Accumulator<number>>(name: string, make: () => C): C {
    const existing = this.accumulators.get(name);
    if (existing) return existing as unknown as C;
    const c = make();
    this.addAccumulator(name, c);
    return c;
  }
  getSuperstepNumber(): number {
    return this.iterationView("getSuperstepNumber").superstep();
  }
  getIterationAggregator<A = unknown>(name: string): A {
    return this.iterationView("getIterationAggregator").aggregator(name, this.subtask) as A;
  }
  getPreviousIterationAggregate<V = unknown>(name: string): V {
    return this.iterationView("getPreviousIterationAggregate").previousAggregate(name) as V;
  }
  private iterationView(method: string): IterationView {
    if (!this.iteration) throw new InvalidProgramException(`${this.taskName}: ${method}() is only available inside an iteration`);
    return this.iteration;
  }
}
