// Paired intervals for differences of resolution rates measured on the same tasks (Unint vs Switch of one
// configuration, or configuration A vs B). The task is the resampling unit: both outcomes of a task move
// together, which is what makes the interval paired and far narrower than treating the rates as
// independent. A fixed seed and our own PRNG make the interval a pure function of the data, so the
// numbers baked into the static page equal those recomputed in the browser.

import { fillUniformIndices } from "./prng";
import { Z_95 } from "./wilson";

export interface PairedInterval {
  /** Point estimate: mean of the per-task differences. */
  diff: number;
  lo: number;
  hi: number;
}

export interface BootstrapOptions {
  /** Number of bootstrap resamples (default 10 000). */
  reps?: number;
  /** PRNG seed (default 20261129); any number, taken modulo 2^32. */
  seed?: number;
  /** Two-sided coverage of the percentile interval, in (0, 1) (default 0.95). */
  level?: number;
}

export const DEFAULT_BOOTSTRAP_SEED = 20261129;
export const DEFAULT_BOOTSTRAP_REPS = 10_000;

const EMPTY: PairedInterval = { diff: Number.NaN, lo: Number.NaN, hi: Number.NaN };

/**
 * Percentile bootstrap interval for the mean of per-task differences `d`, resampling tasks with
 * replacement. Quantiles interpolate linearly between order statistics (Hyndman–Fan type 7, R's default).
 * An empty `d` gives NaN in every field.
 * @throws RangeError on a non-finite value, reps not a positive integer, or level outside (0, 1).
 */
export function pairedBootstrapOfDiffs(d: readonly number[], opts: BootstrapOptions = {}): PairedInterval {
  const reps = opts.reps ?? DEFAULT_BOOTSTRAP_REPS;
  const level = opts.level ?? 0.95;
  const seed = opts.seed ?? DEFAULT_BOOTSTRAP_SEED;
  if (!Number.isSafeInteger(reps) || reps < 1)
    throw new RangeError(`pairedBootstrap: reps must be a positive integer (got ${reps})`);
  if (!(level > 0 && level < 1)) throw new RangeError(`pairedBootstrap: level must be in (0, 1) (got ${level})`);
  if (!Number.isFinite(seed)) throw new RangeError(`pairedBootstrap: seed must be finite (got ${seed})`);

  const n = d.length;
  if (n === 0) return { ...EMPTY };
  const values = Float64Array.from(d);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (!Number.isFinite(v)) throw new RangeError(`pairedBootstrap: non-finite difference at task ${i} (${v})`);
    total += v;
  }

  let state = seed | 0;
  const picks = new Int32Array(n);
  const means = new Float64Array(reps);
  for (let r = 0; r < reps; r++) {
    state = fillUniformIndices(state, picks, n);
    let sum = 0;
    for (let i = 0; i < n; i++) sum += values[picks[i]!]!;
    means[r] = sum / n;
  }
  means.sort();
  const tail = (1 - level) / 2;
  return { diff: total / n, lo: quantileOfSorted(means, tail), hi: quantileOfSorted(means, 1 - tail) };
}

/**
 * Paired bootstrap interval for mean(x) − mean(y), where x[i] and y[i] are outcomes (0/1, or means over
 * repeats in [0, 1]) of the same task under two conditions, e.g. the gap Unint − Switch.
 * @throws RangeError when the vectors differ in length (or as pairedBootstrapOfDiffs).
 */
export function pairedBootstrap(
  x: readonly number[],
  y: readonly number[],
  opts: BootstrapOptions = {},
): PairedInterval {
  assertSameLength("pairedBootstrap", x, y);
  return pairedBootstrapOfDiffs(
    x.map((xi, i) => xi - y[i]!),
    opts,
  );
}

/**
 * Paired bootstrap interval for a difference of gaps, (mean(aU) − mean(aS)) − (mean(bU) − mean(bS)),
 * over the same tasks: each task contributes (aU_i − aS_i) − (bU_i − bS_i), so the correlation of the
 * two configurations on a task is kept.
 * @throws RangeError when the four vectors differ in length (or as pairedBootstrapOfDiffs).
 */
export function differenceOfGaps(
  aU: readonly number[],
  aS: readonly number[],
  bU: readonly number[],
  bS: readonly number[],
  opts: BootstrapOptions = {},
): PairedInterval {
  assertSameLength("differenceOfGaps", aU, aS, bU, bS);
  return pairedBootstrapOfDiffs(
    aU.map((u, i) => u - aS[i]! - (bU[i]! - bS[i]!)),
    opts,
  );
}

/**
 * Closed-form (Wald) interval for the difference of paired proportions, a cross-check on the bootstrap.
 * For binary outcomes with b = #(x=1, y=0) and c = #(x=0, y=1) this is the textbook
 * se = sqrt(b + c − (b − c)²/n) / n; written as sqrt(Σ(d_i − d̄)²)/n it also covers fractional outcomes.
 * Not clamped to [−1, 1]. Empty input gives NaN in every field.
 * @throws RangeError when the vectors differ in length or a value is not finite.
 */
export function pairedDiffWald(x: readonly number[], y: readonly number[], z: number = Z_95): PairedInterval {
  assertSameLength("pairedDiffWald", x, y);
  const n = x.length;
  if (n === 0) return { ...EMPTY };
  const d = x.map((xi, i) => xi - y[i]!);
  if (!d.every(Number.isFinite)) throw new RangeError("pairedDiffWald: non-finite outcome");
  const mean = d.reduce((s, v) => s + v, 0) / n;
  const ss = d.reduce((s, v) => s + (v - mean) ** 2, 0);
  const se = Math.sqrt(ss) / n;
  return { diff: mean, lo: mean - z * se, hi: mean + z * se };
}

/** The q-quantile of ascending `sorted`, interpolating linearly between order statistics (Hyndman–Fan type 7). */
export function quantileOfSorted(sorted: Float64Array, q: number): number {
  const h = (sorted.length - 1) * q;
  const below = Math.floor(h);
  const above = Math.min(below + 1, sorted.length - 1);
  const a = sorted[below]!;
  const b = sorted[above]!;
  // Written as a + (b − a)·w so equal neighbours return exactly that value.
  return a + (b - a) * (h - below);
}

function assertSameLength(fn: string, ...vectors: ReadonlyArray<readonly number[]>): void {
  const n = vectors[0]?.length ?? 0;
  if (vectors.some((v) => v.length !== n)) {
    throw new RangeError(`${fn}: per-task vectors differ in length (${vectors.map((v) => v.length).join(", ")})`);
  }
}
