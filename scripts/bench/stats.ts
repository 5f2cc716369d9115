// The bench's summaries. One run of a navigation budget is a few dozen fresh-context loads on a shared machine,
// so a ratio of two medians moves between runs by more than most of the changes it is asked to judge
// (docs/architecture.md "First view first"); the interval below is printed beside such a ratio so that a
// reader sees how far one run can be trusted.

import {
  type BootstrapOptions,
  DEFAULT_BOOTSTRAP_REPS,
  DEFAULT_BOOTSTRAP_SEED,
  quantileOfSorted,
} from "../../lib/metrics/paired-interval";
import { fillUniformIndices } from "../../lib/metrics/prng";

/** The bench's median: the middle value, the upper of the two middle ones for an even count. */
export const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export interface RatioInterval {
  /** median(num) / median(den) over every pair. */
  ratio: number;
  lo: number;
  hi: number;
}

/**
 * Percentile bootstrap interval for median(num) / median(den), where num[i] and den[i] were measured side by side
 * (one pair of loads, adjacent in time). Pairs are resampled whole, so a load spike that slowed both loads of a
 * pair moves both medians together, as it did in the run. Empty input gives NaN in every field.
 * @throws RangeError when the lengths differ, a value is not finite and positive, reps is not a positive integer or
 *   level lies outside (0, 1).
 */
export function ratioOfMediansInterval(
  num: readonly number[],
  den: readonly number[],
  opts: BootstrapOptions = {},
): RatioInterval {
  const reps = opts.reps ?? DEFAULT_BOOTSTRAP_REPS;
  const level = opts.level ?? 0.95;
  if (!Number.isSafeInteger(reps) || reps < 1)
    throw new RangeError(`ratioOfMediansInterval: reps must be a positive integer (got ${reps})`);
  if (!(level > 0 && level < 1)) throw new RangeError(`ratioOfMediansInterval: level must be in (0, 1) (got ${level})`);
  if (num.length !== den.length)
    throw new RangeError(`ratioOfMediansInterval: ${num.length} numerators against ${den.length} denominators`);
  const n = num.length;
  if (n === 0) return { ratio: Number.NaN, lo: Number.NaN, hi: Number.NaN };
  for (let i = 0; i < n; i++) {
    if (!(Number.isFinite(num[i]) && Number.isFinite(den[i]) && den[i]! > 0 && num[i]! > 0))
      throw new RangeError(`ratioOfMediansInterval: pair ${i} is not two positive times (${num[i]}, ${den[i]})`);
  }
  const mid = Math.floor(n / 2);
  const picks = new Int32Array(n);
  const a = new Float64Array(n);
  const b = new Float64Array(n);
  const ratios = new Float64Array(reps);
  let state = (opts.seed ?? DEFAULT_BOOTSTRAP_SEED) | 0;
  for (let r = 0; r < reps; r++) {
    state = fillUniformIndices(state, picks, n);
    for (let i = 0; i < n; i++) {
      a[i] = num[picks[i]!]!;
      b[i] = den[picks[i]!]!;
    }
    a.sort();
    b.sort();
    ratios[r] = a[mid]! / b[mid]!;
  }
  ratios.sort();
  const tail = (1 - level) / 2;
  return {
    ratio: median(num) / median(den),
    lo: quantileOfSorted(ratios, tail),
    hi: quantileOfSorted(ratios, 1 - tail),
  };
}
