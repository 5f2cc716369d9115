// Runs the compare SQL on any Db (DuckDB in Node in tests, DuckDB-WASM on the page) and attaches the paired
// statistics: exact McNemar on the discordant tasks, and percentile bootstrap intervals over tasks for the
// resolution difference and the difference of gaps. Counts and rates come from SQL; this file only pairs
// them with intervals and orders the groups as the release does.
import { mcnemarExact } from "../../metrics/mcnemar";
import { pairedBootstrapOfDiffs } from "../../metrics/paired-interval";
import type { QuerySource } from "../../db/query";
import {
  compareCostQuery,
  comparePairsQuery,
  compareRunsQuery,
  compareSignaturesQuery,
  compareTableQuery,
  gapConditionFor,
  type CompareCostRow,
  type ComparePair,
  type ComparePairRow,
  type CompareRunRow,
  type CompareTableRow,
} from "./sql";
import { configsQuery, OVERALL, type ConfigRow, type TaskScope } from "../leaderboard/sql";
import type { SignatureRateRow } from "../signatures/rates.sql";

export interface CompareMeta {
  baseline: string;
  conditions: string[];
  groups: string[];
}

export interface CompareRequest {
  a: string;
  b: string;
  condition: string;
}

/** A difference in percentage points with its paired 95% interval (NaN bounds when there are no tasks). */
export interface PointInterval {
  value: number;
  lo: number;
  hi: number;
}

export interface GroupCompare {
  grp: string;
  n: number;
  both: number;
  onlyA: number;
  onlyB: number;
  neither: number;
  /** Exact two-sided McNemar p on (onlyA, onlyB). */
  p: number;
  resA: number;
  resB: number;
  /** A − B under the chosen condition, pp. */
  resDiff: PointInterval;
  gapA: number;
  gapB: number;
  /** A's gap − B's gap, pp, interval from per-task differences of gaps. */
  gapDiff: PointInterval;
}

export interface CompareModel {
  /** The configuration ids and conditions asked for. */
  pair: ComparePair;
  a: ConfigRow | null;
  b: ConfigRow | null;
  condition: string;
  baseline: string;
  gapCondition: string;
  groups: GroupCompare[];
  /** Every focus task with both configurations' scores, in task id order. */
  pairs: ComparePairRow[];
  runs: CompareRunRow[];
  /** False while the pair's runs are still to be read (the 2×2 comes first): `runs` is empty then, not "no runs". */
  runsRead: boolean;
}

export interface CompareOptions {
  /** Bootstrap the intervals (default true); without, the bounds are NaN and the page can show the counts first. */
  intervals?: boolean;
  /** Read the pair's runs (default true); without, `runs` is empty and the 2×2 waits for no runs table. */
  runs?: boolean;
  scope?: TaskScope;
  /**
   * The release's configurations when the caller already has them as configsQuery returns them (the page's
   * build-time leaderboard): one query fewer before the 2×2, which on a fresh DuckDB-WASM is not free.
   */
  configs?: ConfigRow[];
}

export function pairOf(meta: CompareMeta, req: CompareRequest): ComparePair {
  return {
    ...req,
    baseline: meta.baseline,
    gapCondition: gapConditionFor(req.condition, meta.baseline, meta.conditions),
  };
}

/** The queries behind the pair's statistics (what the compare page warms). */
export const PAIR_QUERIES = [configsQuery, compareTableQuery, comparePairsQuery, compareRunsQuery] as const;

export async function computeCompare(
  src: QuerySource,
  meta: CompareMeta,
  req: CompareRequest,
  opts: CompareOptions = {},
): Promise<CompareModel> {
  const pair = pairOf(meta, req);
  // Together: a browser source fetches every table these read at once (the queries still run one at a time).
  const [configs, table, pairs, runs] = await Promise.all([
    opts.configs ? Promise.resolve(opts.configs) : src.run(configsQuery),
    src.run(compareTableQuery, { pair, scope: opts.scope }),
    src.run(comparePairsQuery, { pair, scope: opts.scope }),
    opts.runs === false ? Promise.resolve([]) : computeCompareRuns(src, req),
  ]);
  return compareModel(meta, pair, configs, table, pairs, runs, opts);
}

