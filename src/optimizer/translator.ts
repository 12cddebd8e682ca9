/**
 * The optimizer's working state: translates logical nodes once each (a DataSet used twice is one
 * physical node), creates physical nodes and connects them with channels that meet a consumer's
 * requirement, reusing an existing partitioning where the properties allow (no needless shuffle).
 */
import type { Order } from "../common/enums.js";
import type { KeyDefinition } from "../common/keys.js";
import type { UdfSpec } from "../common/udf.js";
import type { LogicalNode, Ordering } from "../plan/logical.js";
import type { Channel, DriverStrategy, InputGate, LocalStrategy, PhysicalNode, ShipStrategy } from "../plan/physical.js";
import { isPartitionedOn, keyFieldIds, noProps, type GlobalProps } from "./properties.js";

/** A translated logical node: one physical node, or several for a union. */
export interface Translated {
  readonly parts: readonly { readonly node: PhysicalNode; readonly props: GlobalProps }[];
}

export type Requirement =
  | { readonly kind: "forward" }
  | { readonly kind: "hash"; readonly key: KeyDefinition }
  | { readonly kind: "range"; readonly key: KeyDefinition; readonly orders: readonly Order[] }
  | { readonly kind: "custom"; readonly key: KeyDefinition; readonly partitioner: UdfSpec }
  | { readonly kind: "rebalance" }
  | { readonly kind: "broadcast" };

export interface LocalRequirement {
  readonly local: LocalStrategy;
  readonly key?: KeyDefinition;
  readonly order?: readonly Ordering[];
}

export interface NodeSpec {
  readonly logical: LogicalNode;
  readonly driver: DriverStrategy;
  readonly pact: string;
  readonly parallelism: number;
  readonly inputs: InputGate[];
  readonly name?: string;
  readonly combineUdf?: UdfSpec;
  readonly estimatedRecords?: number;
  /** See PhysicalNode.expectedKeys. */
  readonly expectedKeys?: number;
  /** Broadcast sets are attached to the node that runs the user function. */
  readonly withBroadcastSets?: boolean;
}

export type Strategy = (node: LogicalNode, t: Translator) => Translated;

export class Translator {
  readonly nodes: PhysicalNode[] = [];
  private readonly memo = new Map<LogicalNode, Translated>();
  private nextId = 1;

  constructor(
    readonly defaultParallelism: number,
    private readonly strategyFor: (node: LogicalNode) => Strategy,
    /** The default parallelism of output-format sinks, when it differs from the others' (OptimizerOptions.outputParallelism). */
    private readonly outputParallelism: number = defaultParallelism,
  ) {}

  translate(node: LogicalNode): Translated {
    let t = this.memo.get(node);
    if (!t) {
      t = this.strategyFor(node)(node, this);
      this.memo.set(node, t);
    }
    return t;
  }

  /** Lets iteration strategies pre-seed a placeholder's translation. */
  seed(node: LogicalNode, translated: Translated): void {
    this.memo.set(node, translated);
  }
  /** Forgets translations (iteration step functions are translated in their own scope). */
  forget(nodes: Iterable<LogicalNode>): void {
    for (const n of nodes) this.memo.delete(n);
  }
  isTranslated(node: LogicalNode): boolean {
    return this.memo.has(node);
  }

  parallelismOf(node: LogicalNode): number {
    return node.parallelism ?? (node.kind === "sink" && node.sink.kind === "format" ? this.outputParallelism : this.defaultParallelism);
  }

  addNode(spec: NodeSpec): PhysicalNode {
    const broadcastInputs = spec.withBroadcastSets === false ? [] : spec.logical.broadcastSets.map((b) => ({
      name: b.name,
      gate: this.connect(this.translate(b.input), spec.parallelism, { kind: "broadcast" }),
    }));
    const node: PhysicalNode = {
      id: this.nextId++,
      logical: spec.logical,
      driver: spec.driver,
      name: spec.name ?? spec.logical.name,
      pact: spec.pact,
      parallelism: spec.parallelism,
      inputs: spec.inputs,
      broadcastInputs,
      chained: false,
      combineUdf: spec.combineUdf,
      estimatedRecords: spec.estimatedRecords,
      outputOwned: false,
      inputOwned: true,
      inputCopy: "none",
      readsOnly: false,
    };
    if (spec.expectedKeys !== undefined) node.expectedKeys = spec.expectedKeys;
    this.nodes.push(node);
    return node;
  }

