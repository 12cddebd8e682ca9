/**
 * What the program does to files in a worker thread, outside subtasks: nothing. Workers run the
 * program from its start, so its top-level writes, directory creations and deletions would repeat
 * once per worker (and a worker deleting a directory could pull it away from the coordinator).
 * The bootstrap (worker-bootstrap.ts) runs this script before the program loads; it replaces the
 * file-changing functions of node:fs (sync, callback and promise forms) so that outside a subtask
 * they succeed without touching the disk, files opened for writing go to the null device, and
 * mkdtemp returns the directory the coordinator's program got from the same call
 * (temp-dir-log.ts). Code running inside a subtask (user functions, sinks) is not affected.
 * Reads are untouched. Plain JavaScript: the bootstrap runs as an eval'd script without a loader.
 * In scope: `gate` (the output gate), `workerData` (with tempDirLog and replayTimeoutMs).
 */
import { LOG_HEADER_WORDS } from "./temp-dir-log.js";

export const FS_EFFECTS_SCRIPT = `
(() => {
  const fs = require("node:fs");
  const { syncBuiltinESMExports } = require("node:module");
  const { devNull } = require("node:os");
  const outside = () => gate.subtask.getStore() !== true;
  const words = new Int32Array(workerData.tempDirLog);
  const bytes = new Uint8Array(workerData.tempDirLog);
  const HEADER = ${LOG_HEADER_WORDS};
  let calls = 0;

  function replayedTempDir(prefix) {
    const k = calls++;
    const deadline = Date.now() + workerData.replayTimeoutMs;
    for (;;) {
      const published = Atomics.load(words, 0);
      let w = HEADER;
      for (let i = 0; i < published; i++) {
        const len = words[w + 2];
        if (words[w] === k) {
          const text = new TextDecoder().decode(bytes.slice((w + 3) * 4, (w + 3) * 4 + len));
          if (words[w + 1] === 1) throw new Error(text);
          if (!text.startsWith(String(prefix))) {
            throw new Error("[sluice worker] the program's mkdtemp call " + (k + 1) + " has prefix " + prefix + " in a worker thread but " + text + " in the coordinator: the program takes another path in worker threads");
          }
          return text;
        }
        w += 3 + Math.ceil(len / 4);
      }
      if (Atomics.load(words, 2) === 1) throw new Error("[sluice worker] the program made too many mkdtemp calls to replay in worker threads");
      const left = deadline - Date.now();
      if (left <= 0) {
        throw new Error("[sluice worker] the program's mkdtemp call " + (k + 1) + " (prefix " + prefix + ") was not made by the coordinator within " + workerData.replayTimeoutMs + " ms: the program takes another path in worker threads");
      }
      Atomics.wait(words, 0, published, left);
    }
  }

  const wrap = (target, name, replace) => {
    const original = target[name];
    if (typeof original === "function") target[name] = replace(original);
  };
  const CHANGES = ["writeFile", "appendFile", "mkdir", "rm", "rmdir", "unlink", "rename", "copyFile", "cp", "truncate", "symlink", "link", "chmod", "chown", "utimes"];
  for (const name of CHANGES) {
    wrap(fs, name + "Sync", (f) => function (...args) { return outside() ? undefined : f.apply(this, args); });
    wrap(fs, name, (f) => function (...args) {
      if (!outside()) return f.apply(this, args);
      const done = args[args.length - 1];
      if (typeof done === "function") process.nextTick(done, null);
    });
    wrap(fs.promises, name, (f) => function (...args) { return outside() ? Promise.resolve(undefined) : f.apply(this, args); });
  }

  const writes = (flags) => typeof flags === "number"
    ? (flags & (fs.constants.O_WRONLY | fs.constants.O_RDWR)) !== 0
    : typeof flags === "string" && /[wa+]/.test(flags);
  wrap(fs, "openSync", (f) => function (path, flags, ...rest) {
    return outside() && writes(flags) ? f.call(this, devNull, "w") : f.call(this, path, flags, ...rest);
  });
  wrap(fs, "open", (f) => function (path, flags, ...rest) {
    if (!(outside() && writes(flags))) return f.call(this, path, flags, ...rest);
    return f.call(this, devNull, "w", rest[rest.length - 1]);
  });
  wrap(fs.promises, "open", (f) => function (path, flags, ...rest) {
    return outside() && writes(flags) ? f.call(this, devNull, "w") : f.call(this, path, flags, ...rest);
  });

  wrap(fs, "mkdtempSync", (f) => function (prefix, ...rest) { return outside() ? replayedTempDir(prefix) : f.call(this, prefix, ...rest); });
  wrap(fs, "mkdtemp", (f) => function (prefix, ...rest) {
    if (!outside()) return f.call(this, prefix, ...rest);
    const done = rest[rest.length - 1];
    let path, error = null;
    try { path = replayedTempDir(prefix); } catch (e) { error = e; }
    process.nextTick(() => (error ? done(error) : done(null, path)));
  });
  wrap(fs.promises, "mkdtemp", (f) => async function (prefix, ...rest) { return outside() ? replayedTempDir(prefix) : f.call(this, prefix, ...rest); });
  syncBuiltinESMExports();
})();
`;
