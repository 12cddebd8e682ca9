/**
 * WordCount, the classic first Flink job: read a text file (bundled examples/data/mill-race.txt)
 * line by line, split it into lowercase words, count each word with a combinable sum, print the
 * ten most frequent words and write every count as CSV to a result file (replacing the last run's).
 */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { ExecutionEnvironment, Order, WriteMode, defineJob } from "../src/index.js";

export const title = "WordCount on a text file";
export const order = 10;

const TEXT = fileURLToPath(new URL("./data/mill-race.txt", import.meta.url));
/** Where the counts are written: a file at parallelism 1 (a directory of part files above 1). */
export const OUTPUT = join(tmpdir(), "sluice-examples", "word-counts.csv");

/** The job: `npx sluice run examples/word-count.ts`, `npx tsx examples/word-count.ts` or runJob. */
export default defineJob(async (): Promise<void> => {
  const env = ExecutionEnvironment.getExecutionEnvironment();
  const counts = env
    .readTextFile(TEXT)
    .flatMap<[string, number]>((line, out) => {
      for (const word of line.toLowerCase().split(/[^a-z']+/)) {
        const w = word.replace(/^'+|'+$/g, "");
        if (w !== "") out.collect([w, 1]);
      }
    })
    .groupBy(0)
    .sum(1)
    .name("count words");

  counts.writeAsCsv(OUTPUT, "\n", ",", WriteMode.OVERWRITE).setParallelism(1);

  console.log("-- the ten most frequent words");
  // One sorted partition (most frequent first, ties alphabetical), then its first ten records.
  await counts
    .sortPartition(1, Order.DESCENDING)
    .sortPartition(0, Order.ASCENDING)
    .setParallelism(1)
    .mapPartition<[string, number]>((words, out) => {
      let n = 0;
      for (const w of words) {
        if (n++ === 10) break;
        out.collect(w);
      }
    })
    .setParallelism(1)
    .print();
  console.log(`-- all counts written to ${OUTPUT}`);
});

