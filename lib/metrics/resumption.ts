// Resumption distance: does a focus task's outcome on return depend on how much work came between the focus
// request and its return (requests, tokens or workspace switches since the previous focus request)? Each point
// is one focus return: its load x ≥ 0 and its outcome y (1 = resolved, or 1 = a signature present). Two views:
// - Bins: given edges e_0 < e_1 < … < e_K, bin i holds loads in [e_i, e_{i+1}), the last bin [e_{K−1}, e_K]
//   closed (e_K may be Infinity); loads outside [e_0, e_K] are counted as `outside`, not binned. Each bin carries
//   its count, successes, rate and Wilson interval (wilson.ts; an empty bin gets rate NaN and [0, 1]), and the
//   Wilson interval at the effective sample size of its points' clusters (clustered-wilson.ts).
// - A logistic regression logit P(y = 1) = a + b·x, fitted by maximum likelihood with Newton–Raphson (IRLS), on
//   x standardised to mean 0 and standard deviation 1 for conditioning (tokens run to 10^5), with step halving
//   whenever a step lowers the log-likelihood; converged when both standardised coefficients move by less than
//   1e-10. Standard errors come from the inverse Fisher information at the MLE, mapped back to the raw scale.
//   The fitted probability at a load x0 has a 95% interval by the delta method on the logit scale,
//   a + b·x0 ± z·se(a + b·x0), transformed by the logistic function (so it stays inside (0, 1)).
//   No fit (fit null, with the reason) when there are no points ("empty"), all outcomes are equal
//   ("one-outcome"), all loads are equal ("no-variation-in-x"), the outcomes are separated by the load
//   ("separation": every failure's load ≤ every success's load, or the reverse; complete or quasi-complete, where
//   the MLE runs off to infinity), or Newton does not converge within maxIterations ("no-convergence"). With one
//   covariate these checks are exact: when none holds the MLE exists and is unique.
// - Clustered standard errors (clusterRobust): points of one cluster (the returns of one focus task's runs) are not independent,
//   so beside the inverse Fisher information A⁻¹ there is the cluster-robust sandwich (CR1)
//   V = G/(G − 1) · A⁻¹ (Σ_g s_g s_gᵀ) A⁻¹, s_g = Σ_{i ∈ g} (y_i − p_i)(1, u_i) the cluster's score at the MLE, G
//   clusters (a point without a cluster key is a cluster of its own). It needs two clusters (G/(G − 1)).
//   predictLogistic then uses, at each load, the larger of the model-based and the clustered standard error of the
//   logit (and the slope's interval the larger of the two): a sandwich from few clusters is biased down, and one
//   below the model-based error is more likely noise than a sign that the returns are more independent than
//   independent (Angrist and Pischke's rule of the larger standard error).

import { addCluster, clusteredWilson, noMoments, type ClusteredRate } from "./clustered-wilson";
import { type Interval, wilsonInterval, Z_95 } from "./wilson";

export interface LoadPoint {
  /** Load between the focus request and its return (≥ 0). */
  x: number;
  /** Outcome: 1 (resolved, or signature present) or 0. */
  y: number;
  /** The point's cluster (its run); a point without one is a cluster of its own. */
  cluster?: string | number;
}

export interface LoadBin {
  /** The bin's edges: [lo, hi), or [lo, hi] for the last bin. */
  lo: number;
  hi: number;
  n: number;
  successes: number;
  /** successes / n (NaN when empty). */
  rate: number;
  /** Wilson 95% interval of the rate ([0, 1] when empty). */
  ci: Interval;
  /** The same rate with its points' clusters: design effect and Wilson interval at the effective sample size. */
  clustered: ClusteredRate;
}

export interface LoadBins {
  bins: LoadBin[];
  /** Points whose load lies outside [edges[0], edges[K]]. */
  outside: number;
}

