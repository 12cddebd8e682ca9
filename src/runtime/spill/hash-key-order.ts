/** The order keyed spills sort and merge by (keyed-spill.ts, keyed-run-groups.ts). */
import type { HashKey } from "../../common/keys.js";

/** A total order on hashable keys: by type, then by value (NaN after every number, equal to itself). */
export function compareHashKeys(a: HashKey, b: HashKey): number {
  const ta = typeof a;
  const tb = typeof b;
  if (ta !== tb) return ta < tb ? -1 : 1;
  if (a === b) return 0;
  if (ta === "number") {
    const an = Number.isNaN(a);
    const bn = Number.isNaN(b);
    if (an || bn) return an === bn ? 0 : an ? 1 : -1;
  }
  return a < b ? -1 : 1;
}
