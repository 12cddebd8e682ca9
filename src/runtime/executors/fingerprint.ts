/**
 * The fingerprint of a job's plan, computed the same way by the coordinator and by every worker
 * (each builds the plan by running the same program): the optimized plan JSON, the source text of
 * every user function and class in it, and the data it holds (collection sources by their size
 * and first 1,000 elements, which a worker holds; format and function fields; an array of more than
 * 4,096 elements by its length and 4,096 evenly spaced ones). Values only captured by closures are invisible here; see the README section "Worker
 * threads" for the rules. The walk also registers the record classes it meets.
 */
import { createHash, type Hash } from "node:crypto";
import type { PhysicalPlan } from "../../plan/physical.js";
import { planToJson } from "../../plan/plan-json.js";
import { noteInstance } from "./class-registry.js";
import { COLLECTION_SAMPLE, collectionSize, type SourceDescriptor } from "../../plan/descriptors.js";

type CollectionSource = Extract<SourceDescriptor, { kind: "collection" }>;

function isCollectionSource(o: object): o is CollectionSource {
  const c = o as Partial<CollectionSource>;
  return c.kind === "collection" && Array.isArray(c.elements) && typeof c.description === "string";
}

export interface PlanFingerprint {
  /** Operators, strategies, parallelism: the optimized plan JSON (hash, and the text for messages). */
  readonly plan: string;
  readonly planJson: string;
  /** Source text of the user functions and classes in the plan. */
  readonly code: string;
  /** Collection elements, sequence bounds, fields of function objects and formats. */
  readonly data: string;
}

export function fingerprintPlan(plan: PhysicalPlan): PlanFingerprint {
  const walker = new Walker();
  for (const n of plan.nodes) walker.walk(n.logical, 0);
  const planJson = JSON.stringify(planToJson(plan));
  return {
    plan: createHash("sha256").update(planJson).digest("hex"),
    planJson,
    code: walker.code.digest(),
    data: walker.data.digest(),
  };
}

/** Why two fingerprints differ, in words, or undefined when they are equal. */
export function fingerprintDifference(a: PlanFingerprint, b: PlanFingerprint): string | undefined {
  if (a.plan !== b.plan) return `the plan itself differs: ${firstDifference(a.planJson, b.planJson)}`;
  if (a.code !== b.code) return "the code of the user functions differs";
  if (a.data !== b.data) return "the data in the plan differs (collection elements, or fields of function objects and formats)";
  return undefined;
}

/** Feeds text to a hash in large pieces (one update per token would dominate for big collections). */
class Chunked {
  private readonly hash: Hash = createHash("sha256");
  private buf = "";
  add(s: string): void {
    this.buf += s;
    if (this.buf.length > 65536) this.flush();
  }
  bytes(b: ArrayBufferView): void {
    this.flush();
    this.hash.update(new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
  }
  digest(): string {
    this.flush();
    return this.hash.digest("hex");
  }
  private flush(): void {
    if (this.buf) this.hash.update(this.buf);
    this.buf = "";
  }
}

/** Elements of a large array the fingerprint looks at (the first, the last and evenly between). */
const SAMPLE = 4096;

class Walker {
  readonly code = new Chunked();
  readonly data = new Chunked();
  private readonly seen = new Map<object, number>();
  private readonly classes = new Set<unknown>();
  private readonly nodeIds = new Map<number, number>();

  walk(v: unknown, depth: number): void {
    switch (typeof v) {
      case "function":
        this.fn(v);
        return;
      case "object":
        if (v === null) this.data.add("n;");
        else this.object(v, depth);
        return;
      case "string":
        this.data.add(`s${v.length}:${v}`);
        return;
      default:
        this.data.add(`${typeof v}:${String(v)};`);
    }
  }

  private fn(f: unknown): void {
    if (this.seen.has(f as object)) return;
    this.seen.set(f as object, this.seen.size);
    this.code.add(`f:${Function.prototype.toString.call(f)};`);
  }

  private object(o: object, depth: number): void {
    const ref = this.seen.get(o);
    if (ref !== undefined) {
      this.data.add(`#${ref};`);
      return;
    }
    this.seen.set(o, this.seen.size);
    if (depth > 200) return;
    noteInstance(o);
    const ctor = (Object.getPrototypeOf(o) as { constructor?: unknown } | null)?.constructor;
    if (typeof ctor === "function" && !this.classes.has(ctor) && ctor !== Object && ctor !== Array) {
      this.classes.add(ctor);
      this.code.add(`c:${Function.prototype.toString.call(ctor)};`);
    }
    if (ArrayBuffer.isView(o)) return this.data.bytes(o);
    if (isCollectionSource(o)) {
      // A worker holds the first COLLECTION_SAMPLE elements (they decide the shape) and the coordinator's
      // count; the elements themselves come from the coordinator with the subtask that reads them.
      this.data.add(`C${collectionSize(o)}:`);
      this.walk(o.description, depth + 1);
      this.walk(o.elements.slice(0, COLLECTION_SAMPLE), depth + 1);
      return;
    }
    if (o instanceof Map) {
      this.data.add(`M${o.size}:`);
      for (const [k, x] of o) { this.walk(k, depth + 1); this.walk(x, depth + 1); }
      return;
    }
    if (o instanceof Set) {
      this.data.add(`S${o.size}:`);
      for (const x of o) this.walk(x, depth + 1);
      return;
    }
    if (o instanceof Date) return this.data.add(`D${o.getTime()};`);
    if (Array.isArray(o)) {
      this.data.add(`A${o.length}:`);
      // A large array (a collection's elements) is compared by its length and an even sample:
      // walking millions of records in every thread costs seconds and holds them all in `seen`.
      if (o.length <= SAMPLE) {
        for (let i = 0; i < o.length; i++) this.walk(o[i], depth + 1);
      } else {
        for (let j = 0; j < SAMPLE; j++) this.walk(o[Math.floor((j * (o.length - 1)) / (SAMPLE - 1))], depth + 1);
      }
      return;
    }
    this.data.add("{");
    const isNode = "broadcastSets" in o && "semantic" in o;
    for (const k of Object.keys(o)) {
      this.data.add(`k${k}=`);
      // Logical node ids come from a process-wide counter: compare them by order of appearance.
      if (isNode && k === "id") {
        const id = (o as unknown as { id: number }).id;
        this.data.add(`${this.nodeIds.get(id) ?? this.nodeIds.set(id, this.nodeIds.size).size - 1};`);
        continue;
      }
      let x: unknown;
      try {
        x = (o as Record<string, unknown>)[k];
      } catch {
        x = "<getter threw>";
      }
      this.walk(x, depth + 1);
    }
    this.data.add("}");
  }
}

/** The first node that differs, as "coordinator ... vs worker ...". */
function firstDifference(a: string, b: string): string {
  const na = (JSON.parse(a) as { nodes: unknown[] }).nodes;
  const nb = (JSON.parse(b) as { nodes: unknown[] }).nodes;
  for (let i = 0; i < Math.max(na.length, nb.length); i++) {
    const x = JSON.stringify(na[i]);
    const y = JSON.stringify(nb[i]);
    if (x !== y) return `coordinator ${x ?? "(no node)"} vs worker ${y ?? "(no node)"}`;
  }
  return "(same nodes)";
}
