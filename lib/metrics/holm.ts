// Holm's step-down correction (Holm 1979) for a family of m tests, e.g. every configuration against the
// leaderboard's best. Sort the p-values ascending, p_(1) ≤ … ≤ p_(m); the j-th smallest is compared with
// alpha/(m − j + 1). As adjusted p-values (R's p.adjust(p, "holm")):
//   adj_(i) = min(1, max_{j ≤ i} (m − j + 1)·p_(j)),
// the running maximum making them monotone in p. A hypothesis is rejected at level alpha when its adjusted p is
// ≤ alpha, which is the step-down rule (stop at the first p_(j) > alpha/(m − j + 1)) stated on the adjusted
// scale; deciding on the adjusted value keeps the decision and the number a reader sees in agreement even where
// floating point puts, say, 3·0.01 a hair above 0.03. Controls the family-wise error rate under any dependence
// between the tests, which the tests against one shared best have.

export interface HolmResult {
  /** Holm-adjusted p-values, in the order of the input. */
  adjusted: number[];
  /** adjusted[i] ≤ alpha, in the order of the input. */
  rejected: boolean[];
}

/**
 * Holm-adjusted p-values, in the input's order: monotone in the raw p-values (a smaller p never gets a larger
 * adjusted p), each ≥ its raw p and capped at 1. Equal raw p-values get equal adjusted ones. An empty list gives
 * an empty list.
 * @throws RangeError when a p-value is not in [0, 1] (NaN included).
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  const m = pValues.length;
  pValues.forEach((p, i) => {
    if (!(p >= 0 && p <= 1)) throw new RangeError(`holmAdjust: p-value ${i} must be in [0, 1] (got ${p})`);
  });
  // Stable ascending order; ties keep their input order, and the running maximum gives them one adjusted value.
  const order = pValues.map((_, i) => i).sort((a, b) => pValues[a]! - pValues[b]! || a - b);
  const adjusted = new Array<number>(m);
  let running = 0;
  order.forEach((index, j) => {
    running = Math.max(running, Math.min(1, (m - j) * pValues[index]!));
    adjusted[index] = running;
  });
  return adjusted;
}

/**
 * Holm's step-down procedure at family-wise level `alpha` (default 0.05): the adjusted p-values and which
 * hypotheses are rejected (adjusted p ≤ alpha).
 * @throws RangeError when alpha is not in (0, 1) or a p-value is not in [0, 1].
 */
export function holm(pValues: readonly number[], alpha = 0.05): HolmResult {
  if (!(alpha > 0 && alpha < 1)) throw new RangeError(`holm: alpha must be in (0, 1) (got ${alpha})`);
  const adjusted = holmAdjust(pValues);
  return { adjusted, rejected: adjusted.map((p) => p <= alpha) };
}
