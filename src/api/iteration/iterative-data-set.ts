/**
 * Bulk iterations (Flink's IterativeDataSet): `ds.iterate(n)` is the partial solution; build the
 * step function on it and `closeWith(next[, terminationCriterion])`. The result is the last
 * superstep's next partial solution: after `n` supersteps, or after the first superstep whose
 * termination criterion is empty, or whose convergence criterion holds.
 * @example
 * const it = env.fromElements(0).iterate(10);
 * const result = it.closeWith(it.map((x) => x + 1)); // [10]
 */
import type { Aggregator, ConvergenceCriterion } from "../../common/aggregators.js";
import { checkParallelism, InvalidProgramException } from "../../common/errors.js";
import type { BulkIterationNode, IterationPlaceholderNode } from "../../plan/logical.js";
import { DataSet } from "../data-set.js";
import type { ExecutionEnvironment } from "../execution-environment.js";
import { createNode } from "../node-factory.js";
import { checkMaxIterations, registerAggregator, registerConvergence } from "./aggregator-registry.js";
import { analyzeStep, requireDependent } from "./step-graph.js";

/** Starts a bulk iteration on `input`. @internal */
export function createIterativeDataSet<T>(input: DataSet<T>, maxIterations: number): IterativeDataSet<T> {
  checkMaxIterations(maxIterations, "Bulk Iteration");
  const node = createNode<BulkIterationNode>({
    kind: "bulkIteration", input: input.node, maxIterations, placeholder: undefined as unknown as IterationPlaceholderNode,
    nextPartialSolution: undefined, terminationCriterion: undefined, aggregators: new Map(), convergence: undefined,
  }, "Bulk Iteration", input.node.shape);
  const placeholder = createNode<IterationPlaceholderNode>({ kind: "partialSolution", iteration: node }, "Partial Solution", input.node.shape);
  (node as { placeholder: IterationPlaceholderNode }).placeholder = placeholder;
  return new IterativeDataSet<T>(input.env, placeholder, node);
}

/** The partial solution of a bulk iteration: a DataSet to build the step function on. */
export class IterativeDataSet<T> extends DataSet<T> {
  /** @internal */
  constructor(env: ExecutionEnvironment, placeholder: IterationPlaceholderNode, private readonly iteration: BulkIterationNode) {
    super(env, placeholder);
  }

  /**
   * Names the iteration.
   * @example
   * nums.iterate(10).name("increment");
   */
  override name(name: string): this {
    this.iteration.name = name;
    return this;
  }
  override getName(): string {
    return this.iteration.name;
  }
  /**
   * Sets the iteration's parallelism (its partial solution and result).
   * @example
   * nums.iterate(10).setParallelism(2);
   */
  override setParallelism(parallelism: number): this {
    checkParallelism(parallelism, this.iteration.name);
    this.iteration.parallelism = parallelism;
    this.node.parallelism = parallelism;
    return this;
  }
  override getParallelism(): number {
    return this.iteration.parallelism ?? this.env.getParallelism();
  }
  /**
   * The maximum number of supersteps.
   * @example
   * nums.iterate(10).getMaxIterations(); // 10
   */
  getMaxIterations(): number {
    return this.iteration.maxIterations;
  }
  /**
   * Registers an aggregator the step's functions reach via `getIterationAggregator(name)`.
   * @example
   * nums.iterate(10).registerAggregator("changed", new LongSumAggregator());
   */
  registerAggregator(name: string, aggregator: Aggregator<any>): this {
    registerAggregator(this.iteration, name, aggregator);
    return this;
  }
  /**
   * Registers an aggregator whose merged value ends the iteration once `criterion` holds.
   * @example
   * nums.iterate(100).registerAggregationConvergenceCriterion("changed", new LongSumAggregator(), (_step, changed) => changed === 0);
   */
  registerAggregationConvergenceCriterion<V>(name: string, aggregator: Aggregator<V>, criterion: ConvergenceCriterion<V>): this {
    registerConvergence(this.iteration, name, aggregator, criterion);
    return this;
  }

  /**
   * Ends the step function: `next` becomes the partial solution of the next superstep.
   * @example
   * const it = nums.iterate(10);
   * const next = it.map((n) => n / 2);
   * it.closeWith(next, next.filter((n) => n > 1)); // stops early once no record is above 1
   */
  closeWith<C = unknown>(next: DataSet<T>, terminationCriterion?: DataSet<C>): DataSet<T> {
    const it = this.iteration;
    if (it.nextPartialSolution !== undefined) throw new InvalidProgramException(`${it.name}: the iteration is already closed`);
    if (!(next instanceof DataSet)) {
      throw new InvalidProgramException(`${it.name}: closeWith expects the DataSet of the next partial solution`);
    }
    for (const ds of [next, terminationCriterion]) {
      if (ds !== undefined && ds.env !== this.env) {
        throw new InvalidProgramException(`${it.name}: closeWith got a DataSet of another ExecutionEnvironment`);
      }
    }
    const outputs = terminationCriterion ? [next.node, terminationCriterion.node] : [next.node];
    const graph = analyzeStep(it, outputs);
    const nextHint = "build it from the IterativeDataSet returned by iterate(), e.g. it.map(...), and close the iteration with that";
    requireDependent(graph, it, next.node, "next partial solution", nextHint);
    if (terminationCriterion) {
      const hint = "it must be computed from the partial solution or the next partial solution in each superstep";
      requireDependent(graph, it, terminationCriterion.node, "termination criterion", hint);
    }
    it.nextPartialSolution = next.node;
    it.terminationCriterion = terminationCriterion?.node;
    return new DataSet<T>(this.env, it);
  }
}
