// Intervals that respect the clustering of focus tasks in repositories. Tasks of one repository share code, tests
// and conventions, so their outcomes are correlated; a bootstrap that resamples tasks one by one treats 200 tasks
// as 200 independent pieces of evidence and understates the noise. The cluster bootstrap resamples repositories
// with replacement (as many draws as there are repositories) and takes all tasks of each drawn repository
// together, once per time it is drawn.
// Choices:
// - The estimate is the mean over all tasks (a resolution rate for 0/1 outcomes, the gap for per-task U − S). A
//   draw's estimate is the ratio Σ sums / Σ task counts over the drawn repositories (the same task-weighted
//   mean, not a mean of repository means), so repositories of different sizes weigh as their tasks do.
// - The interval is the percentile interval of the draws, interpolated as in paired-interval.ts (type 7).
// - The design effect is var(cluster-bootstrap estimates) / var(task-bootstrap estimates), both sample variances
//   over the same number of draws: ≈ 1 when outcomes are independent of the repository, up to the repository
//   size when a repository's tasks all share one outcome. NaN when the task bootstrap does not vary.
// - One repository gives no clustered interval and no design effect (NaN, shown "—"): every draw is that
//   repository, so the draws do not vary and an interval of zero width would claim certainty, not measure it.
// - Both bootstraps start their own stream from the same seed (default DEFAULT_BOOTSTRAP_SEED; reps default
//   DEFAULT_BOOTSTRAP_REPS), so the result is a pure function of the data and the options; with a repository
//   per task the two bootstraps draw identically.
// - far − near per configuration: in one draw the repositories are resampled once and every drawn repository
//   brings both its near and its far tasks, so the two gaps move together as the paired difference needs. A draw
//   without any near or any far task has no difference and is dropped (`draws` counts those kept). The plain
//   task bootstrap beside it resamples the near tasks among themselves and the far tasks among themselves
//   (group sizes kept), one draw after the other from one stream. With the same seed and the same repositories
//   every configuration sees the same repository draws, so their intervals are paired with each other too.
// - far − near within repositories (withinClusterDifference): each repository with both near and far tasks gives
//   its own far mean − near mean, and the estimate is the mean of those, each repository equally; a repository
//   with only one of the groups compares nothing and is counted apart. It answers whether far − near holds inside
//   repositories rather than coming from far tasks sitting in harder repositories. Its interval resamples those
//   repositories (as many draws as there are), 95% percentile, from the same seed.

import {
  type BootstrapOptions,
  DEFAULT_BOOTSTRAP_REPS,
  DEFAULT_BOOTSTRAP_SEED,
  quantileOfSorted,
} from "./paired-interval";
import { fillUniformIndices } from "./prng";

/** A task's cluster: its repository. */
export type ClusterKey = string | number;

export interface BootstrapSummary {
  lo: number;
  hi: number;
  /** Mean of the bootstrap estimates (its distance from the estimate shows the resampling's bias). */
  mean: number;
  /** Sample variance (denominator reps − 1) of the bootstrap estimates; NaN with fewer than two. */
  variance: number;
}

export interface ClusteredEstimate {
  /** Mean over all tasks. */
  estimate: number;
  /** Repositories resampled. */
  cluster: BootstrapSummary;
  /** Tasks resampled one by one, ignoring repositories. */
  task: BootstrapSummary;
  /** cluster.variance / task.variance (NaN when the latter is 0 or NaN). */
  designEffect: number;
  /** Number of repositories and of tasks. */
  clusters: number;
  tasks: number;
}

export interface GroupTasks {
  /** Per-task values (gaps U − S) of one group (near or far). */
  values: readonly number[];
  /** Each task's repository. */
  clusters: readonly ClusterKey[];
}

export interface FarNearDifference {
  /** far − near over all tasks. */
  estimate: number;
  /** Mean over the near tasks and over the far tasks. */
  near: number;
  far: number;
  /** Repositories resampled, near and far together; `draws` = draws with both groups present. */
  cluster: BootstrapSummary & { draws: number };
  /** Near and far tasks resampled one by one within their group. */
  task: BootstrapSummary;
  designEffect: number;
}

interface Resolved {
  reps: number;
  seed: number;
  tail: number;
}

function resolve(fn: string, opts: BootstrapOptions): Resolved {
  const reps = opts.reps ?? DEFAULT_BOOTSTRAP_REPS;
  const level = opts.level ?? 0.95;
  const seed = opts.seed ?? DEFAULT_BOOTSTRAP_SEED;
  if (!Number.isSafeInteger(reps) || reps < 1)
    throw new RangeError(`${fn}: reps must be a positive integer (got ${reps})`);
  if (!(level > 0 && level < 1)) throw new RangeError(`${fn}: level must be in (0, 1) (got ${level})`);
  if (!Number.isFinite(seed)) throw new RangeError(`${fn}: seed must be finite (got ${seed})`);
  return { reps, seed, tail: (1 - level) / 2 };
}

