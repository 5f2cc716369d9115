// Resumption distance: does a focus task's outcome on return depend on how much work came between the focus
// request and its return (requests, tokens or workspace switches since the previous focus request)? Each point
// is one focus return: its load x ≥ 0 and its outcome y (1 = resolved, or 1 = a signature present). Two views:
// - Bins: given edges e_0 < e_1 < … < e_K, bin i holds loads in [e_i, e_{i+1}), the last bin [e_{K−1}, e_K]
//   closed (e_K may be Infinity); loads outside [e_0, e_K] are counted as `outside`, not binned. Each bin carries
//   its count, successes, rate and Wilson interval (wilson.ts; an empty bin gets rate NaN and [0, 1]).
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

import { type Interval, wilsonInterval, Z_95 } from "./wilson";

export interface LoadPoint {
  /** Load between the focus request and its return (≥ 0). */
  x: number;
  /** Outcome: 1 (resolved, or signature present) or 0. */
  y: number;
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
  let outside = 0;
  for (const { x, y } of points) {
    if (x < edges[0]! || x > edges[k]!) {
      outside++;
      continue;
    }
    // The last edge ≤ x belongs to the bin it opens, except the final edge, which closes the last bin.
    let lo = 0;
    let hi = k;
    while (hi - lo > 1) {
      const mid = (lo + hi) >>> 1;
      if (x >= edges[mid]!) lo = mid;
      else hi = mid;
    }
    n[lo]!++;
    successes[lo]! += y;
  }
  return {
    bins: n.map((count, i) => ({
      lo: edges[i]!,
      hi: edges[i + 1]!,
      n: count,
      successes: successes[i]!,
      rate: count > 0 ? successes[i]! / count : Number.NaN,
      ci: wilsonInterval(successes[i]!, count),
    })),
    outside,
  };
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
  const k = center / scale;
  const varIntercept = vaa + k * k * vbb - 2 * k * vab;
  const varSlope = vbb / (scale * scale);
  return {
    intercept: a - b * k,
    slope: b / scale,
    seIntercept: Math.sqrt(Math.max(0, varIntercept)),
    seSlope: Math.sqrt(varSlope),
    covariance: (vab - k * vbb) / scale,
    logLikelihood: state.logLik,
    iterations,
    n,
    center,
    scale,
    standardised: { a, b, vaa, vbb, vab },
  };
}

export interface FittedProbability {
  /** Fitted P(y = 1) at the load. */
  p: number;
  /** Delta-method interval on the logit scale, transformed. */
  lo: number;
  hi: number;
}

/**
 * The fitted probability at load `x` with its interval: logit ± z·se on the logit scale (default z for 95%),
 * transformed by the logistic function. Computed on the standardised scale, so it is accurate far from 0.
 * @throws RangeError when x is not finite or z ≤ 0.
 */
export function predictLogistic(fit: LogisticFit, x: number, z: number = Z_95): FittedProbability {
  if (!Number.isFinite(x)) throw new RangeError(`predictLogistic: load must be finite (got ${x})`);
  if (!(z > 0)) throw new RangeError(`predictLogistic: z must be > 0 (got ${z})`);
  const { a, b, vaa, vbb, vab } = fit.standardised;
  const u = (x - fit.center) / fit.scale;
  const eta = a + b * u;
  const se = Math.sqrt(Math.max(0, vaa + u * u * vbb + 2 * u * vab));
  return { p: sigmoid(eta), lo: sigmoid(eta - z * se), hi: sigmoid(eta + z * se) };
}
