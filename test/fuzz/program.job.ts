/**
 * A fuzz program as a job module: the entry builds the program from its AST (plain data, cloned
 * to every worker, with the schema of each node) and observes it as the in-process runner does
 * (runner.ts, observe).
 */
import { defineJob } from "../../src/index.js";
import { withSchema, type Node, type Program, type Schema } from "./ast.js";
import { observe } from "./runner.js";

export default defineJob((env, args: { program: Program; schemas: Map<Node, Schema>; dir: string | undefined }) => {
  for (const [node, schema] of args.schemas) withSchema(node, schema);
  return observe(env, args.program, args.dir);
});
