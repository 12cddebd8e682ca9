/** The public file formats (re-exported by src/index.ts): subclass them or pass them to createInput / output. */
export { FileInputFormat, type FileInputSplit } from "./file-input-format.js";
export { DelimitedInputFormat } from "./delimited-input-format.js";
export { TextInputFormat } from "./text-input-format.js";
export { CsvInputFormat, INVALID_LINES_ACCUMULATOR, type CsvOptions } from "./csv-input-format.js";
export { JsonLinesInputFormat } from "./json-lines-input-format.js";
export { FileOutputFormat } from "./file-output-format.js";
export { TextOutputFormat } from "./text-output-format.js";
export { CsvOutputFormat } from "./csv-output-format.js";
export { JsonLinesOutputFormat } from "./json-lines-output-format.js";
export { PrintingOutputFormat } from "./printing-output-format.js";
export { FileParseError, FileSystemError, RecordError } from "./io-errors.js";
export { ParquetInputFormat, type ColumnarReadOptions, type ParquetRowGroupSplit } from "./columnar/parquet-input-format.js";
export { ParquetOutputFormat } from "./columnar/parquet-output-format.js";
export { ArrowInputFormat } from "./columnar/arrow-input-format.js";
export { ArrowOutputFormat, type ArrowIpcFormat } from "./columnar/arrow-output-format.js";
export type { ColumnKind, ColumnarSchema } from "./columnar/columnar-schema.js";
