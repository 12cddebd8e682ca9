/**
 * Delta iterations (Flink's DeltaIteration): `initial.iterateDelta(workset, n, ...keys)`. The
 * solution set is a keyed index held across supersteps; the step function joins or coGroups the
 * workset with it and `closeWith(delta, nextWorkset)`: delta records replace solution-set records
 * with the same key (or are inserted), and the iteration ends when the next workset is empty,
 * after `n` supersteps, or once a convergence criterion holds. The result is the solution set.
 * @example
 * const d = vertices.iterateDelta(vertices, 100, 0);
 * const changes = d.getWorkset().join(edges).where(0).equalTo(0)...;
 * const components = d.closeWith(changes, changes);
 */
import type { Aggregator, ConvergenceCriterion } from "../../common/aggregators.js";
import { checkParallelism, InvalidProgramException } from "../../common/errors.js";
import { parseKeyArgs, validateKey } from "../../common/keys.js";
import { describeShape, fieldShape, type Shape } from "../../common/shape.js";
import type { DeltaIterationNode, IterationPlaceholderNode } from "../../plan/logical.js";
import { DataSet } from "../data-set.js";
import { createNode } from "../node-factory.js";
import { checkMaxIterations, registerAggregator, registerConvergence } from "./aggregator-registry.js";
import { analyzeStep, checkSolutionSetUses, keyFieldNames, requireDependent } from "./step-graph.js";

export class DeltaIteration<ST, WT> {
  private readonly solutionSet: DataSet<ST>;
  private readonly workset: DataSet<WT>;
  private unmanaged = false;

  /** @internal */
  constructor(private readonly initial: DataSet<ST>, private readonly initialWorkset: DataSet<WT>, private readonly node: DeltaIterationNode) {
    this.solutionSet = new DataSet<ST>(initial.env, node.solutionSet);
    this.workset = new DataSet<WT>(initial.env, node.workset);
  }

  /**
   * The solution set: join or coGroup with it on its key inside the step function.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.getWorkset().join(it.getSolutionSet()).where(0).equalTo(0);
   */
  getSolutionSet(): DataSet<ST> {
    return this.solutionSet;
  }
  /**
   * The workset of the current superstep.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.getWorkset().groupBy(0).min(1);
   */
  getWorkset(): DataSet<WT> {
    return this.workset;
  }
  /**
   * The DataSet the iteration started from as its solution set.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.getInitialSolutionSet(); // orders
   */
  getInitialSolutionSet(): DataSet<ST> {
    return this.initial;
  }
  /**
   * The DataSet the iteration started from as its workset.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.getInitialWorkset(); // orders
   */
  getInitialWorkset(): DataSet<WT> {
    return this.initialWorkset;
  }
  /**
   * The maximum number of supersteps.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.getMaxIterations(); // 10
   */
  getMaxIterations(): number {
    return this.node.maxIterations;
  }

  /**
   * Names the iteration.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.name("min propagation");
   */
  name(name: string): this {
    this.node.name = name;
    return this;
  }
  /**
   * The iteration's name.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.name("cc").getName(); // "cc"
   */
  getName(): string {
    return this.node.name;
  }
  /**
   * Sets the iteration's parallelism.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.setParallelism(2);
   */
  setParallelism(parallelism: number): this {
    checkParallelism(parallelism, this.node.name);
    this.node.parallelism = parallelism;
    return this;
  }
  /**
   * Flink's name for setParallelism.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.parallelism(2); // as setParallelism(2)
   */
  parallelism(parallelism: number): this {
    return this.setParallelism(parallelism);
  }
  /**
   * The iteration's parallelism.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.getParallelism();
   */
  getParallelism(): number {
    return this.node.parallelism ?? this.initial.env.getParallelism();
  }
  /**
   * Accepted for Flink compatibility; the solution set is always an in-memory index here.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.setSolutionSetUnManaged(true);
   */
  setSolutionSetUnManaged(unmanaged: boolean): this {
    this.unmanaged = unmanaged;
    return this;
  }
  /**
   * Whether the solution set is unmanaged.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.isSolutionSetUnManaged(); // false
   */
  isSolutionSetUnManaged(): boolean {
    return this.unmanaged;
  }

  /**
   * Registers an aggregator the step's functions reach via `getIterationAggregator(name)`.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.registerAggregator("updates", new LongSumAggregator());
   */
  registerAggregator(name: string, aggregator: Aggregator<any>): this {
    registerAggregator(this.node, name, aggregator);
    return this;
  }
  /**
   * Registers an aggregator whose merged value ends the iteration once `criterion` holds.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * it.registerAggregationConvergenceCriterion("updates", new LongSumAggregator(), (_step, n) => n === 0);
   */
  registerAggregationConvergenceCriterion<V>(name: string, aggregator: Aggregator<V>, criterion: ConvergenceCriterion<V>): this {
    registerConvergence(this.node, name, aggregator, criterion);
    return this;
  }

