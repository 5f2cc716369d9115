// Corrects a detector's tagged share for its known errors (Rogan & Gladen 1978): if a run carrying the signature is
// tagged with probability Se and a run without it is left untagged with probability Sp, the tagged share p estimates
// π·Se + (1 − π)(1 − Sp), so π = (p + Sp − 1)/(Se + Sp − 1). Se and Sp come from a human audit of a random sample of
// runs, and that sample is small, so the interval has to carry the audit's uncertainty as well as the tagged
// share's: a bootstrap that resamples both, seeded with our own PRNG so the build and the browser agree.
import { DEFAULT_BOOTSTRAP_SEED, quantileOfSorted } from "./paired-interval";
import { fillUniformIndices } from "./prng";
import { Z_95 } from "./wilson";

/**
 * No correction exists: Se + Sp − 1 ≤ 0 (the detector is no better than chance, so its tags say nothing about the
 * signature's prevalence), or Se or Sp is unknown (the audit has no run of one kind).
 */
export type NoCorrection = null;

/** An audit's confusion counts: detector (strong tag) against the human label, one run per count. */
export interface Confusion {
  tp: number;
  fp: number;
  fn: number;
  tn: number;
}

/** Tagged k of n runs. */
export interface TaggedShare {
  k: number;
  n: number;
}

/**
 * Corrected prevalence (p + Sp − 1)/(Se + Sp − 1), clipped to [0, 1] (sampling noise can put the raw value outside).
 * @throws RangeError when an input is not a proportion in [0, 1].
 */
export function roganGladen(apparent: number, sensitivity: number, specificity: number): number | NoCorrection {
  for (const [name, v] of [
    ["apparent", apparent],
    ["sensitivity", sensitivity],
    ["specificity", specificity],
  ] as const) {
    if (!(v >= 0 && v <= 1)) throw new RangeError(`roganGladen: ${name} must be in [0, 1] (got ${v})`);
  }
  const youden = sensitivity + specificity - 1;
  if (youden <= 0) return null;
  return clip01((apparent + specificity - 1) / youden);
}

/**
 * The same from an audit's counts and a tagged share; null also when the audit has no run of one label or n = 0.
 * The sign of Se + Sp − 1 is that of tp·tn − fn·fp, decided exactly on integers.
 */
export function roganGladenOfCounts(tagged: TaggedShare, audit: Confusion): number | NoCorrection {
  const positives = audit.tp + audit.fn;
  const negatives = audit.tn + audit.fp;
  if (positives === 0 || negatives === 0 || tagged.n === 0) return null;
  if (audit.tp * audit.tn <= audit.fn * audit.fp) return null;
  const se = audit.tp / positives;
  const sp = audit.tn / negatives;
  return clip01((tagged.k / tagged.n + sp - 1) / (se + sp - 1));
}

const clip01 = (x: number) => Math.min(1, Math.max(0, x));

export interface RoganGladenInterval {
  /** Point estimate from the pooled audit and the tagged share; null: no correction, and nothing is drawn. */
  estimate: number | NoCorrection;
  /** Percentile bounds over the replicates that had a correction; null when none had. */
  lo: number | null;
  hi: number | null;
  reps: number;
  /**
   * Replicates with no correction (Se* or Sp* unknown, or Se* + Sp* − 1 ≤ 0), left out of the percentiles; all of
   * them when the estimate is null.
   */
  withoutCorrection: number;
  seed: number;
}

export interface RoganGladenBootstrapOptions {
  /** Replicates (default 2000). */
  reps?: number;
  /** PRNG seed (default the paired bootstrap's), any number, taken modulo 2^32. */
  seed?: number;
  /** Two-sided coverage of the percentile interval, in (0, 1) (default 0.95). */
  level?: number;
}

