// From focus returns (sql.ts) to what the resumption page draws (docs/resumption.md): for one outcome and one load
// measure, the returns binned by load with Wilson intervals and a logistic fit with its pointwise 95% band, both from
// lib/metrics/resumption.ts. Only reached returns with a known load and a known outcome are points; the others are
// counted as unknown, never as 0. Returns go together: a run's returns share its state, and every run of a focus task
// (each configuration's, each repeat's) shares the task's difficulty. Every interval here is clustered by focus task,
// the cluster that holds both (the bins' Wilson interval at the effective sample size, the fit's CR1 sandwich), the
// plain ones kept beside them.
import {
  binByLoad,
  clusterRobust,
  fitLogistic,
  predictLogistic,
  type ClusterRobust,
  type LoadPoint,
  type LogisticFailure,
  type LogisticFit,
} from "../../metrics/resumption";
import { Z_95 } from "../../metrics/wilson";
import { SIGNATURES } from "../../trajectory/tags";
import type { FocusReturnRow } from "./sql";

export const LOAD_MEASURES = ["requests", "tokens", "switches"] as const;
export type LoadMeasure = (typeof LOAD_MEASURES)[number];

/** "held": the stage asked at the return holds at the end; a signature: a strong tag of it at the return. */
export const RESUMPTION_OUTCOMES = ["held", ...SIGNATURES] as const;
export type ResumptionOutcome = (typeof RESUMPTION_OUTCOMES)[number];

/**
 * Fixed, round bin edges per measure (docs/resumption.md, "Bins"); the last bin is open. Requests: 1, 2, 3, 4–5,
 * 6–8, 9+. Tokens: 0–5 M, 5–10 M, 10–20 M, 20–40 M, 40 M+. Switches (at least two per return): 2, 3, 4, 5–6, 7+.
 */
export const LOAD_EDGES: Readonly<Record<LoadMeasure, readonly number[]>> = {
  requests: [1, 2, 3, 4, 6, 9, Infinity],
  tokens: [0, 5e6, 10e6, 20e6, 40e6, Infinity],
  switches: [2, 3, 4, 5, 7, Infinity],
};

/** The id of the scope that pools every configuration's returns. */
export const POOLED = "pooled";

/** Loads at which the fitted curve is drawn, from the first edge to the largest load observed. */
export const CURVE_POINTS = 17;

export interface ResumptionBin {
  lo: number;
  /** null: the last bin, open above. */
  hi: number | null;
  n: number;
  successes: number;
  /** Percent; null when the bin is empty. */
  rate: number | null;
  /** Focus tasks the bin's returns come from (the clusters). */
  focusTasks: number;
  /** Kish's design effect of the focus tasks (≥ 1; clustered-wilson.ts). */
  designEffect: number;
  /** Wilson 95% interval at the effective sample size returns / design effect, percent (0–100 when empty). */
  ciLo: number;
  ciHi: number;
  /** The plain Wilson 95% interval, every return independent, percent. */
  plainLo: number;
  plainHi: number;
  /** Mean load of the bin's points (where its dot is drawn); null when empty. */
  meanLoad: number | null;
}

/** The fitted probability at a load, percent, with its 95% band. */
export interface CurvePoint {
  x: number;
  p: number;
  lo: number;
  hi: number;
}

/** Why there is no fit: fitLogistic's reasons, or every return of one focus task (no clustered error). */
export type FitFailure = LogisticFailure | "one-focus-task";

export type ResumptionFit =
  | {
      ok: true;
      n: number;
      /** Focus tasks the returns come from (the clusters of the standard errors). */
      focusTasks: number;
      intercept: number;
      /** Change of the log-odds per unit of load, with its 95% Wald interval: ± z · the larger standard error. */
      slope: number;
      slopeLo: number;
      slopeHi: number;
      /** The slope's model-based (inverse information) and clustered (CR1, by focus task) standard errors. */
      seModel: number;
      seClustered: number;
      /** The loads the curve is drawn over: the first bin edge and the largest load observed. */
      from: number;
      to: number;
      /** The fit and its clustered covariance, what fitCurve predicts from (the JSON stays small). */
      model: LogisticFit;
      robust: ClusterRobust;
    }
  | { ok: false; n: number; reason: FitFailure };

export interface LoadSeries {
  /** Points binned and fitted (reached returns with a known load and outcome). */
  n: number;
  /** Reached returns left out: load or outcome unknown. */
  unknown: number;
  /** Points below the first edge (none when the measure's definition holds). */
  outside: number;
  bins: ResumptionBin[];
  fit: ResumptionFit;
}

const pct = (v: number) => 100 * v;

function loadOf(row: FocusReturnRow, measure: LoadMeasure): number | null {
  if (measure === "requests") return row.requests_between;
  if (measure === "switches") return row.switches_between;
  return row.tokens_between;
}

function outcomeOf(row: FocusReturnRow, outcome: ResumptionOutcome): 0 | 1 | null {
  if (outcome === "held") return row.held === null ? null : row.held ? 1 : 0;
  if (!row.readable) return null;
  return row[`tag_${outcome}`] ? 1 : 0;
}

