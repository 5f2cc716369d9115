// From focus returns (sql.ts) to what the resumption page draws (docs/resumption.md): for one outcome and one load
// measure, the returns binned by load with Wilson intervals and a logistic fit with its 95% band, both from
// lib/metrics/resumption.ts. Only reached returns with a known load and a known outcome are points; the others are
// counted as unknown, never as 0.
import {
  binByLoad,
  fitLogistic,
  predictLogistic,
  type LoadPoint,
  type LogisticFailure,
  type LogisticFit,
} from "../../metrics/resumption";
import { Z_95 } from "../../metrics/wilson";
import { SIGNATURES } from "../signatures/tables";
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
  /** Wilson 95% interval, percent (0–100 when empty). */
  ciLo: number;
  ciHi: number;
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

export type ResumptionFit =
  | {
      ok: true;
      n: number;
      intercept: number;
      /** Change of the log-odds per unit of load, with its 95% Wald interval. */
      slope: number;
      slopeLo: number;
      slopeHi: number;
      /** The loads the curve is drawn over: the first bin edge and the largest load observed. */
      from: number;
      to: number;
      /** The fit itself, what fitCurve predicts from (the page draws the curve, the JSON stays small). */
      model: LogisticFit;
    }
  | { ok: false; n: number; reason: LogisticFailure };

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

/** The reached returns as points, and how many were left out for an unknown load or outcome. */
export function loadPoints(
  rows: readonly FocusReturnRow[],
  outcome: ResumptionOutcome,
  measure: LoadMeasure,
): { points: LoadPoint[]; unknown: number } {
  const points: LoadPoint[] = [];
  let unknown = 0;
  for (const row of rows) {
    if (!row.reached) continue;
    const x = loadOf(row, measure);
    const y = outcomeOf(row, outcome);
    if (x === null || y === null) unknown++;
    else points.push({ x, y });
  }
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
      ciLo: pct(b.ci.lo),
      ciHi: pct(b.ci.hi),
      meanLoad: b.n > 0 ? sums[i]! / b.n : null,
    })),
    outside,
  };
}

function fitOf(points: readonly LoadPoint[], from: number): ResumptionFit {
  const result = fitLogistic(points);
  if (!result.fit) return { ok: false, n: points.length, reason: result.reason };
  const { fit } = result;
  return {
    ok: true,
    n: fit.n,
    intercept: fit.intercept,
    slope: fit.slope,
    slopeLo: fit.slope - Z_95 * fit.seSlope,
    slopeHi: fit.slope + Z_95 * fit.seSlope,
    from,
    // A loop, not Math.max(...loads): a release's pooled returns outnumber the arguments a call can take.
    to: points.reduce((m, p) => Math.max(m, p.x), Number.NEGATIVE_INFINITY),
    model: fit,
  };
}

/** The fitted rate with its 95% band at CURVE_POINTS loads, evenly from `from` to `to` (percent). */
export function fitCurve(fit: Extract<ResumptionFit, { ok: true }>): CurvePoint[] {
  const step = (fit.to - fit.from) / (CURVE_POINTS - 1);
  return Array.from({ length: CURVE_POINTS }, (_, i) => {
    const x = i === CURVE_POINTS - 1 ? fit.to : fit.from + i * step;
    const at = predictLogistic(fit.model, x);
    return { x, p: pct(at.p), lo: pct(at.lo), hi: pct(at.hi) };
  });
}

/** One outcome against one load measure: bins, fit and what was left out. */
export function loadSeries(
  rows: readonly FocusReturnRow[],
  outcome: ResumptionOutcome,
  measure: LoadMeasure,
): LoadSeries {
  const edges = LOAD_EDGES[measure];
  const { points, unknown } = loadPoints(rows, outcome, measure);
  const { bins, outside } = binsOf(points, edges);
  return { n: points.length, unknown, outside, bins, fit: fitOf(points, edges[0]!) };
}

/** Every outcome against every measure. */
export function allSeries(rows: readonly FocusReturnRow[]): Record<ResumptionOutcome, Record<LoadMeasure, LoadSeries>> {
  return Object.fromEntries(
    RESUMPTION_OUTCOMES.map((o) => [o, Object.fromEntries(LOAD_MEASURES.map((m) => [m, loadSeries(rows, o, m)]))]),
  ) as Record<ResumptionOutcome, Record<LoadMeasure, LoadSeries>>;
}