export const DEFAULT_ROGAN_GLADEN_REPS = 2000;
/** The replicate values are kept in one Float64Array: 8 MB at this bound. */
export const MAX_ROGAN_GLADEN_REPS = 1_000_000;
/** Each draw is one PRNG call: the cap stops a mistaken request (a huge reps or share) before it ties up a build. */
export const MAX_ROGAN_GLADEN_DRAWS = 2_000_000_000;
/** Indices are drawn in chunks this long, so memory does not grow with the number of runs. */
const CHUNK = 4096;

/**
 * Percentile bootstrap interval for the corrected prevalence. Each replicate resamples every audit stratum's
 * labelled runs with replacement (multinomial over its four cells, the stratum's size kept, as the audit drew a
 * fixed number of runs per stratum) and the tagged share (k* ~ Bin(n, k/n)); Se* and Sp* pool the strata.
 * Quantiles as pairedBootstrapOfDiffs (type 7). A single Confusion is one stratum.
 * @throws RangeError on counts that are not non-negative safe integers, k > n, n = 0, reps outside
 * [1, MAX_ROGAN_GLADEN_REPS], more than MAX_ROGAN_GLADEN_DRAWS draws, or level outside (0, 1); all before any
 * memory is allocated.
 */
export function roganGladenBootstrap(
  audit: Confusion | readonly Confusion[],
  tagged: TaggedShare,
  opts: RoganGladenBootstrapOptions = {},
): RoganGladenInterval {
  const strata: readonly Confusion[] = Array.isArray(audit) ? audit : [audit as Confusion];
  const reps = opts.reps ?? DEFAULT_ROGAN_GLADEN_REPS;
  const seed = opts.seed ?? DEFAULT_BOOTSTRAP_SEED;
  const level = opts.level ?? 0.95;
  checkBootstrapInput(strata, tagged, reps, seed, level);

  const estimate = roganGladenOfCounts(tagged, poolStrata(strata));
  // No interval around an estimate that does not exist, even if some replicates would have one.
  if (estimate === null) return { estimate, lo: null, hi: null, reps, withoutCorrection: reps, seed };
  const values = new Float64Array(reps);
  const scratch = new Int32Array(CHUNK);
  const drawn = new Float64Array(4);
  let state = seed | 0;
  let kept = 0;
  for (let r = 0; r < reps; r++) {
    const star: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
    for (const s of strata) {
      state = resampleCells(state, [s.tp, s.fp, s.fn, s.tn], drawn, scratch);
      star.tp += drawn[0]!;
      star.fp += drawn[1]!;
      star.fn += drawn[2]!;
      star.tn += drawn[3]!;
    }
    state = resampleCells(state, [tagged.k, tagged.n - tagged.k], drawn, scratch);
    const value = roganGladenOfCounts({ k: drawn[0]!, n: tagged.n }, star);
    if (value !== null) values[kept++] = value;
  }
  const sorted = values.subarray(0, kept).sort();
  const tail = (1 - level) / 2;
  return {
    estimate,
    lo: kept ? quantileOfSorted(sorted, tail) : null,
    hi: kept ? quantileOfSorted(sorted, 1 - tail) : null,
    reps,
    withoutCorrection: reps - kept,
    seed,
  };
}

export function poolStrata(strata: readonly Confusion[]): Confusion {
  const pooled: Confusion = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const s of strata) {
    pooled.tp += s.tp;
    pooled.fp += s.fp;
    pooled.fn += s.fn;
    pooled.tn += s.tn;
  }
  return pooled;
}

/**
 * Draws sum(cells) runs with replacement from runs laid out cell after cell, counting the draws per cell into
 * `out`; returns the advanced PRNG state. Uniform indices over the runs make the counts exactly multinomial with
 * the cells' shares (binomial for two cells).
 */
function resampleCells(state: number, cells: readonly number[], out: Float64Array, scratch: Int32Array): number {
  out.fill(0);
  let total = 0;
  for (const c of cells) total += c;
  let s = state;
  for (let left = total; left > 0; left -= CHUNK) {
    const view = left >= CHUNK ? scratch : scratch.subarray(0, left);
    s = fillUniformIndices(s, view, total);
    for (let i = 0; i < view.length; i++) {
      const index = view[i]!;
      let cell = 0;
      for (let edge = cells[0]!; index >= edge; edge += cells[cell]!) cell++;
      out[cell]! += 1;
    }
  }
  return s;
}