/** Each row's focus task numbered 0, 1, … in order of first appearance: the points' clusters, once per scope. */
function taskNumbers(rows: readonly FocusReturnRow[]): Int32Array {
  const index = new Map<string, number>();
  return Int32Array.from(rows, (r) => {
    let id = index.get(r.focus_task_id);
    if (id === undefined) index.set(r.focus_task_id, (id = index.size));
    return id;
  });
}

/** The reached returns as points (clustered by focus task), and how many were left out as unknown. */
export function loadPoints(
  rows: readonly FocusReturnRow[],
  outcome: ResumptionOutcome,
  measure: LoadMeasure,
  tasks: Int32Array = taskNumbers(rows),
): { points: LoadPoint[]; unknown: number } {
  const points: LoadPoint[] = [];
  let unknown = 0;
  rows.forEach((row, i) => {
    if (!row.reached) return;
    const x = loadOf(row, measure);
    const y = outcomeOf(row, outcome);
    if (x === null || y === null) unknown++;
    else points.push({ x, y, cluster: tasks[i]! });
  });
  return { points, unknown };
}

function binsOf(points: readonly LoadPoint[], edges: readonly number[]): { bins: ResumptionBin[]; outside: number } {
  const { bins, outside } = binByLoad(points, edges);
  const sums = bins.map(() => 0);
  for (const { x } of points) {
    const i = bins.findIndex((b, k) => x >= b.lo && (x < b.hi || (k === bins.length - 1 && x <= b.hi)));
    if (i >= 0) sums[i]! += x;
  }
  return {
    bins: bins.map((b, i) => ({
      lo: b.lo,
      hi: Number.isFinite(b.hi) ? b.hi : null,
      n: b.n,
      successes: b.successes,
      rate: b.n > 0 ? pct(b.rate) : null,
      focusTasks: b.clustered.clusters,
      designEffect: b.clustered.designEffect,
      ciLo: pct(b.clustered.ci.lo),
      ciHi: pct(b.clustered.ci.hi),
      plainLo: pct(b.ci.lo),
      plainHi: pct(b.ci.hi),
      meanLoad: b.n > 0 ? sums[i]! / b.n : null,
    })),
    outside,
  };
}

function fitOf(points: readonly LoadPoint[], from: number): ResumptionFit {
  const result = fitLogistic(points);
  if (!result.fit) return { ok: false, n: points.length, reason: result.reason };
  const { fit } = result;
  const robust = clusterRobust(fit, points);
  if (!robust) return { ok: false, n: points.length, reason: "one-focus-task" };
  const se = Math.max(fit.seSlope, robust.seSlope);
  return {
    ok: true,
    n: fit.n,
    focusTasks: robust.clusters,
    intercept: fit.intercept,
    slope: fit.slope,
    slopeLo: fit.slope - Z_95 * se,
    slopeHi: fit.slope + Z_95 * se,
    seModel: fit.seSlope,
    seClustered: robust.seSlope,
    from,
    // A loop, not Math.max(...loads): a release's pooled returns outnumber the arguments a call can take.
    to: points.reduce((m, p) => Math.max(m, p.x), Number.NEGATIVE_INFINITY),
    model: fit,
    robust,
  };
}

/**
 * The fitted rate with its pointwise 95% band at CURVE_POINTS loads, evenly from `from` to `to` (percent): at each
 * load the larger of the model-based and the clustered standard error.
 */
export function fitCurve(fit: Extract<ResumptionFit, { ok: true }>): CurvePoint[] {
  const step = (fit.to - fit.from) / (CURVE_POINTS - 1);
  return Array.from({ length: CURVE_POINTS }, (_, i) => {
    const x = i === CURVE_POINTS - 1 ? fit.to : fit.from + i * step;
    const at = predictLogistic(fit.model, x, Z_95, fit.robust);
    return { x, p: pct(at.p), lo: pct(at.lo), hi: pct(at.hi) };
  });
}

/** One outcome against one load measure: bins, fit and what was left out. */
export function loadSeries(
  rows: readonly FocusReturnRow[],
  outcome: ResumptionOutcome,
  measure: LoadMeasure,
  tasks: Int32Array = taskNumbers(rows),
): LoadSeries {
  const edges = LOAD_EDGES[measure];
  const { points, unknown } = loadPoints(rows, outcome, measure, tasks);
  const { bins, outside } = binsOf(points, edges);
  return { n: points.length, unknown, outside, bins, fit: fitOf(points, edges[0]!) };
}

/** Every outcome against every measure. */
export function allSeries(rows: readonly FocusReturnRow[]): Record<ResumptionOutcome, Record<LoadMeasure, LoadSeries>> {
  const tasks = taskNumbers(rows);
  return Object.fromEntries(
    RESUMPTION_OUTCOMES.map((o) => [
      o,
      Object.fromEntries(LOAD_MEASURES.map((m) => [m, loadSeries(rows, o, m, tasks)])),
    ]),
  ) as Record<ResumptionOutcome, Record<LoadMeasure, LoadSeries>>;
}
