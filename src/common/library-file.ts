/**
 * Where the library's own files are (the worker mains, python/), in each of its layouts: src/
 * through tsx, tsc's dist/ (this file in dist/common/), and the bundle (scripts/build-bundle.mjs,
 * every chunk in dist/ itself, SLUICE_BUNDLED defined). A module's own `import.meta.url` would
 * point elsewhere once bundled into a chunk.
 */

declare const SLUICE_BUNDLED: boolean | undefined;

/** Whether this code runs from the bundle (the build defines SLUICE_BUNDLED). */
export const bundled = typeof SLUICE_BUNDLED !== "undefined" && SLUICE_BUNDLED;

/**
 * The URL of `path` relative to the library's root folder (src/ or dist/).
 * @example
 * libraryFile("job/worker-main.js"); // file:///…/node_modules/sluice/dist/job/worker-main.js
 */
export function libraryFile(path: string): URL {
  return new URL(bundled ? `./${path}` : `../${path}`, import.meta.url);
}
