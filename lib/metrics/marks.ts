// Table 1's typography (docs/benchmark.md, "Resolution and gap"): within a column, the best value is bold and the worst
// underlined, ties included. Values are compared at display precision so that 6.0 and 5.9999999 tie as a reader sees.
import { maxOf, minOf } from "../common/arrays";

export interface Mark {
  best: boolean;
  worst: boolean;
}

export function extremeMarks(
  values: readonly (number | null | undefined)[],
  higherIsBetter: boolean,
  decimals = 1,
): Mark[] {
  const scale = 10 ** decimals;
  const known = values.map((v) => (v === null || v === undefined || Number.isNaN(v) ? null : Math.round(v * scale)));
  const present = known.filter((v): v is number => v !== null);
  if (present.length === 0) return values.map(() => ({ best: false, worst: false }));
  const hi = maxOf(present);
  const lo = minOf(present);
  return known.map((v) => ({
    best: v !== null && v === (higherIsBetter ? hi : lo),
    worst: v !== null && v === (higherIsBetter ? lo : hi),
  }));
}