  /**
   * Ends the step function; returns the final solution set.
   * @example
   * const it = orders.iterateDelta(orders, 10, 0);
   * const delta = it.getWorkset().join(it.getSolutionSet()).where(0).equalTo(0).with((w, s) => [w[0], Math.min(w[1], s[1])]);
   * it.closeWith(delta, delta.filter((d) => d[1] > 0)); // delta updates the solution set; the second argument is the next workset
   */
  closeWith(solutionSetDelta: DataSet<ST>, nextWorkset: DataSet<WT>): DataSet<ST> {
    const it = this.node;
    if (it.solutionSetDelta !== undefined) throw new InvalidProgramException(`${it.name}: the iteration is already closed`);
    for (const ds of [solutionSetDelta, nextWorkset]) {
      if (!(ds instanceof DataSet)) {
        throw new InvalidProgramException(`${it.name}: closeWith expects two DataSets, the solution set delta and the next workset`);
      }
      if (ds.env !== this.initial.env) throw new InvalidProgramException(`${it.name}: closeWith got a DataSet of another ExecutionEnvironment`);
    }
    const graph = analyzeStep(it, [solutionSetDelta.node, nextWorkset.node]);
    const hint = "compute it in the step function from getWorkset() (and getSolutionSet())";
    requireDependent(graph, it, solutionSetDelta.node, "solution set delta", hint);
    requireDependent(graph, it, nextWorkset.node, "next workset", hint);
    checkSolutionSetUses(graph, it);
    checkDeltaShape(it, this.initial.node.shape, solutionSetDelta.node.shape);
    it.solutionSetDelta = solutionSetDelta.node;
    it.nextWorkset = nextWorkset.node;
    return new DataSet<ST>(this.initial.env, it);
  }
}

/** Starts a delta iteration. @internal */
export function createDeltaIteration<ST, WT>(
  initial: DataSet<ST>, workset: DataSet<WT>, maxIterations: number, keys: readonly (number | string)[],
): DeltaIteration<ST, WT> {
  const what = "Delta Iteration";
  checkMaxIterations(maxIterations, what);
  if (!(workset instanceof DataSet)) throw new InvalidProgramException(`${what}: iterateDelta expects the initial workset DataSet first`);
  if (workset.env !== initial.env) throw new InvalidProgramException(`${what}: the initial workset belongs to another ExecutionEnvironment`);
  if (keys.length === 0) throw new InvalidProgramException(`${what}: give the solution set key: iterateDelta(workset, maxIterations, ...keyPositions)`);
  const key = parseKeyArgs(keys, what);
  validateKey(key, initial.node.shape, what);
  const node = createNode<DeltaIterationNode>({
    kind: "deltaIteration", initialSolutionSet: initial.node, initialWorkset: workset.node, maxIterations, key,
    solutionSet: undefined as unknown as IterationPlaceholderNode, workset: undefined as unknown as IterationPlaceholderNode,
    solutionSetDelta: undefined, nextWorkset: undefined, aggregators: new Map(), convergence: undefined,
  }, what, initial.node.shape);
  const mutable = node as { solutionSet: IterationPlaceholderNode; workset: IterationPlaceholderNode };
  mutable.solutionSet = createNode<IterationPlaceholderNode>({ kind: "solutionSet", iteration: node }, "Solution Set", initial.node.shape);
  mutable.workset = createNode<IterationPlaceholderNode>({ kind: "workset", iteration: node }, "Workset", workset.node.shape);
  return new DeltaIteration<ST, WT>(initial, workset, node);
}

/** Where both shapes are known, the delta must have the solution set's shape, key fields first. */
function checkDeltaShape(it: DeltaIterationNode, solution: Shape | undefined, delta: Shape | undefined): void {
  if (solution === undefined || delta === undefined) return;
  for (const f of keyFieldNames(it.key) ?? []) {
    const a = fieldShape(solution, f);
    const b = fieldShape(delta, f);
    if (!compatible(a, b)) {
      throw new InvalidProgramException(
        `${it.name}: the solution set delta's key field ${f} is ${describeShape(b)}, but the solution set's is ${describeShape(a)}; ` +
          `delta records must have the solution set's type ${describeShape(solution)} ` +
          `(hint: map the delta to the solution set's record type before closing the iteration)`,
      );
    }
  }
  if (!compatible(solution, delta)) {
    throw new InvalidProgramException(
      `${it.name}: the solution set delta has the type ${describeShape(delta)}, but the solution set has ` +
        `${describeShape(solution)}; delta records replace solution set records, so they must have the same type`,
    );
  }
}

/** Structural equality of shapes, "any" and unknown matching everything. */
function compatible(a: Shape | undefined, b: Shape | undefined): boolean {
  if (a === undefined || b === undefined || a === "any" || b === "any") return true;
  if (typeof a === "string" || typeof b === "string") return a === b;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => compatible(x, b[i]));
  }
  const oa = a as Record<string, Shape>;
  const ob = b as Record<string, Shape>;
  const ka = Object.keys(oa);
  if (ka.length !== Object.keys(ob).length) return false;
  return ka.every((k) => k in ob && compatible(oa[k], ob[k]));
}

