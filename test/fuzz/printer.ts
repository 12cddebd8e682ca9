/**
 * Prints a fuzz program as TypeScript-like text: one `const` per DataSet, shared DataSets by name,
 * user functions by what they do (their bodies are in udfs.ts).
 */
import type { JoinOut, Key, MapFn, Node, Ord, Program, Root } from "./ast.js";
import { exprOf } from "./values.js";

export function literal(v: unknown): string {
  if (typeof v === "number") return Object.is(v, -0) ? "-0" : String(v);
  if (typeof v === "bigint") return `${v}n`;
  if (typeof v === "string")
    return [...JSON.stringify(v)].map((c) => (/[\p{M}\p{Cc}\p{Cn}]/u.test(c) ? `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}` : c)).join("");
  if (Array.isArray(v)) return `[${v.map(literal).join(", ")}]`;
  if (v !== null && typeof v === "object") return `{ ${Object.entries(v).map(([k, x]) => `${k}: ${literal(x)}`).join(", ")} }`;
  return String(v);
}

function keyText(k: Key): string {
  switch (k.k) {
    case "pos": return k.pos.join(", ");
    case "expr": return k.exprs.map((e) => JSON.stringify(e)).join(", ");
    case "sel": return k.paths.length === 1 ? `(r) => r${pathText(k.paths[0])}` : `(r) => [${k.paths.map((p) => `r${pathText(p)}`).join(", ")}]`;
    case "mod": return `(r) => mod(r${pathText(k.path)}, ${k.m})`;
    case "len": return `(r) => canon(r).length % ${k.m}`;
  }
}
const pathText = (p: readonly (number | string)[]) => p.map((s) => (typeof s === "number" ? `[${s}]` : `.${s}`)).join("");
const ord = (o: Ord) => `Order.${o === "ASC" ? "ASCENDING" : "DESCENDING"}`;
const orders = (m: string, os: readonly (readonly [Key, Ord])[]) => os.map(([k, o]) => `.${m}(${keyText(k)}, ${ord(o)})`).join("");

function mapText(f: MapFn): string {
  switch (f.f) {
    case "inc": return `${f.mutate ? "incInPlace" : "inc"}(${JSON.stringify(exprOf(f.path))}, ${f.leaf})`;
    case "toPojo": return `toPojo(${f.names.join(", ")})`;
    default: return f.f;
  }
}

function outText(o: JoinOut): string {
  switch (o.kind) {
    case "pairs": return "";
    case "with": return ".with((a, b) => [b, a])";
    case "flat": return ".with((a, b, out) => { out.collect([a, b]); if (canon(a).length % 2 === 0) out.collect([a, b]); })";
    case "left": return ".with((a, b) => a)";
    case "project": return o.calls.map(([side, pos]) => `.project${side === "first" ? "First" : "Second"}(${pos.join(", ")})`).join("");
  }
}

export function printProgram(p: Program): string {
  const lines: string[] = [`const env = ExecutionEnvironment.createLocalEnvironment(${p.parallelism});`];
  const names = new Map<Node, string>();
  const name = (n: Node, partial?: string): string => {
    if (n.op === "partial" && partial !== undefined) return partial;
    let v = names.get(n);
    if (v === undefined) {
      const text = nodeText(n, (x) => name(x, partial));
      v = `d${names.size}`;
      names.set(n, v);
      lines.push(`const ${v} = ${text};`);
    }
    return v;
  };
  const r = name(p.root.node);
  lines.push(`${rootText(p.root, r)}${sinkText(p)};`);
  return lines.join("\n");
}

function rootText(root: Root, r: string): string {
  switch (root.kind) {
    case "bag": case "seq": return r;
    case "tagged": return `${r}.mapPartition(tagWithSubtaskAndPosition)`;
    case "first": return `${r}${root.key === undefined ? "" : `.groupBy(${keyText(root.key)})`}${orders("sortGroup", root.orders)}.first(${root.n})`;
    case "distinctBy": return `${r}.distinct(${keyText(root.key)})`;
    case "pickBy": return `${r}${root.key === undefined ? "" : `.groupBy(${keyText(root.key)})`}.${root.max ? "maxBy" : "minBy"}(${root.fields.join(", ")})`;
  }
}

function sinkText(p: Program): string {
  switch (p.sink) {
    case "collect": return ".collect()";
    case "count": return ".count()";
    case "csv": return ".writeAsCsv(path); await env.execute(); await env.readTextFile(path).collect()";
    case "text": return ".writeAsText(path); await env.execute(); await env.readTextFile(path).collect()";
  }
}