function checkPoints(fn: string, points: readonly LoadPoint[]): void {
  points.forEach(({ x, y }, i) => {
    if (!(Number.isFinite(x) && x >= 0)) throw new RangeError(`${fn}: point ${i} has load ${x} (need finite ≥ 0)`);
    if (y !== 0 && y !== 1) throw new RangeError(`${fn}: point ${i} has outcome ${y} (need 0 or 1)`);
  });
}

/**
 * Points binned by load with Wilson intervals (see the header for the edge rules).
 * @throws RangeError when edges are fewer than two, not strictly increasing, NaN or −Infinity (only the last may
 * be Infinity), or a point's load is not finite and ≥ 0 or its outcome not 0/1.
 */
export function binByLoad(points: readonly LoadPoint[], edges: readonly number[]): LoadBins {
  checkPoints("binByLoad", points);
  if (edges.length < 2) throw new RangeError(`binByLoad: need at least two edges (got ${edges.length})`);
  edges.forEach((e, i) => {
    const finiteOrLastInfinity = Number.isFinite(e) || (i === edges.length - 1 && e === Number.POSITIVE_INFINITY);
    if (!finiteOrLastInfinity) throw new RangeError(`binByLoad: edge ${i} is ${e}`);
    if (i > 0 && !(e > edges[i - 1]!)) throw new RangeError(`binByLoad: edges must increase (edge ${i} is ${e})`);
  });
  const k = edges.length - 1;
  const n = new Array<number>(k).fill(0);
  const successes = new Array<number>(k).fill(0);
  const binOf = new Int32Array(points.length).fill(-1);
  let outside = 0;
  points.forEach(({ x, y }, i) => {
    if (x < edges[0]! || x > edges[k]!) {
      outside++;
      return;
    }
    // The last edge ≤ x belongs to the bin it opens, except the final edge, which closes the last bin.
    let lo = 0;
    let hi = k;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (x >= edges[mid]!) lo = mid;
      else hi = mid;
    }
    binOf[i] = lo;
    n[lo]!++;
    successes[lo]! += y;
  });
  const clustered = binClusters(points, binOf, k);
  return {
    bins: n.map((count, i) => ({
      lo: edges[i]!,
      hi: edges[i + 1]!,
      n: count,
      successes: successes[i]!,
      rate: count > 0 ? successes[i]! / count : Number.NaN,
      ci: wilsonInterval(successes[i]!, count),
      clustered: clusteredWilson(clustered[i]!),
    })),
    outside,
  };
}

/**
 * Dense cluster indices 0 … G − 1 of the points, in order of first appearance (a point without a key: its own).
 * Integer keys below the number of points (what a caller that numbered its runs gives) are looked up in a table,
 * other keys in a map: a map lookup per point is most of the cost at a release's size.
 */
function clusterIds(points: readonly LoadPoint[]): { ids: Int32Array; count: number } {
  const index = new Map<string | number, number>();
  const table = new Int32Array(points.length).fill(-1);
  const ids = new Int32Array(points.length);
  let count = 0;
  points.forEach(({ cluster }, i) => {
    if (cluster === undefined) {
      ids[i] = count++;
      return;
    }
    const small = typeof cluster === "number" && Number.isInteger(cluster) && cluster >= 0 && cluster < table.length;
    let id = small ? table[cluster]! : (index.get(cluster) ?? -1);
    if (id < 0) {
      id = count++;
      if (small) table[cluster] = id;
      else index.set(cluster, id);
    }
    ids[i] = id;
  });
  return { ids, count };
}

/**
 * Per bin, the moments of its points' per-cluster counts. The points are put in cluster order by a counting sort
 * (linear, and no entry per cluster and bin), then each cluster's tallies per bin are added to its bins' moments.
 */
