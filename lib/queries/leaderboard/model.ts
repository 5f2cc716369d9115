// Runs the leaderboard queries on any Db (DuckDB in Node at build time, DuckDB-WASM in the browser) and
// attaches the paired statistics. The rates come from SQL; this file only pairs them with intervals.
import { percentDifference } from "../../metrics/exact-scale";
import { mcnemarExact } from "../../metrics/mcnemar";
import { pairedBootstrapOfDiffs } from "../../metrics/paired-interval";
import { wilsonInterval } from "../../metrics/wilson";
import type { QuerySource } from "../../db/query";
import type { CellRank } from "./ranks";
import {
  configsQuery,
  OVERALL,
  resolutionQuery,
  resolutionQueryFor,
  taskScoresQuery,
  type ConfigRow,
  type ResolutionRow,
  type TaskScope,
  type TaskScoreRow,
} from "./sql";

export interface RateCell {
  /** Percent, e.g. 46.5. */
  value: number;
  resolved: number;
  n: number;
  /** Wilson 95% interval, percent. */
  lo: number;
  hi: number;
  missingRuns: number;
  repeats: number;
  repMin: number;
  repMax: number;
  /** Rank interval and tie group among the release's configurations (ranks.ts); absent until computed. */
  rank?: CellRank;
}

export interface GapCell {
  /** Baseline minus condition, percentage points. */
  value: number;
  /** Paired bootstrap 95% interval over focus tasks, percentage points (NaN until computed). */
  lo: number;
  hi: number;
  /** Tasks better under the baseline / better under the condition (discordant pairs). */
  baselineOnly: number;
  conditionOnly: number;
  /** Exact two-sided McNemar (sign test on per-task differences when cells have repeats). */
  p: number;
  /** Rank interval and tie group (lower gap ranks better); absent until computed. */
  rank?: CellRank;
}

export interface LeaderboardRow {
  config: ConfigRow;
  /** rates[group][condition] */
  rates: Record<string, Record<string, RateCell>>;
  /** gaps[group][condition] for every non-baseline condition */
  gaps: Record<string, Record<string, GapCell>>;
}

export interface LeaderboardModel {
  groups: string[];
  conditions: string[];
  baseline: string;
  scope: TaskScope;
  rows: LeaderboardRow[];
}

export interface LeaderboardMeta {
  groups: string[];
  conditions: string[];
  baseline: string;
}

const pct = (x: number) => 100 * x;

/**
 * a − b in percentage points from the cells' integer counts (resolved runs over cells, every repeat counted), so
 * that equal gaps are equal numbers and their marks, sorting and ranks agree; the difference of the two rates
 * when the counts do not give back the rates shown.
 */
export function rateDifference(base: RateCell, cond: RateCell): number {
  const counts = (r: RateCell) => ({ runs: Math.round(r.resolved * r.repeats), cells: r.n * r.repeats });
  const [b, c] = [counts(base), counts(cond)];
  const exact = (100 * b.runs) / b.cells === base.value && (100 * c.runs) / c.cells === cond.value;
  return exact ? percentDifference(b.runs, b.cells, c.runs, c.cells) : base.value - cond.value;
}

export interface LeaderboardOptions {
  /**
   * Bootstrap the gap intervals (default true). The browser first shows a subset without them (they are
   * its costly part) and fills them in right after, so the first numbers are not held up.
   */
  intervals?: boolean;
  /**
   * The configurations, when the caller already has them (the browser's subsets reuse the build's CONFIGS_SQL
   * rows from the static model instead of loading the configs table for them).
   */
  configs?: ConfigRow[];
  /**
   * Called with the rates alone, before the task scores are queried: gaps then carry their value and NaN for
   * their paired statistics. A browser subset shows this first, so its first numbers wait on one query (the
   * resolution's, ~6,600 rows at 100× the sample) and not also on the 24,200 task scores (docs/performance.md).
   */
  onRates?: (partial: LeaderboardModel) => void;
  /** Checked after the rates: an aborted subset does not go on to query its task scores. */
  signal?: AbortSignal;
  /**
   * Rank intervals and tie groups (default true, with the intervals): off where the rows are not the whole
   * field (a local release's own rows, which are shown beside the published ones) or not shown (the build's
   * answers ahead of time).
   */
  ranks?: boolean;
}