function nodeText(n: Node, name: (x: Node) => string): string {
  const f = n.form !== undefined && n.form !== "fn" ? ` /* as ${n.form === "obj" ? "object" : "Rich class"} */` : "";
  const par = n.par !== undefined ? `.setParallelism(${n.par})` : "";
  const grp = (k: Key | undefined) => (k === undefined ? "" : `.groupBy(${keyText(k)})`);
  const body = ((): string => {
    switch (n.op) {
      case "src":
        return `env.${n.via === "elements" ? "fromElements(" : "fromCollection(["}${n.rows.map(literal).join(", ")}${n.via === "elements" ? ")" : "])"}`;
      case "partial":
        return "partialSolution";
      case "map":
        return `${name(n.in)}.map(${mapText(n.fn)}${f})`;
      case "flatMap":
        return `${name(n.in)}.flatMap((r, out) => /* canon(r).length % ${n.m} copies of r */${f})`;
      case "filter":
        return `${name(n.in)}.filter((r) => canon(r).length % ${n.m} !== ${n.r}${f})`;
      case "project":
        return `${name(n.in)}.project(${n.pos.join(", ")})`;
      case "distinct":
        return `${name(n.in)}.distinct()`;
      case "union":
        return `${name(n.in)}.union(${name(n.other)})`;
      case "rebalance":
        return `${name(n.in)}.rebalance()`;
      case "partitionByHash":
      case "partitionByRange":
        return `${name(n.in)}.${n.op}(${keyText(n.key)})`;
      case "partitionCustom":
        return `${name(n.in)}.partitionCustom((k, n) => mod(hash(k), n), ${keyText(n.key)})`;
      case "sortPartition":
        return `${name(n.in)}${orders("sortPartition", n.orders)}`;
      case "reduce":
        return `${name(n.in)}${grp(n.key)}.reduce(mergeFields(int: ${n.intOp})${f})`;
      case "groupSummary":
        return `${name(n.in)}${grp(n.key)}.reduceGroup(${n.combinable ? "{ reduce: fold, combine: fold }" : "(g, out) => out.collect([count(g), fold(g)])"}${f})`;
      case "groupSeq":
        return `${name(n.in)}${grp(n.key)}${orders("sortGroup", n.orders)}.reduceGroup((g, out) => /* [key, i, canon(sortKey)] per record */${f})`;
      case "combineReduce":
        return `${name(n.in)}${grp(n.key)}${orders("sortGroup", n.orders)}.combineGroup(fold${f})${grp(n.key)}.reduceGroup(fold)`;
      case "aggregate":
        return `${name(n.in)}${n.key === undefined ? "" : `.groupBy(${n.key.join(", ")})`}${n.aggs.map(([a, p], i) => (n.short ? `.${i === 0 ? a.toLowerCase() : `and${a[0]}${a.slice(1).toLowerCase()}`}(${p})` : `.${i === 0 ? "aggregate" : "and"}(Aggregations.${a}, ${p})`)).join("")}.project(${[...(n.key ?? []), ...n.aggs.map(([, p]) => p)].join(", ")})`;
      case "minBy":
      case "maxBy":
        return `${name(n.in)}${grp(n.key)}.${n.op}(${n.fields.join(", ")})`;
      case "join": {
        const call = n.via === "tiny" ? "joinWithTiny" : n.via === "huge" ? "joinWithHuge" : "join";
        return `${name(n.in)}.${call}(${name(n.other)}${n.via === "join" ? `, JoinHint.${n.hint}` : ""}).where(${keyText(n.keys[0])}).equalTo(${keyText(n.keys[1])})${outText(n.out)}${f}`;
      }
      case "outerJoin":
        return `${name(n.in)}.${n.type}OuterJoin(${name(n.other)}, JoinHint.${n.hint}).where(${keyText(n.keys[0])}).equalTo(${keyText(n.keys[1])}).with(${n.pairs ? "(a, b) => [a, b]" : "(a, b) => [a ?? default, b ?? default, a !== null, b !== null]"}${f})`;
      case "coGroup":
        return `${name(n.in)}.coGroup(${name(n.other)}).where(${keyText(n.keys[0])}).equalTo(${keyText(n.keys[1])})${orders("sortFirstGroup", n.sorts[0])}${orders("sortSecondGroup", n.sorts[1])}.with((as, bs, out) => /* [key, side, i or -1, text] per record */${f})`;
      case "cross": {
        const call = n.via === "tiny" ? "crossWithTiny" : n.via === "huge" ? "crossWithHuge" : "cross";
        return `${name(n.in)}.${call}(${name(n.other)})${n.out.kind === "flat" ? ".with((a, b) => [a, b])" : outText(n.out)}${f}`;
      }
      case "iterate": {
        const it = `it${name(n.in)}`;
        const inner = new Map<Node, string>();
        const stepLines: string[] = [];
        const stepName = (x: Node): string => {
          if (x.op === "partial") return it;
          if (x === n.in) return name(x);
          let v = inner.get(x);
          if (v === undefined) {
            const t = nodeText(x, stepName);
            v = `${it}s${inner.size}`;
            inner.set(x, v);
            stepLines.push(`  const ${v} = ${t};`);
          }
          return v;
        };
        const next = stepName(n.step);
        const term = n.term === undefined ? "" : `, ${next}.filter((r) => canon(r).length % ${n.term.m} !== ${n.term.r})`;
        return `(() => {\n  const ${it} = ${name(n.in)}.iterate(${n.n});\n${stepLines.join("\n")}\n  return ${it}.closeWith(${next}${term});\n})()`;
      }
      case "delta":
        return `minPropagation(${name(n.in)}, ${name(n.workset)}, { maxIterations: ${n.n}, via: ${n.via}, hint: JoinHint.${n.hint}, spread: ${n.spread} }) /* see build.ts buildDelta */`;
    }
  })();
  return body + par;
}
