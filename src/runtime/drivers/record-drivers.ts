/** Record-at-a-time drivers: Map, FlatMap, Filter, Project, No-Op (Flink's Chained*Driver). */
import { instantiateUdf } from "../../common/udf.js";
import { projector } from "../../common/builtins/projection.js";
import { BaseOperator, nodeUdf, type Operator, type OperatorContext } from "./operator.js";
import type { ProjectNode } from "../../plan/logical.js";

export class MapOperator extends BaseOperator {
  private readonly fn: (v: any) => any;
  constructor(ctx: OperatorContext, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
  }
  collect(record: any): void {
    let r;
    try {
      r = this.fn(record);
    } catch (e) {
      throw this.fail(e);
    }
    this.out.collect(r);
  }
}

export class FlatMapOperator extends BaseOperator {
  private readonly fn: (v: any, out: any) => void;
  constructor(ctx: OperatorContext, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
  }
  collect(record: any): void {
    try {
      this.fn(record, this.out);
    } catch (e) {
      throw this.fail(e);
    }
  }
}

export class FilterOperator extends BaseOperator {
  private readonly fn: (v: any) => boolean;
  constructor(ctx: OperatorContext, out: Operator) {
    const udf = instantiateUdf(nodeUdf(ctx.node));
    super(ctx, out, udf);
    this.fn = udf.call;
  }
  collect(record: any): void {
    let keep;
    try {
      keep = this.fn(record);
    } catch (e) {
      throw this.fail(e);
    }
    if (keep) this.out.collect(record);
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
}
