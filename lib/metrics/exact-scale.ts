// Exact comparison of fractions that arrive as floating-point numbers. A task's score over repeats is c / R and a
// gap of two such scores is a difference of fractions; summed in floating point, three repeats' thirds give
// 4.999999999999999 where the exact sum is 5, and a rank decided on that sum is wrong (docs/benchmark.md, "Ranks
// and ties"). Scaling every value by the least common denominator of the fractions they stand for turns them into
// integers, whose sums are exact while they stay below 2^53.

/** Largest denominator read off a single value: repeat counts and their products stay far below it. */
const MAX_VALUE_DENOMINATOR = 1_000;
/** Largest common denominator kept: beyond it the values are compared as they are. */
const MAX_COMMON_DENOMINATOR = 1_000_000;
/** Sums (and cross-products of means) must stay exact doubles with room to spare. */
const EXACT_LIMIT = 2 ** 50;

/**
 * The denominator of the fraction with the smallest denominator (at most `maxDen`) within `tol` of `v`, by its
 * continued fraction; null when there is none.
 */
export function denominatorOf(v: number, maxDen = MAX_VALUE_DENOMINATOR, tol = 1e-9): number | null {
  if (!Number.isFinite(v)) return null;
  const tolerance = tol * Math.max(1, Math.abs(v));
  let [h0, h1, k0, k1] = [0, 1, 1, 0];
  let x = Math.abs(v);
  for (let step = 0; step < 64; step++) {
    const a = Math.floor(x);
    const [h2, k2] = [a * h1 + h0, a * k1 + k0];
    if (k2 > maxDen) return null;
    if (Math.abs(Math.abs(v) - h2 / k2) <= tolerance) return k2;
    [h0, h1, k0, k1] = [h1, h2, k1, k2];
    const frac = x - a;
    if (frac === 0) return null;
    x = 1 / frac;
  }
  return null;
}

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

/**
 * The least common denominator D of every finite value (NaN is skipped), so that each v·D is an integer; null when
 * a value is no fraction with a small denominator, D exceeds MAX_COMMON_DENOMINATOR, or `terms` integers of the
 * largest scaled size could sum past exactness (`terms`: how many values one sum adds, at most).
 */
export function commonDenominator(values: ArrayLike<number>, terms: number): number | null {
  const seen = new Set<number>();
  let common = 1;
  let largest = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    largest = Math.max(largest, Math.abs(v));
    if (Number.isInteger(v) || seen.has(v)) continue;
    seen.add(v);
    const den = denominatorOf(v);
    if (den === null) return null;
    common = (common / gcd(common, den)) * den;
    if (common > MAX_COMMON_DENOMINATOR) return null;
  }
  return largest * common * Math.max(1, terms) ** 2 < EXACT_LIMIT ? common : null;
}

/**
 * 100 · (a / aOf − b / bOf) from the integer counts in one division, so that two equal differences of rates are
 * the same number (a difference of two rounded percentages need not be). Counts must be non-negative integers.
 */
export function percentDifference(a: number, aOf: number, b: number, bOf: number): number {
  return (100 * (a * bOf - b * aOf)) / (aOf * bOf);
}
