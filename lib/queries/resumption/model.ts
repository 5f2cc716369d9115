// Everything the resumption page renders (docs/resumption.md), from the resumption SQL on any query source (DuckDB in
// Node at build time, DuckDB-WASM in the browser): per non-baseline condition, the focus returns' resumption
// distance per configuration and pooled (series.ts), how many fits that draws, and interruption completion (its
// interval clustered by focus task) beside switched focus resolution. Focus resolution is the leaderboard's own number
// (resolutionQuery), never a second computation.
import type { QuerySource } from "../../db/query";
import { clusteredWilson } from "../../metrics/clustered-wilson";
import { wilsonInterval } from "../../metrics/wilson";
import { configsQuery, OVERALL, resolutionQuery, type ConfigRow, type ResolutionRow } from "../leaderboard/sql";
import {
  allSeries,
  LOAD_EDGES,
  LOAD_MEASURES,
  POOLED,
  RESUMPTION_OUTCOMES,
  type LoadMeasure,
  type LoadSeries,
  type ResumptionOutcome,
} from "./series";
import {
  focusReturnsQuery,
  interruptionCompletionQuery,
  type FocusReturnRow,
  type InterruptionCompletionRow,
} from "./sql";

export interface ResumptionMeta {
  baseline: string;
  conditions: string[];
}

export interface ResumptionScope {
  /** POOLED or a configuration id. */
  id: string;
  label: string;
  /** Focus returns of the scope's runs (one per run and return), and those the run got to. */
  returns: number;
  reached: number;
  series: Record<ResumptionOutcome, Record<LoadMeasure, LoadSeries>>;
}

/** A rate in percent with its Wilson 95% interval. */
export interface RateWithInterval {
  value: number;
  lo: number;
  hi: number;
}

export interface InterruptionRow {
  config_id: string;
  display_name: string;
  runs: number;
  scored_runs: number;
  /** Runs without interruption outcomes: unknown, never counted as 0. */
  unscored_runs: number;
  outcomes: number;
  resolved: number;
  unscored_tasks: number;
  /**
   * resolved / outcomes with its Wilson interval clustered by focus task (a run's interruption tasks go together, and
   * so do the repeats of one session: Wilson at the effective sample size, clustered-wilson.ts), the design effect
   * and the plain Wilson interval; null when no outcome was scored.
   */
  completion: (RateWithInterval & { designEffect: number; plainLo: number; plainHi: number }) | null;
  /** The leaderboard's overall resolution under the condition, with its Wilson interval as the leaderboard draws it. */
  focus: (RateWithInterval & { resolved: number; n_tasks: number }) | null;
}

/** The logistic fits of a condition's scopes × outcomes × measures: how many the page draws, and how they came out. */
export interface FitCount {
  /** Series with at least one return. */
  series: number;
  /** Series with a fit (the others say why not). */
  fitted: number;
  /** Fits whose slope interval excludes 0. */
  excludingZero: number;
}

export interface ConditionResumption {
  condition: string;
  /** Pooled first, then the configurations in the leaderboard's order, at most SCOPED_CONFIGS of them. */
  scopes: ResumptionScope[];
  /** Configurations left without a scope of their own (they are in the pooled one). */
  unscoped: number;
  fits: FitCount;
  interruptions: InterruptionRow[];
}

export interface ResumptionPageData {
  baseline: string;
  /** The non-baseline conditions, in the release's order. */
  conditions: string[];
  /** Bin edges per measure; null for the open end of the last bin. */
  edges: Record<LoadMeasure, (number | null)[]>;
  byCondition: Record<string, ConditionResumption>;
}

const pct = (v: number) => 100 * v;

/**
 * Configurations that get their own series on the page: each carries its bins and fit for every outcome and
 * measure, so a release of a thousand configurations would make the page's JSON megabytes. Beyond this many (in the
 * leaderboard's order) a configuration is in the pooled series only, and the page says how many are left out.
 */
export const SCOPED_CONFIGS = 120;

function byConfig<T extends { config_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const list = out.get(r.config_id);
    if (list) list.push(r);
    else out.set(r.config_id, [r]);
  }
  return out;
}

function rateOf(successes: number, n: number): RateWithInterval {
  const ci = wilsonInterval(successes, n);
  return { value: pct(successes / n), lo: pct(ci.lo), hi: pct(ci.hi) };
}

