// Table 1's typography (docs/benchmark.md, "Resolution and gap"): within a column, the best value is bold and the worst
// underlined, ties included. Values are compared exactly: the leaderboard's rates and gaps are each one division of
// integer counts (lib/queries/leaderboard/model.ts), so equal rates are equal numbers, and a value that only shows as
// the best after rounding (6.0 for 5.96) is not marked as the best.
import { maxOf, minOf } from "../common/arrays";

export interface Mark {
  best: boolean;
  worst: boolean;
}

export function extremeMarks(values: readonly (number | null | undefined)[], higherIsBetter: boolean): Mark[] {
  const known = values.map((v) => (v === null || v === undefined || Number.isNaN(v) ? null : v));
  const present = known.filter((v): v is number => v !== null);
  if (present.length === 0) return values.map(() => ({ best: false, worst: false }));
  const hi = maxOf(present);
  const lo = minOf(present);
  return known.map((v) => ({
    best: v !== null && v === (higherIsBetter ? hi : lo),
    worst: v !== null && v === (higherIsBetter ? lo : hi),
  }));
}
