// A Wilson interval for a proportion whose outcomes come in clusters (the returns of one focus task's runs, the
// interruption tasks of one run): outcomes of one cluster go together, so n outcomes carry less evidence than n independent
// ones. The interval is Wilson's at the effective sample size n / deff (Kish's design effect), with the successes
// scaled alike (p̂ kept):
// - p̂ = Σ y_g / Σ m_g over clusters g with m_g outcomes and y_g successes (the ratio estimator: every outcome
//   weighs the same, as in the plain rate).
// - Its cluster-robust variance (CR1, the small-sample factor of Stata's and R sandwich's clustered variance):
//   v = G/(G − 1) · Σ_g (y_g − p̂·m_g)² / n², G clusters. The binomial variance is p̂(1 − p̂)/n.
// - deff = v / (p̂(1 − p̂)/n), floored at 1: an estimate below 1 (a cluster's outcomes less alike than chance)
//   from a handful of clusters is noise, and the interval is never narrower than the plain Wilson interval.
//   With one outcome per cluster deff = G/(G − 1).
// - When p̂ is 0 or 1 both variances are 0 and deff cannot be estimated: deff = 1 (the plain interval).
// - One cluster (G = 1): the factor is infinite; the cluster is one piece of evidence, n_eff = 1 (deff = n).
// Everything is a sum over clusters, so it also works from moments a query aggregates
// (Σ y_g², Σ y_g·m_g, Σ m_g²): Σ_g (y_g − p̂ m_g)² = Σ y_g² − 2p̂ Σ y_g m_g + p̂² Σ m_g².

import { type Interval, wilsonInterval, Z_95 } from "./wilson";

/** Per-cluster sums of a proportion: clusters, outcomes, successes and the second moments. */
export interface ClusterMoments {
  /** Clusters G with at least one outcome. */
  clusters: number;
  /** Outcomes n = Σ m_g and successes Σ y_g. */
  n: number;
  successes: number;
  /** Σ y_g², Σ y_g·m_g, Σ m_g². */
  successesSq: number;
  cross: number;
  sizesSq: number;
}

export interface ClusteredRate {
  clusters: number;
  n: number;
  successes: number;
  /** Kish's design effect, ≥ 1 (see the header); 1 when n = 0. */
  designEffect: number;
  /** n / designEffect. */
  effectiveN: number;
  /** Wilson 95% interval at the effective sample size ([0, 1] when n = 0). */
  ci: Interval;
}

export const noMoments = (): ClusterMoments => ({
  clusters: 0,
  n: 0,
  successes: 0,
  successesSq: 0,
  cross: 0,
  sizesSq: 0,
});

/** Adds one cluster's n outcomes and successes to `m` (a cluster with no outcome is not counted). */
export function addCluster(m: ClusterMoments, n: number, successes: number): void {
  if (n === 0) return;
  m.clusters++;
  m.n += n;
  m.successes += successes;
  m.successesSq += successes * successes;
  m.cross += successes * n;
  m.sizesSq += n * n;
}

/** Moments of per-cluster (outcomes, successes) pairs; a cluster with no outcome is not counted. */
export function clusterMoments(perCluster: Iterable<{ n: number; successes: number }>): ClusterMoments {
  const m = noMoments();
  for (const { n, successes } of perCluster) addCluster(m, n, successes);
  return m;
}

function designEffectOf(m: ClusterMoments): number {
  const { clusters: g, n, successes: k } = m;
  if (n === 0) return 1;
  if (g === 1) return n;
  const p = k / n;
  const binomial = p * (1 - p);
  if (binomial === 0) return 1;
  // Σ_g (y_g − p m_g)², clamped at 0 against rounding in the expansion.
  const spread = Math.max(0, m.successesSq - 2 * p * m.cross + p * p * m.sizesSq);
  const robust = ((g / (g - 1)) * spread) / (n * n);
  return Math.max(1, robust / (binomial / n));
}

function check(m: ClusterMoments): void {
  const values = [m.clusters, m.n, m.successes, m.successesSq, m.cross, m.sizesSq];
  if (!values.every((v) => Number.isFinite(v) && v >= 0)) {
    throw new RangeError(`clusteredWilson: moments must be finite and ≥ 0 (got ${values.join(", ")})`);
  }
  if (m.successes > m.n) throw new RangeError(`clusteredWilson: ${m.successes} successes of ${m.n} outcomes`);
  if (m.n > 0 && !(m.clusters >= 1 && m.clusters <= m.n)) {
    throw new RangeError(`clusteredWilson: ${m.clusters} clusters for ${m.n} outcomes`);
  }
}

/**
 * The Wilson interval of Σ successes / Σ outcomes at the effective sample size (see the header).
 * @throws RangeError when a moment is negative or not finite, successes exceed outcomes, or the clusters are not
 * between 1 and n (for n > 0).
 */
export function clusteredWilson(m: ClusterMoments, z: number = Z_95): ClusteredRate {
  check(m);
  const designEffect = designEffectOf(m);
  const effectiveN = m.n / designEffect;
  const effectiveSuccesses = m.n > 0 ? (m.successes / m.n) * effectiveN : 0;
  return {
    clusters: m.clusters,
    n: m.n,
    successes: m.successes,
    designEffect,
    effectiveN,
    // min: p̂·n_eff may round a hair above n_eff when p̂ = 1.
    ci: wilsonInterval(Math.min(effectiveSuccesses, effectiveN), effectiveN, z),
  };
}
