/**
 * The columnar libraries (hyparquet, hyparquet-compressors, hyparquet-writer, flechette) are loaded
 * on first use, not when Sluice is imported: together they are about half of Sluice's import time,
 * which every worker thread or process pays at start-up, and most jobs read no Parquet or Arrow.
 * Readers load them in their async methods; writers in `open` (awaited before the first record).
 */
import type * as Hyparquet from "hyparquet";
import type * as HyparquetCompressors from "hyparquet-compressors";
import type * as HyparquetWriter from "hyparquet-writer";
import type * as Flechette from "@uwdata/flechette";

let hyparquet: Promise<typeof Hyparquet> | undefined;
let compressors: Promise<typeof HyparquetCompressors> | undefined;
let writer: Promise<typeof HyparquetWriter> | undefined;
let flechette: Promise<typeof Flechette> | undefined;

/** @internal */
export const loadHyparquet = (): Promise<typeof Hyparquet> => (hyparquet ??= import("hyparquet"));
/** @internal */
export const loadCompressors = (): Promise<typeof HyparquetCompressors> => (compressors ??= import("hyparquet-compressors"));
/** @internal */
export const loadParquetWriter = (): Promise<typeof HyparquetWriter> => (writer ??= import("hyparquet-writer"));
/** @internal */
export const loadFlechette = (): Promise<typeof Flechette> => (flechette ??= import("@uwdata/flechette"));

let writerLib: typeof HyparquetWriter | undefined;
let flechetteModule: typeof Flechette | undefined;

/** @internal Loads the Parquet writer library; `parquetWriterLib()` then has it (no state on the format: formats are fingerprinted). */
export async function loadParquetWriterLib(): Promise<void> {
  writerLib ??= await loadParquetWriter();
}
/** @internal */
export function parquetWriterLib(): typeof HyparquetWriter {
  if (!writerLib) throw new Error("internal: hyparquet-writer used before loadParquetWriterLib()");
  return writerLib;
}
/** @internal Loads flechette; `flechetteLib()` then has it. */
export async function loadFlechetteLib(): Promise<void> {
  flechetteModule ??= await loadFlechette();
}
/** @internal */
export function flechetteLib(): typeof Flechette {
  if (!flechetteModule) throw new Error("internal: flechette used before loadFlechetteLib()");
  return flechetteModule;
}