function binClusters(points: readonly LoadPoint[], binOf: Int32Array, k: number) {
  const { ids, count } = clusterIds(points);
  const starts = new Int32Array(count + 1);
  for (const id of ids) starts[id + 1]!++;
  for (let g = 0; g < count; g++) starts[g + 1]! += starts[g]!;
  const order = new Int32Array(points.length);
  const fill = starts.slice(0, count);
  ids.forEach((id, i) => (order[fill[id]!++] = i));
  const moments = Array.from({ length: k }, noMoments);
  const m = new Float64Array(k);
  const y = new Float64Array(k);
  for (let g = 0; g < count; g++) {
    m.fill(0);
    y.fill(0);
    for (let j = starts[g]!; j < starts[g + 1]!; j++) {
      const i = order[j]!;
      const b = binOf[i]!;
      if (b < 0) continue;
      m[b]!++;
      y[b]! += points[i]!.y;
    }
    for (let b = 0; b < k; b++) addCluster(moments[b]!, m[b]!, y[b]!);
  }
  return moments;
}

export interface LogisticFit {
  /** Coefficients of logit P(y = 1) = intercept + slope·x, on the raw load scale. */
  intercept: number;
  slope: number;
  /** Standard errors and covariance from the inverse Fisher information. */
  seIntercept: number;
  seSlope: number;
  covariance: number;
  /** Log-likelihood at the MLE. */
  logLikelihood: number;
  iterations: number;
  n: number;
  /** The fit on the standardised scale u = (x − center)/scale, used for predictions. */
  center: number;
  scale: number;
  standardised: { a: number; b: number; vaa: number; vbb: number; vab: number };
}

export type LogisticFailure = "empty" | "one-outcome" | "no-variation-in-x" | "separation" | "no-convergence";

export type LogisticResult = { fit: LogisticFit; reason: null } | { fit: null; reason: LogisticFailure };

export interface LogisticOptions {
  /** Newton steps allowed (default 100). */
  maxIterations?: number;
}

const TOLERANCE = 1e-10;

/** Logistic function, without overflow for large |t|. */
function sigmoid(t: number): number {
  if (t >= 0) return 1 / (1 + Math.exp(-t));
  const e = Math.exp(t);
  return e / (1 + e);
}

/** log(1 + e^t) without overflow. */
function softplus(t: number): number {
  return Math.max(t, 0) + Math.log1p(Math.exp(-Math.abs(t)));
}

interface Newton {
  logLik: number;
  /** Score (gradient) and Fisher information [[i00, i01], [i01, i11]] at (a, b). */
  g0: number;
  g1: number;
  i00: number;
  i01: number;
  i11: number;
}

function evaluate(u: Float64Array, y: Float64Array, a: number, b: number): Newton {
  const out: Newton = { logLik: 0, g0: 0, g1: 0, i00: 0, i01: 0, i11: 0 };
  for (let i = 0; i < u.length; i++) {
    const eta = a + b * u[i]!;
    const p = sigmoid(eta);
    const w = p * (1 - p);
    const r = y[i]! - p;
    out.logLik += y[i]! * eta - softplus(eta);
    out.g0 += r;
    out.g1 += r * u[i]!;
    out.i00 += w;
    out.i01 += w * u[i]!;
    out.i11 += w * u[i]! * u[i]!;
  }
  return out;
}

/** Why no MLE exists, or null when it does (one covariate: the classes' loads must overlap strictly). */
function noMle(points: readonly LoadPoint[]): LogisticFailure | null {
  if (points.length === 0) return "empty";
  let min0 = Infinity;
  let max0 = -Infinity;
  let min1 = Infinity;
  let max1 = -Infinity;
  for (const { x, y } of points) {
    if (y === 1) {
      min1 = Math.min(min1, x);
      max1 = Math.max(max1, x);
    } else {
      min0 = Math.min(min0, x);
      max0 = Math.max(max0, x);
    }
  }
  if (min1 === Infinity || min0 === Infinity) return "one-outcome";
  if (Math.min(min0, min1) === Math.max(max0, max1)) return "no-variation-in-x";
  if (max0 <= min1 || max1 <= min0) return "separation";
  return null;
}

