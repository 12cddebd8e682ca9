/**
 * minBy / maxBy (Flink's SelectByMinFunction / SelectByMaxFunction): compare field by field in
 * the given order; the first difference decides; on a full tie the first record wins.
 */
import { compileGetter, type FieldRef } from "../field-access.js";
import { compareKeys } from "../keys.js";

export function selectByReducer(fields: readonly FieldRef[], max: boolean): (a: any, b: any) => any {
  const getters = fields.map(compileGetter);
  return (a, b) => {
    for (const g of getters) {
      const c = compareKeys(g(a), g(b));
      if (c < 0) return max ? b : a;
      if (c > 0) return max ? a : b;
    }
    return a;
  };
}