function checkBootstrapInput(
  strata: readonly Confusion[],
  tagged: TaggedShare,
  reps: number,
  seed: number,
  level: number,
): void {
  const counts = strata.flatMap((s) => [s.tp, s.fp, s.fn, s.tn]);
  if (![...counts, tagged.k, tagged.n].every((c) => Number.isSafeInteger(c) && c >= 0)) {
    throw new RangeError("roganGladenBootstrap: counts must be non-negative safe integers");
  }
  if (tagged.n === 0 || tagged.k > tagged.n) {
    throw new RangeError(`roganGladenBootstrap: need 0 <= k <= n and n >= 1 (k=${tagged.k}, n=${tagged.n})`);
  }
  if (!Number.isSafeInteger(reps) || reps < 1 || reps > MAX_ROGAN_GLADEN_REPS) {
    throw new RangeError(
      `roganGladenBootstrap: reps must be an integer in [1, ${MAX_ROGAN_GLADEN_REPS}] (got ${reps})`,
    );
  }
  if (!(level > 0 && level < 1)) throw new RangeError(`roganGladenBootstrap: level must be in (0, 1) (got ${level})`);
  if (!Number.isFinite(seed)) throw new RangeError(`roganGladenBootstrap: seed must be finite (got ${seed})`);
  const runs = counts.reduce((a, b) => a + b, 0);
  // fillUniformIndices draws below a 32-bit bound.
  if (Math.max(...strata.map((s) => s.tp + s.fp + s.fn + s.tn), tagged.n) > 0x7fffffff) {
    throw new RangeError("roganGladenBootstrap: a stratum or the tagged share has more than 2^31 − 1 runs");
  }
  if (reps * (runs + tagged.n) > MAX_ROGAN_GLADEN_DRAWS) {
    throw new RangeError(
      `roganGladenBootstrap: ${reps} replicates of ${runs + tagged.n} runs exceed ${MAX_ROGAN_GLADEN_DRAWS} draws`,
    );
  }
}

export interface DeltaInterval {
  estimate: number | NoCorrection;
  /** estimate ± z·se, clipped to [0, 1]; null without a correction. */
  lo: number | null;
  hi: number | null;
  /** The unclipped standard error. */
  se: number | null;
}

/**
 * First-order (delta-method) interval, a cross-check on the bootstrap that can be worked by hand. With
 * J = Se + Sp − 1 and θ = (p + Sp − 1)/J: ∂θ/∂p = 1/J, ∂θ/∂Se = −θ/J, ∂θ/∂Sp = (1 − θ)/J, and p, Se and Sp are
 * independent binomial estimates, so Var θ ≈ [p(1−p)/n + θ²·Se(1−Se)/(tp+fn) + (1−θ)²·Sp(1−Sp)/(fp+tn)]/J², with
 * θ unclipped. Poor where θ sits near 0 or 1 or the samples are small; the bootstrap is what a page shows.
 */
export function roganGladenDelta(audit: Confusion, tagged: TaggedShare, z: number = Z_95): DeltaInterval {
  const estimate = roganGladenOfCounts(tagged, audit);
  if (estimate === null) return { estimate, lo: null, hi: null, se: null };
  const se = audit.tp / (audit.tp + audit.fn);
  const sp = audit.tn / (audit.tn + audit.fp);
  const p = tagged.k / tagged.n;
  const youden = se + sp - 1;
  const theta = (p + sp - 1) / youden;
  const variance =
    ((p * (1 - p)) / tagged.n +
      (theta * theta * se * (1 - se)) / (audit.tp + audit.fn) +
      ((1 - theta) * (1 - theta) * sp * (1 - sp)) / (audit.tn + audit.fp)) /
    (youden * youden);
  const sd = Math.sqrt(variance);
  return { estimate, lo: clip01(theta - z * sd), hi: clip01(theta + z * sd), se: sd };
}
