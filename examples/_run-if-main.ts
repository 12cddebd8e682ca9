/** Lets an example module also run on its own: `npx tsx examples/word-count.ts`. */
import { pathToFileURL } from "node:url";

export function runIfMain(url: string, main: () => Promise<void>): void {
  if (process.argv[1] && url === pathToFileURL(process.argv[1]).href) {
    main().catch((e: unknown) => {
      console.error(e);
      process.exitCode = 1;
    });
  }
}
