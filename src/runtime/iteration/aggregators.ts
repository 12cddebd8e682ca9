/**
 * The iteration's aggregators at run time (Flink's RuntimeAggregatorRegistry plus the merge its
 * IterationSynchronizationSinkTask does): each subtask index gets its own copy of every
 * registered aggregator, reset at the start of a superstep; after the superstep a fresh copy
 * aggregates every subtask's `getAggregate()`, and that value is the previous aggregate of the
 * next superstep (null in the first, as Flink).
 */
import type { Aggregator } from "../../common/aggregators.js";
import { InvalidProgramException } from "../../common/errors.js";
import { instantiateUdf } from "../../common/udf.js";

export class IterationAggregators {
  private readonly perSubtask = new Map<string, Map<number, Aggregator>>();
  private readonly previous = new Map<string, unknown>();

  constructor(private readonly registered: ReadonlyMap<string, unknown>, private readonly iterationName: string) {
    for (const name of registered.keys()) this.perSubtask.set(name, new Map());
  }

  /** Subtask `subtask`'s instance of aggregator `name`. */
  get(name: string, subtask: number): Aggregator {
    const instances = this.perSubtask.get(name);
    if (!instances) {
      const known = [...this.registered.keys()];
      throw new InvalidProgramException(
        `${this.iterationName}: no aggregator named '${name}'; register it with registerAggregator(name, aggregator) on the iteration` +
          (known.length > 0 ? ` (registered: ${known.join(", ")})` : ""),
      );
    }
    let a = instances.get(subtask);
    if (!a) {
      a = this.fresh(name);
      instances.set(subtask, a);
    }
    return a;
  }

  /** The merged value of `name` after the previous superstep; null in the first superstep. */
  previousAggregate(name: string): unknown {
    if (!this.perSubtask.has(name)) this.get(name, 0);
    return this.previous.has(name) ? this.previous.get(name) : null;
  }

  startSuperstep(): void {
    for (const instances of this.perSubtask.values()) for (const a of instances.values()) a.reset();
  }

  /** Merges the subtasks' aggregates; returns name -> merged value. */
  endSuperstep(): ReadonlyMap<string, unknown> {
    for (const [name, instances] of this.perSubtask) {
      const total = this.fresh(name);
      for (const a of instances.values()) total.aggregate(a.getAggregate());
      this.previous.set(name, total.getAggregate());
    }
    return this.previous;
  }

  private fresh(name: string): Aggregator {
    const a = instantiateUdf({ value: this.registered.get(name), method: "aggregate" }).target as Aggregator;
    a.reset();
    return a;
  }
}
