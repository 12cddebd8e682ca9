/**
 * Record-at-a-time drivers: Map, FlatMap, Filter, Project, No-Op (Flink's Chained*Driver). A user
 * function whose chained input is not owned gets what node.inputCopy says (passes/ownership.ts):
 * a copy of every record, of the non-flat ones, or the record itself.
 */
import { copyRecord, isFlatRecord } from "../../common/copy.js";
import type { InputCopy } from "../../plan/physical.js";
import { instantiateUdf } from "../../common/udf.js";
import { projector } from "../../common/builtins/projection.js";
import { BaseOperator, nodeUdf, pushBatch, type Operator, type OperatorContext } from "./operator.js";
import type { ProjectNode } from "../../plan/logical.js";

/** The record a user function is handed. */
function handed(record: any, copy: InputCopy): any {
  if (copy === "none") return record;
  if (copy === "all" || !isFlatRecord(record)) return copyRecord(record);
  return record;
}

export class MapOperator extends BaseOperator {
  private readonly fn: (v: any) => any;
  private readonly copy: InputCopy;
  constructor(ctx: OperatorContext, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
    this.copy = ctx.objectReuse ? "none" : ctx.node.inputCopy;
  }
  collect(record: any): void {
    let r;
    try {
      r = this.fn(handed(record, this.copy));
    } catch (e) {
      throw this.fail(e);
    }
    this.out.collect(r);
  }
}

export class FlatMapOperator extends BaseOperator {
  private readonly fn: (v: any, out: any) => void;
  private readonly copy: InputCopy;
  constructor(ctx: OperatorContext, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
    this.copy = ctx.objectReuse ? "none" : ctx.node.inputCopy;
  }
  collect(record: any): void {
    try {
      this.fn(handed(record, this.copy), this.out);
    } catch (e) {
      throw this.fail(e);
    }
  }
}

export class FilterOperator extends BaseOperator {
  private readonly fn: (v: any) => boolean;
  private readonly copy: InputCopy;
  constructor(ctx: OperatorContext, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
    this.copy = ctx.objectReuse ? "none" : ctx.node.inputCopy;
  }
  collect(record: any): void {
    let keep;
    const r = handed(record, this.copy);
    try {
      keep = this.fn(r);
    } catch (e) {
      throw this.fail(e);
    }
    if (keep) this.out.collect(r);
  }
}

export class ProjectOperator extends BaseOperator<any, any, ProjectNode> {
  private readonly project: (r: any) => any[];
  constructor(ctx: OperatorContext<ProjectNode>, out: Operator) {
    super(ctx, out);
    const fields = ctx.node.logical.fields;
    this.project = projector(fields);
  }
  collect(record: any): void {
    if (!Array.isArray(record)) throw this.fail(new TypeError(`Projection needs tuple records, got ${typeof record}`));
    this.out.collect(this.project(record));
  }
}

/** Passes records on unchanged (explicit partitioning, sort-partition after its local sort). */
export class NoOpOperator extends BaseOperator {
  collect(record: any): void {
    this.out.collect(record);
  }
  collectBatch(_input: 0 | 1, records: readonly any[], from: number, to: number): void {
    pushBatch(this.out, 0, records, from, to);
  }
}