/** The queries of a repository subset (the configurations come from the static model): what the leaderboard warms. */
export const SCOPE_QUERIES = [resolutionQuery, taskScoresQuery] as const;

export async function computeLeaderboard(
  src: QuerySource,
  meta: LeaderboardMeta,
  scope: TaskScope = {},
  opts: LeaderboardOptions = {},
): Promise<LeaderboardModel> {
  if (!opts.onRates) {
    const [configs, rates, scores] = await Promise.all([
      opts.configs ?? src.run(configsQuery),
      src.run(resolutionQueryFor(scope), scope),
      src.run(taskScoresQuery, scope),
    ]);
    return await leaderboardModel(meta, scope, configs, rates, scores, opts);
  }
  const [configs, rates] = await Promise.all([
    opts.configs ?? src.run(configsQuery),
    src.run(resolutionQueryFor(scope), scope),
  ]);
  opts.onRates(unrankedModel(meta, scope, configs, rates, null, opts));
  if (opts.signal?.aborted) throw new Error("cancelled");
  const scores = await src.run(taskScoresQuery, scope);
  return leaderboardModelInSlices(meta, scope, configs, rates, scores, opts);
}

const UNPAIRED = { lo: Number.NaN, hi: Number.NaN, baselineOnly: Number.NaN, conditionOnly: Number.NaN, p: Number.NaN };

/**
 * The ranks' code (their bootstrap and exact tests) is loaded only where ranks are computed: the build, and a
 * browser subset after its first numbers. A page showing the build's ranks never loads it, which keeps it out of
 * the leaderboard's first-load JavaScript.
 */
const loadRanks = () => import("./ranks");

/** The model without ranks: what a subset shows first (LeaderboardOptions.onRates). */
function unrankedModel(
  meta: LeaderboardMeta,
  scope: TaskScope,
  configs: ConfigRow[],
  rates: ResolutionRow[],
  scores: TaskScoreRow[] | null,
  opts: LeaderboardOptions,
): LeaderboardModel {
  const { groups, rowOf } = modelRows(meta, rates, scores, opts);
  return { groups, conditions: meta.conditions, baseline: meta.baseline, scope, rows: configs.map(rowOf) };
}

export async function leaderboardModel(
  meta: LeaderboardMeta,
  scope: TaskScope,
  configs: ConfigRow[],
  rates: ResolutionRow[],
  /** null: not queried yet (gaps without their paired statistics, LeaderboardOptions.onRates). */
  scores: TaskScoreRow[] | null,
  opts: LeaderboardOptions = {},
): Promise<LeaderboardModel> {
  const model = unrankedModel(meta, scope, configs, rates, scores, opts);
  if (scores && wantsRanks(opts)) (await loadRanks()).attachRanks(model, scores);
  return model;
}

const wantsRanks = (opts: LeaderboardOptions) => opts.intervals !== false && opts.ranks !== false;

/** How long the browser's model building holds the page before it yields (one frame's worth, not a long task). */
export const MODEL_SLICE_MS = 12;

const yieldToPage = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * leaderboardModel's result, built a slice of configurations at a time with the page given its turn between
 * slices: at 100× the sample a subset's 4,400 bootstrap intervals in one task froze the page
 * (docs/performance.md, "Scale"). An aborted signal stops it between slices.
 */