function checkTasks(fn: string, values: readonly number[], clusters: readonly ClusterKey[]): void {
  if (values.length !== clusters.length) {
    throw new RangeError(`${fn}: ${values.length} values but ${clusters.length} cluster keys`);
  }
  values.forEach((v, i) => {
    if (!Number.isFinite(v)) throw new RangeError(`${fn}: non-finite value at task ${i} (${v})`);
  });
}

/** Percentile interval and sample variance of the first `n` entries of `draws` (sorted in place). */
function summarise(draws: Float64Array, n: number, tail: number): BootstrapSummary {
  if (n === 0) return { lo: Number.NaN, hi: Number.NaN, mean: Number.NaN, variance: Number.NaN };
  const used = draws.subarray(0, n);
  let mean = 0;
  for (let i = 0; i < n; i++) mean += used[i]!;
  mean /= n;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (used[i]! - mean) ** 2;
  used.sort();
  return {
    lo: quantileOfSorted(used, tail),
    hi: quantileOfSorted(used, 1 - tail),
    mean,
    variance: n > 1 ? ss / (n - 1) : Number.NaN,
  };
}

const ratio = (a: number, b: number) => (b > 0 && Number.isFinite(a / b) ? a / b : Number.NaN);

/** Task bootstrap of a mean: `reps` draws of values.length tasks with replacement from `state`; returns the state. */
function taskDraws(values: Float64Array, picks: Int32Array, state: number, out: Float64Array, r: number): number {
  const n = values.length;
  const next = fillUniformIndices(state, picks, n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[picks[i]!]!;
  out[r] = sum / n;
  return next;
}

/**
 * Cluster (repository) bootstrap of the mean of per-task `values`, with the plain task bootstrap and the design
 * effect beside it (see the header). No tasks gives NaN in every number.
 * @throws RangeError when values and clusters differ in length, a value is not finite, reps is not a positive
 * integer, level is not in (0, 1) or the seed is not finite.
 */
export function clusterBootstrap(
  values: readonly number[],
  clusters: readonly ClusterKey[],
  opts: BootstrapOptions = {},
): ClusteredEstimate {
  const { reps, seed, tail } = resolve("clusterBootstrap", opts);
  checkTasks("clusterBootstrap", values, clusters);
  const { sums, counts } = clusterTotals([{ values, clusters, slot: 0 }], 1);
  const g = counts.length;
  const n = values.length;
  const total = values.reduce((s, v) => s + v, 0);
  const cluster = new Float64Array(reps);
  const task = new Float64Array(reps);
  if (n > 0) {
    const picks = new Int32Array(g);
    let state = seed | 0;
    for (let r = 0; r < reps; r++) {
      state = fillUniformIndices(state, picks, g);
      let s = 0;
      let m = 0;
      for (let i = 0; i < g; i++) {
        s += sums[picks[i]!]!;
        m += counts[picks[i]!]!;
      }
      cluster[r] = s / m;
    }
    const taskValues = Float64Array.from(values);
    const taskPicks = new Int32Array(n);
    state = seed | 0;
    for (let r = 0; r < reps; r++) state = taskDraws(taskValues, taskPicks, state, task, r);
  }
  const c = summarise(cluster, n > 0 && g > 1 ? reps : 0, tail);
  const t = summarise(task, n > 0 ? reps : 0, tail);
  return {
    estimate: ratio(total, n),
    cluster: c,
    task: t,
    designEffect: ratio(c.variance, t.variance),
    clusters: g,
    tasks: n,
  };
}

/**
 * Per cluster (in order of first appearance across the groups), the sum and count of each group's values:
 * sums[k·groups + slot], counts[k·groups + slot]; `counts.length / groups` clusters.
 */
function clusterTotals(
  groups: ReadonlyArray<{ values: readonly number[]; clusters: readonly ClusterKey[]; slot: number }>,
  width: number,
): { sums: Float64Array; counts: Float64Array } {
  const index = new Map<ClusterKey, number>();
  for (const { clusters } of groups) for (const key of clusters) if (!index.has(key)) index.set(key, index.size);
  const sums = new Float64Array(index.size * width);
  const counts = new Float64Array(index.size * width);
  for (const { values, clusters, slot } of groups) {
    values.forEach((v, i) => {
      const at = index.get(clusters[i]!)! * width + slot;
      sums[at] = sums[at]! + v;
      counts[at] = counts[at]! + 1;
    });
  }
  return { sums, counts };
}

/**
 * far − near of per-task gaps for one configuration, with the repository-clustered paired interval, the plain task
 * interval and the design effect (see the header). A group without tasks gives NaN in every number.
 * @throws RangeError as clusterBootstrap, for either group.
 */
export function farMinusNear(near: GroupTasks, far: GroupTasks, opts: BootstrapOptions = {}): FarNearDifference {
  const { reps, seed, tail } = resolve("farMinusNear", opts);
  checkTasks("farMinusNear (near)", near.values, near.clusters);
  checkTasks("farMinusNear (far)", far.values, far.clusters);
  const nearMean = ratio(
    near.values.reduce((s, v) => s + v, 0),
    near.values.length,
  );
  const farMean = ratio(
    far.values.reduce((s, v) => s + v, 0),
    far.values.length,
  );
  const cluster = new Float64Array(reps);
  const task = new Float64Array(reps);
  let kept = 0;
  const usable = near.values.length > 0 && far.values.length > 0;
  if (usable) {
    kept = clusterDifferenceDraws(near, far, reps, seed, cluster);
    const nearValues = Float64Array.from(near.values);
    const farValues = Float64Array.from(far.values);
    const nearPicks = new Int32Array(nearValues.length);
    const farPicks = new Int32Array(farValues.length);
    const nearDraw = new Float64Array(1);
    const farDraw = new Float64Array(1);
    let state = seed | 0;
    for (let r = 0; r < reps; r++) {
      state = taskDraws(nearValues, nearPicks, state, nearDraw, 0);
      state = taskDraws(farValues, farPicks, state, farDraw, 0);
      task[r] = farDraw[0]! - nearDraw[0]!;
    }
  }
  const repositories = new Set([...near.clusters, ...far.clusters]).size;
  const c = summarise(cluster, repositories > 1 ? kept : 0, tail);
  const t = summarise(task, usable ? reps : 0, tail);
  return {
    estimate: farMean - nearMean,
    near: nearMean,
    far: farMean,
    cluster: { ...c, draws: kept },
    task: t,
    designEffect: ratio(c.variance, t.variance),
  };
}

/** Repository draws of far − near into out[0 … kept − 1]; returns kept (draws with both groups present). */
function clusterDifferenceDraws(
  near: GroupTasks,
  far: GroupTasks,
  reps: number,
  seed: number,
  out: Float64Array,
): number {
  const { sums, counts } = clusterTotals(
    [
      { ...near, slot: 0 },
      { ...far, slot: 1 },
    ],
    2,
  );
  const g = counts.length / 2;
  const picks = new Int32Array(g);
  let state = seed | 0;
  let kept = 0;
  for (let r = 0; r < reps; r++) {
    state = fillUniformIndices(state, picks, g);
    let nearSum = 0;
    let nearCount = 0;
    let farSum = 0;
    let farCount = 0;
    for (let i = 0; i < g; i++) {
      const at = 2 * picks[i]!;
      nearSum += sums[at]!;
      nearCount += counts[at]!;
      farSum += sums[at + 1]!;
      farCount += counts[at + 1]!;
    }
    if (nearCount > 0 && farCount > 0) out[kept++] = farSum / farCount - nearSum / nearCount;
  }
  return kept;
}

export interface WithinClusterDifference {
  /** Mean over the clusters with both groups of (far mean − near mean); NaN when none has both. */
  estimate: number;
  /** Percentile interval of the clusters resampled (NaN when none has both). */
  lo: number;
  hi: number;
  /** Clusters with both groups, and those with only one (left out). */
  clusters: number;
  oneGroup: number;
}

/**
 * far − near inside each cluster (repository), averaged over the clusters with both groups, each equally, with
 * the percentile interval of those clusters resampled (see the header).
 * @throws RangeError as clusterBootstrap, for either group.
 */
export function withinClusterDifference(
  near: GroupTasks,
  far: GroupTasks,
  opts: BootstrapOptions = {},
): WithinClusterDifference {
  const { reps, seed, tail } = resolve("withinClusterDifference", opts);
  checkTasks("withinClusterDifference (near)", near.values, near.clusters);
  checkTasks("withinClusterDifference (far)", far.values, far.clusters);
  const { sums, counts } = clusterTotals(
    [
      { ...near, slot: 0 },
      { ...far, slot: 1 },
    ],
    2,
  );
  const diffs: number[] = [];
  for (let k = 0; k < counts.length / 2; k++) {
    const [n, f] = [counts[2 * k]!, counts[2 * k + 1]!];
    if (n > 0 && f > 0) diffs.push(sums[2 * k + 1]! / f - sums[2 * k]! / n);
  }
  const g = diffs.length;
  const oneGroup = counts.length / 2 - g;
  if (g === 0) return { estimate: Number.NaN, lo: Number.NaN, hi: Number.NaN, clusters: 0, oneGroup };
  const values = Float64Array.from(diffs);
  const picks = new Int32Array(g);
  const draws = new Float64Array(reps);
  let state = seed | 0;
  for (let r = 0; r < reps; r++) state = taskDraws(values, picks, state, draws, r);
  // One repository: nothing to resample between, so no interval (as clusterBootstrap's, see the header).
  const { lo, hi } = summarise(draws, g > 1 ? reps : 0, tail);
  return { estimate: diffs.reduce((t, d) => t + d, 0) / g, lo, hi, clusters: g, oneGroup };
}