function completionOf(row: InterruptionCompletionRow): InterruptionRow["completion"] {
  const plain = rateOf(row.resolved, row.outcomes);
  const clustered = clusteredWilson({
    clusters: row.scored_focus_tasks,
    n: row.outcomes,
    successes: row.resolved,
    successesSq: row.resolved_sq,
    cross: row.resolved_by_listed,
    sizesSq: row.listed_sq,
  });
  return {
    value: plain.value,
    lo: pct(clustered.ci.lo),
    hi: pct(clustered.ci.hi),
    designEffect: clustered.designEffect,
    plainLo: plain.lo,
    plainHi: plain.hi,
  };
}

/** Every series of the scopes with a return, those fitted, and the fits whose slope interval excludes 0. */
export function fitCount(scopes: readonly ResumptionScope[]): FitCount {
  const count: FitCount = { series: 0, fitted: 0, excludingZero: 0 };
  for (const scope of scopes)
    for (const outcome of RESUMPTION_OUTCOMES)
      for (const measure of LOAD_MEASURES) {
        const { n, fit } = scope.series[outcome][measure];
        if (n === 0) continue;
        count.series++;
        if (!fit.ok) continue;
        count.fitted++;
        if (fit.slopeLo > 0 || fit.slopeHi < 0) count.excludingZero++;
      }
  return count;
}

function scopeOf(id: string, label: string, rows: readonly FocusReturnRow[]): ResumptionScope {
  return {
    id,
    label,
    returns: rows.length,
    reached: rows.filter((r) => r.reached).length,
    series: allSeries(rows),
  };
}

function interruptionRow(
  config: ConfigRow,
  row: InterruptionCompletionRow | undefined,
  focus: ResolutionRow | undefined,
): InterruptionRow {
  const runs = row?.runs ?? 0;
  const scored = row?.scored_runs ?? 0;
  const outcomes = row?.outcomes ?? 0;
  const resolved = row?.resolved ?? 0;
  return {
    config_id: config.config_id,
    display_name: config.display_name,
    runs,
    scored_runs: scored,
    unscored_runs: runs - scored,
    outcomes,
    resolved,
    unscored_tasks: row?.unscored_tasks ?? 0,
    completion: row && outcomes > 0 ? completionOf(row) : null,
    focus:
      focus && focus.n_tasks > 0
        ? {
            ...rateOf(focus.resolved, focus.n_tasks),
            value: focus.resolution,
            resolved: focus.resolved,
            n_tasks: focus.n_tasks,
          }
        : null,
  };
}

function conditionOf(
  condition: string,
  configs: readonly ConfigRow[],
  returns: readonly FocusReturnRow[],
  completion: readonly InterruptionCompletionRow[],
  resolution: readonly ResolutionRow[],
): ConditionResumption {
  const mine = returns.filter((r) => r.condition === condition);
  const returnsOf = byConfig(mine);
  const completionOf = new Map(completion.filter((r) => r.condition === condition).map((r) => [r.config_id, r]));
  const focusOf = new Map(
    resolution.filter((r) => r.condition === condition && r.grp === OVERALL).map((r) => [r.config_id, r]),
  );
  const scoped = configs.slice(0, SCOPED_CONFIGS);
  const scopes = [
    scopeOf(POOLED, "All configurations (pooled)", mine),
    ...scoped.map((c) => scopeOf(c.config_id, c.display_name, returnsOf.get(c.config_id) ?? [])),
  ];
  return {
    condition,
    scopes,
    unscoped: configs.length - scoped.length,
    fits: fitCount(scopes),
    interruptions: configs.map((c) => interruptionRow(c, completionOf.get(c.config_id), focusOf.get(c.config_id))),
  };
}

export async function computeResumption(src: QuerySource, meta: ResumptionMeta): Promise<ResumptionPageData> {
  const { baseline } = meta;
  const [configs, returns, completion, resolution] = await Promise.all([
    src.run(configsQuery),
    src.run(focusReturnsQuery, { baseline }),
    src.run(interruptionCompletionQuery, { baseline }),
    src.run(resolutionQuery, {}),
  ]);
  const conditions = meta.conditions.filter((c) => c !== baseline);
  return {
    baseline,
    conditions,
    edges: Object.fromEntries(
      LOAD_MEASURES.map((m) => [m, LOAD_EDGES[m].map((e) => (Number.isFinite(e) ? e : null))]),
    ) as Record<LoadMeasure, (number | null)[]>,
    byCondition: Object.fromEntries(
      conditions.map((c) => [c, conditionOf(c, configs, returns, completion, resolution)]),
    ),
  };
}