export async function leaderboardModelInSlices(
  meta: LeaderboardMeta,
  scope: TaskScope,
  configs: ConfigRow[],
  rates: ResolutionRow[],
  scores: TaskScoreRow[],
  opts: LeaderboardOptions = {},
  sliceMs = MODEL_SLICE_MS,
): Promise<LeaderboardModel> {
  const { groups, rowOf } = modelRows(meta, rates, scores, opts);
  const rows: LeaderboardRow[] = [];
  let sliceStart = performance.now();
  for (const config of configs) {
    rows.push(rowOf(config));
    if (performance.now() - sliceStart >= sliceMs) {
      await yieldToPage();
      if (opts.signal?.aborted) throw new Error("cancelled");
      sliceStart = performance.now();
    }
  }
  const model = { groups, conditions: meta.conditions, baseline: meta.baseline, scope, rows };
  if (wantsRanks(opts)) await (await loadRanks()).attachRanksInSlices(model, scores, yieldToPage, opts.signal);
  return model;
}

/** The groups shown and a configuration's row, from the rates and (when queried) the task scores. */
function modelRows(
  meta: LeaderboardMeta,
  rates: ResolutionRow[],
  scores: TaskScoreRow[] | null,
  opts: LeaderboardOptions,
): { groups: string[]; rowOf: (config: ConfigRow) => LeaderboardRow } {
  const groups = [OVERALL, ...meta.groups];
  const others = meta.conditions.filter((c) => c !== meta.baseline);
  // score by config → condition → task
  const byCell = new Map<string, Map<string, number>>();
  const groupOf = new Map<string, string>();
  for (const s of scores ?? []) {
    const key = `${s.config_id}\u0000${s.condition}`;
    if (!byCell.has(key)) byCell.set(key, new Map());
    byCell.get(key)!.set(s.task_id, s.score);
    groupOf.set(s.task_id, s.grp);
  }
  // rates by configuration: ~1,100 configurations × 6,600 rows at 100× the sample is too many to filter per cell
  const ratesOf = new Map<string, ResolutionRow[]>();
  for (const r of rates) {
    const list = ratesOf.get(r.config_id);
    if (list) list.push(r);
    else ratesOf.set(r.config_id, [r]);
  }
  const rowOf = (config: ConfigRow): LeaderboardRow => {
    const row: LeaderboardRow = { config, rates: {}, gaps: {} };
    const mine = ratesOf.get(config.config_id) ?? [];
    for (const grp of groups) {
      row.rates[grp] = {};
      row.gaps[grp] = {};
      for (const r of mine.filter((x) => x.grp === grp)) {
        const ci = wilsonInterval(r.resolved, r.n_tasks);
        row.rates[grp][r.condition] = {
          value: r.resolution,
          resolved: r.resolved,
          n: r.n_tasks,
          lo: pct(ci.lo),
          hi: pct(ci.hi),
          missingRuns: r.missing_runs,
          repeats: r.n_repeats,
          repMin: r.rep_min,
          repMax: r.rep_max,
        };
      }
      const base = byCell.get(`${config.config_id}\u0000${meta.baseline}`);
      for (const cond of others) {
        if (!scores) {
          const baseRate = row.rates[grp][meta.baseline];
          const condRate = row.rates[grp][cond];
          if (baseRate && condRate) row.gaps[grp][cond] = { value: rateDifference(baseRate, condRate), ...UNPAIRED };
          continue;
        }
        const other = byCell.get(`${config.config_id}\u0000${cond}`);
        if (!base || !other) continue;
        const diffs: number[] = [];
        let baselineOnly = 0;
        let conditionOnly = 0;
        for (const [task, b] of base) {
          if (grp !== OVERALL && groupOf.get(task) !== grp) continue;
          const o = other.get(task) ?? 0;
          diffs.push(b - o);
          if (b > o) baselineOnly++;
          else if (o > b) conditionOnly++;
        }
        const baseRate = row.rates[grp][meta.baseline];
        const condRate = row.rates[grp][cond];
        if (!baseRate || !condRate) continue;
        const ci = opts.intervals === false ? { lo: Number.NaN, hi: Number.NaN } : pairedBootstrapOfDiffs(diffs);
        row.gaps[grp][cond] = {
          value: rateDifference(baseRate, condRate),
          lo: pct(ci.lo),
          hi: pct(ci.hi),
          baselineOnly,
          conditionOnly,
          p: mcnemarExact(baselineOnly, conditionOnly),
        };
      }
    }
    return row;
  };
  return { groups, rowOf };
}