  /** Connects `input` to a consumer of `parallelism` subtasks so that `req` holds. */
  connect(input: Translated, parallelism: number, req: Requirement, local: LocalRequirement = { local: "NONE" }): InputGate {
    const channels = input.parts.map((p) => this.channel(p.node, p.props, parallelism, req, local));
    if (req.kind === "hash" && channels.length > 1 && !forwardsAlike(channels, input)) {
      // A union's parts meet in one consumer: a part kept on its own partitioning (a subset of the
      // key, or range boundaries of its own) would send equal keys elsewhere than the parts hashed
      // on the full key, so every part is hashed on the required key.
      for (const c of channels) {
        if (c.ship !== "FORWARD") continue;
        c.ship = "PARTITION_HASH";
        c.shipKey = req.key;
      }
    }
    return { channels };
  }

  private channel(source: PhysicalNode, props: GlobalProps, parallelism: number, req: Requirement, local: LocalRequirement): Channel {
    const c: Channel = {
      source,
      ship: "FORWARD",
      shipKey: undefined,
      shipOrders: undefined,
      partitioner: undefined,
      local: local.local,
      localKey: local.key,
      localOrder: local.order,
    };
    const ship = (s: ShipStrategy): Channel => { c.ship = s; return c; };
    switch (req.kind) {
      case "forward":
        return ship(source.parallelism === parallelism ? "FORWARD" : "PARTITION_FORCED_REBALANCE");
      case "rebalance":
        return ship("PARTITION_FORCED_REBALANCE");
      case "broadcast":
        return ship("BROADCAST");
      case "hash":
        if (isPartitionedOn(props, req.key, parallelism) && source.parallelism === parallelism) return ship("FORWARD");
        c.shipKey = req.key;
        return ship("PARTITION_HASH");
      case "range":
        // One producer and one consumer: the single partition is the whole range, so records
        // are forwarded (no sample, no boundaries, no routing), as a hash partition at p=1 is.
        if (parallelism === 1 && source.parallelism === 1) return ship("FORWARD");
        c.shipKey = req.key;
        c.shipOrders = req.orders;
        return ship("PARTITION_RANGE");
      case "custom":
        c.shipKey = req.key;
        c.partitioner = req.partitioner;
        return ship("PARTITION_CUSTOM");
    }
  }

  /** The partitioning of records as they arrive through `gate` at a consumer of `parallelism`. */
  propsAfter(gate: InputGate, parallelism: number, input: Translated): GlobalProps {
    if (gate.channels.length !== 1) return noProps(parallelism);
    const c = gate.channels[0]!;
    switch (c.ship) {
      case "FORWARD":
        return input.parts[0]!.props;
      case "PARTITION_HASH":
        return { partitioning: "hash", fields: keyFieldIds(c.shipKey!), parallelism };
      case "PARTITION_RANGE":
        return { partitioning: "range", fields: keyFieldIds(c.shipKey!), parallelism };
      case "PARTITION_CUSTOM":
        return { partitioning: "custom", fields: keyFieldIds(c.shipKey!), parallelism };
      default:
        return noProps(parallelism);
    }
  }
}

/** Whether every channel forwards and every part is hash-partitioned on the same fields (or p=1). */
function forwardsAlike(channels: readonly Channel[], input: Translated): boolean {
  if (channels.every((c) => c.ship !== "FORWARD")) return true;
  if (!channels.every((c) => c.ship === "FORWARD")) return false;
  const [first, ...rest] = input.parts.map((p) => p.props);
  if (first!.parallelism === 1) return true;
  const sameFields = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((f, i) => f === b[i]);
  return first!.partitioning === "hash" && rest.every((p) => p.partitioning === "hash" && sameFields(p.fields, first!.fields));
}

/** A Translated of one node. */
export function single(node: PhysicalNode, props: GlobalProps): Translated {
  return { parts: [{ node, props }] };
}