/**
 * Maximum-likelihood logistic regression of outcome on load (see the header for the method and the reasons a fit
 * is refused).
 * @throws RangeError when a load is not finite and ≥ 0, an outcome is not 0/1, or maxIterations is not a positive
 * integer.
 */
export function fitLogistic(points: readonly LoadPoint[], opts: LogisticOptions = {}): LogisticResult {
  const maxIterations = opts.maxIterations ?? 100;
  if (!Number.isSafeInteger(maxIterations) || maxIterations < 1) {
    throw new RangeError(`fitLogistic: maxIterations must be a positive integer (got ${maxIterations})`);
  }
  checkPoints("fitLogistic", points);
  const refused = noMle(points);
  if (refused) return { fit: null, reason: refused };

  const n = points.length;
  const center = points.reduce((s, p) => s + p.x, 0) / n;
  const scale = Math.sqrt(points.reduce((s, p) => s + (p.x - center) ** 2, 0) / n);
  const u = Float64Array.from(points, (p) => (p.x - center) / scale);
  const y = Float64Array.from(points, (p) => p.y);
  let a = 0;
  let b = 0;
  let state = evaluate(u, y, a, b);
  for (let iteration = 1; iteration <= maxIterations; iteration++) {
    const det = state.i00 * state.i11 - state.i01 * state.i01;
    let da = (state.i11 * state.g0 - state.i01 * state.g1) / det;
    let db = (state.i00 * state.g1 - state.i01 * state.g0) / det;
    if (!Number.isFinite(da) || !Number.isFinite(db)) return { fit: null, reason: "no-convergence" };
    let next = evaluate(u, y, a + da, b + db);
    for (let halvings = 0; next.logLik < state.logLik - 1e-12 && halvings < 50; halvings++) {
      da /= 2;
      db /= 2;
      next = evaluate(u, y, a + da, b + db);
    }
    a += da;
    b += db;
    state = next;
    if (Math.abs(da) < TOLERANCE && Math.abs(db) < TOLERANCE) {
      return { fit: finish(state, a, b, center, scale, iteration, n), reason: null };
    }
  }
  return { fit: null, reason: "no-convergence" };
}

/** The fit on the raw scale from the standardised one: a = a' − b'·m/s, b = b'/s, covariance by the same map. */
function finish(
  state: Newton,
  a: number,
  b: number,
  center: number,
  scale: number,
  iterations: number,
  n: number,
): LogisticFit {
  const det = state.i00 * state.i11 - state.i01 * state.i01;
  const vaa = state.i11 / det;
  const vbb = state.i00 / det;
  const vab = -state.i01 / det;
  const raw = rawScale({ vaa, vbb, vab }, center, scale);
  return {
    intercept: a - b * (center / scale),
    slope: b / scale,
    seIntercept: Math.sqrt(Math.max(0, raw.varIntercept)),
    seSlope: Math.sqrt(raw.varSlope),
    covariance: raw.covariance,
    logLikelihood: state.logLik,
    iterations,
    n,
    center,
    scale,
    standardised: { a, b, vaa, vbb, vab },
  };
}

/** A covariance of (a, b) on the standardised scale of a fit. */
export interface StandardisedCovariance {
  vaa: number;
  vbb: number;
  vab: number;
}

export interface ClusterRobust {
  /** Clusters G. */
  clusters: number;
  /** Cluster-robust (CR1) standard errors and covariance on the raw load scale. */
  seIntercept: number;
  seSlope: number;
  covariance: number;
  standardised: StandardisedCovariance;
}

/** Raw-scale variances from a standardised covariance: a = a' − b'·m/s, b = b'/s. */
function rawScale(v: StandardisedCovariance, center: number, scale: number) {
  const k = center / scale;
  return {
    varIntercept: v.vaa + k * k * v.vbb - 2 * k * v.vab,
    varSlope: v.vbb / (scale * scale),
    covariance: (v.vab - k * v.vbb) / scale,
  };
}