/** Every run of the pair (the links to trajectories): the compare page reads it after the 2×2 is shown. */
export function computeCompareRuns(src: QuerySource, req: CompareRequest): Promise<CompareRunRow[]> {
  return src.run(compareRunsQuery, { a: req.a, b: req.b });
}

/** Table 2's scopes for the pair (reads requests and request_usage). */
export function computeCompareCost(
  src: QuerySource,
  meta: CompareMeta,
  req: CompareRequest,
): Promise<CompareCostRow[]> {
  return src.run(compareCostQuery, { baseline: meta.baseline, a: req.a, b: req.b });
}

/** Signature rates for the pair (reads annotations). */
export function computeCompareSignatures(src: QuerySource, req: CompareRequest): Promise<SignatureRateRow[]> {
  return src.run(compareSignaturesQuery, { a: req.a, b: req.b });
}

export function compareModel(
  meta: CompareMeta,
  pair: ComparePair,
  configs: ConfigRow[],
  table: CompareTableRow[],
  pairs: ComparePairRow[],
  runs: CompareRunRow[],
  opts: CompareOptions = {},
): CompareModel {
  const order = [OVERALL, ...meta.groups];
  const rows = [...table].sort((x, y) => rank(order, x.grp) - rank(order, y.grp));
  const none = { lo: Number.NaN, hi: Number.NaN };
  const groups = rows.map((r): GroupCompare => ({
    grp: r.grp,
    n: r.n_tasks,
    both: r.both,
    onlyA: r.only_a,
    onlyB: r.only_b,
    neither: r.neither,
    p: mcnemarExact(r.only_a, r.only_b),
    resA: r.res_a,
    resB: r.res_b,
    resDiff: { value: r.res_diff, ...none },
    gapA: r.gap_a,
    gapB: r.gap_b,
    gapDiff: { value: r.gap_diff, ...none },
  }));
  const config = (id: string) => configs.find((c) => c.config_id === id) ?? null;
  const model: CompareModel = {
    pair,
    a: config(pair.a),
    b: config(pair.b),
    condition: pair.condition,
    baseline: pair.baseline,
    gapCondition: pair.gapCondition,
    groups,
    pairs,
    runs,
    runsRead: opts.runs !== false,
  };
  return opts.intervals === false ? model : withIntervals(model);
}

/**
 * The model with its paired 95% intervals: percentile bootstrap over the group's focus tasks (in task id
 * order, fixed seed) of the per-task resolution differences and differences of gaps. Pure; the page runs
 * it after the counts are on screen.
 */
export function withIntervals(model: CompareModel): CompareModel {
  const groups = model.groups.map((g) => {
    const inGroup = g.grp === OVERALL ? model.pairs : model.pairs.filter((t) => t.grp === g.grp);
    const res = pairedBootstrapOfDiffs(inGroup.map((t) => t.res_diff));
    const gap = pairedBootstrapOfDiffs(inGroup.map((t) => t.gap_diff));
    return {
      ...g,
      resDiff: { value: g.resDiff.value, lo: 100 * res.lo, hi: 100 * res.hi },
      gapDiff: { value: g.gapDiff.value, lo: 100 * gap.lo, hi: 100 * gap.hi },
    };
  });
  return { ...model, groups };
}

function rank(order: string[], grp: string): number {
  const i = order.indexOf(grp);
  return i === -1 ? order.length : i;
}

/** The run of a configuration on a focus task under a condition (its lowest repeat), or null when it has none. */
export function runOf(
  runs: readonly CompareRunRow[],
  configId: string,
  taskId: string,
  condition: string,
): CompareRunRow | null {
  let best: CompareRunRow | null = null;
  for (const r of runs) {
    if (
      r.config_id === configId &&
      r.task_id === taskId &&
      r.condition === condition &&
      (best === null || r.repeat < best.repeat)
    )
      best = r;
  }
  return best;
}
