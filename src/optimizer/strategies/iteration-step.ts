/**
 * The step-function scope of an iteration's translation. Step nodes are translated by the same
 * Translator (ids stay unique, strategies are the usual ones) between a mark and `close()`,
 * which moves them out of the outer plan into the iteration's own. Outside DataSets the step
 * reads are translated in the outer plan first and, for the step, seeded as STATIC_INPUT
 * placeholders; `close()` restores their outer translations and forgets the step's, so a
 * step-function DataSet reached from outside the iteration fails with a clear message.
 */
import type { KeyDefinition } from "../../common/keys.js";
import { inputsOf, type BulkIterationNode, type DeltaIterationNode, type LogicalNode } from "../../plan/logical.js";
import type { Channel, DriverStrategy, InputGate, PhysicalNode } from "../../plan/physical.js";
import { markChains } from "../passes/chaining.js";
import { markOwnership } from "../passes/ownership.js";
import { keyFieldIds, noProps, type GlobalProps } from "../properties.js";
import { single, type Translated, type Translator } from "../translator.js";

interface StaticInput {
  readonly logical: LogicalNode;
  readonly outer: Translated;
  readonly placeholder: PhysicalNode;
}

export class StepScope {
  /** Nodes depending on the iteration, inputs before consumers (placeholders included). */
  readonly dependent: LogicalNode[];
  private readonly statics: StaticInput[] = [];
  private readonly mark: number;

  constructor(
    private readonly iteration: BulkIterationNode | DeltaIterationNode,
    outputs: readonly LogicalNode[],
    private readonly t: Translator,
    private readonly p: number,
  ) {
    const { dependent, statics } = splitStep(iteration, outputs);
    this.dependent = dependent;
    const outer = statics.map((s) => t.translate(s));
    this.mark = t.nodes.length;
    statics.forEach((s, i) => {
      const o = outer[i]!;
      const placeholder = t.addNode({
        logical: s,
        driver: "STATIC_INPUT",
        pact: "Static Input",
        name: `${s.name} (static)`,
        parallelism: p,
        inputs: [],
        withBroadcastSets: false,
      });
      this.statics.push({ logical: s, outer: o, placeholder });
      t.seed(s, single(placeholder, staticProps(o, p)));
    });
  }

  /** Creates the physical placeholder for `logical` (partial solution, workset, solution set). */
  placeholder(logical: LogicalNode, driver: DriverStrategy, props: GlobalProps): PhysicalNode {
    const node = this.t.addNode({ logical, driver, pact: logical.name, parallelism: this.p, inputs: [], withBroadcastSets: false });
    this.t.seed(logical, single(node, props));
    return node;
  }

  /** Translates a step output and the node that gathers it. */
  output(logical: LogicalNode, driver: DriverStrategy, name: string, gate: (input: Translated) => InputGate, parallelism: number): PhysicalNode {
    const input = this.t.translate(logical);
    return this.t.addNode({
      logical: this.iteration,
      driver,
      pact: name,
      name: `${name} (${this.iteration.name})`,
      parallelism,
      inputs: [gate(input)],
      withBroadcastSets: false,
    });
  }

  /** Moves the step's nodes out of the outer plan; returns them and the static inputs' gates. */
  close(): { nodes: PhysicalNode[]; staticInputs: PhysicalNode[]; staticGates: InputGate[] } {
    const nodes = this.t.nodes.splice(this.mark);
    for (const s of this.statics) this.t.seed(s.logical, s.outer);
    this.t.forget(this.dependent);
    markChains(nodes);
    markCachedInputs(nodes);
    // Ownership does not depend on object reuse where it is read (every reader checks that first).
    markOwnership(nodes, false);
    const staticGates = this.statics.map((s) => this.t.connect(s.outer, this.p, { kind: "forward" }));
    return { nodes, staticInputs: this.statics.map((s) => s.placeholder), staticGates };
  }
}

/**
 * The build side a hash join holds is cached across supersteps when it is static (only
 * STATIC_INPUT placeholders feed it) and not outer (an outer build side tracks its matches per
 * superstep, so it is built anew). Flink's optimizer does the same for a join on the static path.
 */
const HASH_BUILD: Partial<Record<DriverStrategy, 0 | 1>> = {
  HYBRIDHASH_BUILD_FIRST: 0,
  HYBRIDHASH_BUILD_SECOND: 1,
  LEFT_HYBRIDHASH_BUILD_SECOND: 1,
  RIGHT_HYBRIDHASH_BUILD_FIRST: 0,
};

export function markCachedInputs(nodes: readonly PhysicalNode[]): void {
  for (const n of nodes) {
    const build = HASH_BUILD[n.driver];
    const gate = build === undefined ? undefined : n.inputs[build];
    if (gate !== undefined && gate.channels.length > 0 && gate.channels.every((c) => c.source.driver === "STATIC_INPUT")) n.cachedInput = build;
  }
}

/** The dependent nodes (inputs first) and the outside nodes they read. */
function splitStep(iteration: BulkIterationNode | DeltaIterationNode, outputs: readonly LogicalNode[]): { dependent: LogicalNode[]; statics: LogicalNode[] } {
  const memo = new Map<LogicalNode, boolean>();
  const dependent: LogicalNode[] = [];
  const reads = (n: LogicalNode): LogicalNode[] => [...inputsOf(n), ...n.broadcastSets.map((b) => b.input)];
  const visit = (n: LogicalNode): boolean => {
    const known = memo.get(n);
    if (known !== undefined) return known;
    memo.set(n, false);
    let d = (n.kind === "partialSolution" || n.kind === "workset" || n.kind === "solutionSet") && n.iteration === iteration;
    if (!d) for (const i of reads(n)) d = visit(i) || d;
    memo.set(n, d);
    if (d) dependent.push(n);
    return d;
  };
  for (const o of outputs) visit(o);
  const statics = new Set<LogicalNode>();
  for (const n of dependent) for (const i of reads(n)) if (!memo.get(i)) statics.add(i);
  return { dependent, statics: [...statics] };
}

/** A static input keeps its partitioning when it reaches the iteration by FORWARD. */
function staticProps(outer: Translated, p: number): GlobalProps {
  const only = outer.parts.length === 1 ? outer.parts[0]! : undefined;
  return only && only.node.parallelism === p ? only.props : noProps(p);
}

/** Records hash-partitioned on `key` into `p` partitions, as a PARTITION_HASH channel puts them. */
export function hashProps(key: KeyDefinition, p: number): GlobalProps {
  return { partitioning: "hash", fields: keyFieldIds(key), parallelism: p };
}

/**
 * A gate that puts records exactly where the solution set index has their key: FORWARD only if
 * already hash-partitioned on these very fields at this parallelism (not a subset, not a range),
 * else a hash exchange.
 */
export function exactHashGate(input: Translated, key: KeyDefinition, p: number): InputGate {
  const wanted = keyFieldIds(key);
  const channels = input.parts.map(({ node, props }): Channel => {
    const exact = node.parallelism === p && (p === 1 || (props.partitioning === "hash" && props.parallelism === p &&
      props.fields.length === wanted.length && props.fields.every((f, i) => f === wanted[i])));
    return {
      source: node, ship: exact ? "FORWARD" : "PARTITION_HASH", shipKey: exact ? undefined : key, shipOrders: undefined,
      partitioner: undefined, local: "NONE", localKey: undefined, localOrder: undefined,
    };
  });
  return { channels };
}