/**
 * The cluster-robust (CR1) covariance of a fit, clustered by the points' `cluster` (see the header); null with
 * fewer than two clusters. `points` must be the points the fit was made from.
 * @throws RangeError when the points are not the fit's (another count).
 */
export function clusterRobust(fit: LogisticFit, points: readonly LoadPoint[]): ClusterRobust | null {
  if (points.length !== fit.n) {
    throw new RangeError(`clusterRobust: ${points.length} points for a fit of ${fit.n}`);
  }
  const { ids, count } = clusterIds(points);
  if (count < 2) return null;
  const { a, b, vaa, vbb, vab } = fit.standardised;
  const s0 = new Float64Array(count);
  const s1 = new Float64Array(count);
  points.forEach(({ x, y }, i) => {
    const u = (x - fit.center) / fit.scale;
    const r = y - sigmoid(a + b * u);
    s0[ids[i]!]! += r;
    s1[ids[i]!]! += r * u;
  });
  let b00 = 0;
  let b01 = 0;
  let b11 = 0;
  for (let g = 0; g < count; g++) {
    b00 += s0[g]! * s0[g]!;
    b01 += s0[g]! * s1[g]!;
    b11 += s1[g]! * s1[g]!;
  }
  // A⁻¹ B A⁻¹ with A⁻¹ = [[vaa, vab], [vab, vbb]]: first C = A⁻¹ B, then C A⁻¹.
  const c00 = vaa * b00 + vab * b01;
  const c01 = vaa * b01 + vab * b11;
  const c10 = vab * b00 + vbb * b01;
  const c11 = vab * b01 + vbb * b11;
  const factor = count / (count - 1);
  const standardised = {
    vaa: factor * (c00 * vaa + c01 * vab),
    vbb: factor * (c10 * vab + c11 * vbb),
    vab: factor * (c00 * vab + c01 * vbb),
  };
  const raw = rawScale(standardised, fit.center, fit.scale);
  return {
    clusters: count,
    seIntercept: Math.sqrt(Math.max(0, raw.varIntercept)),
    seSlope: Math.sqrt(Math.max(0, raw.varSlope)),
    covariance: raw.covariance,
    standardised,
  };
}

export interface FittedProbability {
  /** Fitted P(y = 1) at the load. */
  p: number;
  /** Delta-method interval on the logit scale, transformed. */
  lo: number;
  hi: number;
}

const logitVariance = (v: StandardisedCovariance, u: number) => Math.max(0, v.vaa + u * u * v.vbb + 2 * u * v.vab);

/**
 * The fitted probability at load `x` with its interval: logit ± z·se on the logit scale (default z for 95%),
 * transformed by the logistic function. Computed on the standardised scale, so it is accurate far from 0. With
 * `robust`, se is the larger of the model-based and the clustered one at this load (see the header).
 * @throws RangeError when x is not finite or z ≤ 0.
 */
export function predictLogistic(
  fit: LogisticFit,
  x: number,
  z: number = Z_95,
  robust: ClusterRobust | null = null,
): FittedProbability {
  if (!Number.isFinite(x)) throw new RangeError(`predictLogistic: load must be finite (got ${x})`);
  if (!(z > 0)) throw new RangeError(`predictLogistic: z must be > 0 (got ${z})`);
  const { a, b } = fit.standardised;
  const u = (x - fit.center) / fit.scale;
  const eta = a + b * u;
  const variance = Math.max(logitVariance(fit.standardised, u), robust ? logitVariance(robust.standardised, u) : 0);
  const se = Math.sqrt(variance);
  return { p: sigmoid(eta), lo: sigmoid(eta - z * se), hi: sigmoid(eta + z * se) };
}
