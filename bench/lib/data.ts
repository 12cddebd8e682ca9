/**
 * Deterministic inputs of the in-memory workloads, as JS row arrays (plain objects), the form
 * a DataSet user starts from. Generated in the child before the clock starts.
 */
import { prng, randInt, zipf } from "./prng.js";
import { dims, type WorkloadId } from "./workloads.js";

export interface JoinLeft { id: number; k: number; a: number }
export interface KeyB { k: number; b: number }
export interface KeyA { k: number; a: number }
export interface KeyV { k: number; v: number }
export interface ABC { a: number; b: number; c: number }
export interface SortRow { k: number; id: number; v: number }

export interface JoinInput { left: JoinLeft[]; right: KeyB[] }
export interface TupleJoinInput { left: [number, number, number][]; right: [number, number][] }
export interface PairInput { left: KeyA[]; right: KeyB[] }
export interface RowsInput<T> { rows: T[] }
export interface TextInput { textPath: string }
export interface CsvJobInput { ordersPath: string; usersPath: string; outPath: string }

/** The input each workload's implementations receive. */
export interface Inputs {
  "join-uniform": JoinInput;
  "join-zipf": JoinInput;
  "left-outer-join": PairInput;
  cogroup: PairInput;
  "group-sum": RowsInput<KeyV>;
  distinct: RowsInput<ABC>;
  sort: RowsInput<SortRow>;
  wordcount: TextInput;
  "csv-job": CsvJobInput;
  "tuple-join": TupleJoinInput;
  "tuple-group-sum": RowsInput<[number, number, number]>;
  "tuple-distinct": RowsInput<[number, string]>;
}

/** The join input as tuples: [id, k, a] and [k, b]. */
function tupleJoinInput(scale: number): TupleJoinInput {
  const { left, right } = joinInput(scale, false);
  return { left: left.map((r) => [r.id, r.k, r.a]), right: right.map((r) => [r.k, r.b]) };
}

function tupleGroupInput(scale: number): RowsInput<[number, number, number]> {
  const d = dims(scale);
  const rand = prng(7);
  const rows = new Array<[number, number, number]>(d.groupRows);
  for (let i = 0; i < d.groupRows; i++) rows[i] = [randInt(rand, d.groupKeys), randInt(rand, 1000), 1];
  return { rows };
}

/** [int, string] with about rows/2 combinations. */
function tupleDistinctInput(scale: number): RowsInput<[number, string]> {
  const n = dims(scale).distinctRows;
  const side = Math.max(2, Math.round(Math.sqrt(n / 2)));
  const rand = prng(8);
  const rows = new Array<[number, string]>(n);
  for (let i = 0; i < n; i++) rows[i] = [randInt(rand, side), `w${randInt(rand, side)}`];
  return { rows };
}

function joinInput(scale: number, skewed: boolean): JoinInput {
  const d = dims(scale);
  const rand = prng(skewed ? 11 : 1);
  const key = skewed ? zipf(rand, d.joinRight, 1.0) : () => randInt(rand, d.joinRight);
  const left = new Array<JoinLeft>(d.joinLeft);
  for (let i = 0; i < d.joinLeft; i++) left[i] = { id: i, k: key(), a: randInt(rand, 1000) };
  const right = new Array<KeyB>(d.joinRight);
  for (let k = 0; k < d.joinRight; k++) right[k] = { k, b: randInt(rand, 1000) };
  return { left, right };
}

function pairInput(scale: number): PairInput {
  const n = dims(scale).pairSide;
  const rand = prng(3);
  const left = new Array<KeyA>(n);
  for (let i = 0; i < n; i++) left[i] = { k: randInt(rand, n), a: randInt(rand, 1000) };
  const right = new Array<KeyB>(n);
  for (let i = 0; i < n; i++) right[i] = { k: randInt(rand, n), b: randInt(rand, 1000) };
  return { left, right };
}

function groupInput(scale: number): RowsInput<KeyV> {
  const d = dims(scale);
  const rand = prng(4);
  const rows = new Array<KeyV>(d.groupRows);
  for (let i = 0; i < d.groupRows; i++) rows[i] = { k: randInt(rand, d.groupKeys), v: randInt(rand, 1000) };
  return { rows };
}

/** Two fields with about rows/2 combinations, so roughly 40% of the rows are duplicates. */
function distinctInput(scale: number): RowsInput<ABC> {
  const n = dims(scale).distinctRows;
  const side = Math.max(2, Math.round(Math.sqrt(n / 2)));
  const rand = prng(5);
  const rows = new Array<ABC>(n);
  for (let i = 0; i < n; i++) rows[i] = { a: randInt(rand, side), b: randInt(rand, side), c: i };
  return { rows };
}

function sortInput(scale: number): RowsInput<SortRow> {
  const n = dims(scale).sortRows;
  const rand = prng(6);
  const rows = new Array<SortRow>(n);
  for (let i = 0; i < n; i++) rows[i] = { k: randInt(rand, 2 ** 31), id: i, v: randInt(rand, 1000) };
  return { rows };
}

/** Builds the in-memory input of `workload` at `scale`. */
export function memoryInput(workload: WorkloadId, scale: number): Inputs[WorkloadId] {
  switch (workload) {
    case "join-uniform": return joinInput(scale, false);
    case "join-zipf": return joinInput(scale, true);
    case "left-outer-join":
    case "cogroup": return pairInput(scale);
    case "group-sum": return groupInput(scale);
    case "distinct": return distinctInput(scale);
    case "sort": return sortInput(scale);
    case "tuple-join": return tupleJoinInput(scale);
    case "tuple-group-sum": return tupleGroupInput(scale);
    case "tuple-distinct": return tupleDistinctInput(scale);
    case "wordcount":
    case "csv-job": throw new Error(`${workload} reads files; it has no in-memory input`);
  }
}
