// Two configurations side by side (issue 6). Every count and rate is SQL, run by DuckDB in Node in tests and
// by DuckDB-WASM on the compare page; the per-task scores come from the leaderboard's own SQL
// (taskScoresSql), so a configuration's resolution here is the leaderboard's number, never a second
// computation. The paired intervals and McNemar's test are attached in compare-model.ts.
//
// A task's outcome under the chosen condition compares the two per-task scores (the mean of `resolved` over
// repeats; a missing run or repeat counts unresolved): "only_a" when A's score is higher, "only_b" when B's
// is, "both" when they are equal and above 0, "neither" when both are 0. With one repeat per cell this is
// the textbook 2×2; with repeats it is the sign test the leaderboard's McNemar column already uses.
import { costScopesSql } from "../cost/sql";
import { OVERALL, taskScoresSql, type TaskScope } from "../leaderboard/sql";
import { signatureRatesSql, type SignatureRateRow } from "../signatures/rates.sql";
import { sqlInList, sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";

export const OUTCOMES = ["both", "only_a", "only_b", "neither"] as const;
export type PairOutcome = (typeof OUTCOMES)[number];

export interface ComparePair {
  a: string;
  b: string;
  /** The condition whose outcomes fill the 2×2. */
  condition: string;
  /** The release's baseline condition. */
  baseline: string;
  /** The non-baseline condition the gaps are taken against. */
  gapCondition: string;
}

/** The condition the gaps compare with the baseline: the chosen one, or the first other condition when the baseline is chosen. */
export function gapConditionFor(condition: string, baseline: string, conditions: readonly string[]): string {
  if (condition !== baseline) return condition;
  return conditions.find((c) => c !== baseline) ?? baseline;
}

function pairsCte(p: ComparePair, scope: TaskScope): string {
  const A = sqlString(p.a);
  const B = sqlString(p.b);
  const score = (config: string, condition: string) =>
    `COALESCE(MAX(s.score) FILTER (WHERE s.config_id = ${config} AND s.condition = ${sqlString(condition)}), 0)::DOUBLE`;
  return `
scores AS (
  SELECT config_id, condition, task_id, score FROM (${taskScoresSql(scope)}) x
  WHERE config_id IN ${sqlInList([p.a, p.b])}
),
focus_tasks AS (
  SELECT s.focus_task_id AS task_id, MIN(s.task_group) AS grp, MIN(t.repo) AS repo
  FROM sessions s JOIN tasks t ON t.task_id = s.focus_task_id
  ${scope.repos?.length || scope.taskIds?.length ? `WHERE ${[scope.repos?.length ? `t.repo IN ${sqlInList(scope.repos)}` : "", scope.taskIds?.length ? `t.task_id IN ${sqlInList(scope.taskIds)}` : ""].filter(Boolean).join(" AND ")}` : ""}
  GROUP BY s.focus_task_id
),
scored AS (
  SELECT f.task_id, f.grp, f.repo,
    ${score(A, p.condition)} AS a_score,
    ${score(B, p.condition)} AS b_score,
    ${score(A, p.baseline)} AS a_base,
    ${score(A, p.gapCondition)} AS a_other,
    ${score(B, p.baseline)} AS b_base,
    ${score(B, p.gapCondition)} AS b_other
  FROM focus_tasks f LEFT JOIN scores s ON s.task_id = f.task_id
  GROUP BY f.task_id, f.grp, f.repo
),
pairs AS (
  SELECT *,
    CASE WHEN a_score > b_score THEN 'only_a' WHEN b_score > a_score THEN 'only_b' WHEN a_score > 0 THEN 'both' ELSE 'neither' END AS outcome
  FROM scored
)`;
}

/**
 * One row per focus task: both configurations' scores under the chosen condition, under the baseline and
 * under the gap condition, and the task's cell of the 2×2. Ordered by task id: the paired bootstrap
 * resamples in this order, so the build and the browser draw the same resamples.
 */
export function comparePairsSql(p: ComparePair, scope: TaskScope = {}): string {
  return `
WITH ${pairsCte(p, scope)}
SELECT task_id, grp, repo, a_score, b_score, a_base, a_other, b_base, b_other, outcome,
  (a_score - b_score)::DOUBLE AS res_diff,
  ((a_base - a_other) - (b_base - b_other))::DOUBLE AS gap_diff
FROM pairs
ORDER BY task_id`;
}

export interface ComparePairRow {
  task_id: string;
  grp: string;
  repo: string;
  a_score: number;
  b_score: number;
  a_base: number;
  a_other: number;
  b_base: number;
  b_other: number;
  outcome: PairOutcome;
  /** a_score − b_score, in [−1, 1]. */
  res_diff: number;
  /** A's gap on the task minus B's gap on the task, in [−2, 2]. */
  gap_diff: number;
}

/** Per group ("overall" first, then the release's groups in name order): the 2×2, both resolutions, both gaps and their differences, in % / pp. */
export function compareTableSql(p: ComparePair, scope: TaskScope = {}): string {
  return `
WITH ${pairsCte(p, scope)},
grouped AS (
  SELECT '${OVERALL}' AS grp, 0 AS ord, * EXCLUDE (grp) FROM pairs
  UNION ALL
  SELECT grp, 1 AS ord, * EXCLUDE (grp) FROM pairs
)
SELECT grp,
  COUNT(*)::INTEGER AS n_tasks,
  COUNT(*) FILTER (WHERE outcome = 'both')::INTEGER AS both,
  COUNT(*) FILTER (WHERE outcome = 'only_a')::INTEGER AS only_a,
  COUNT(*) FILTER (WHERE outcome = 'only_b')::INTEGER AS only_b,
  COUNT(*) FILTER (WHERE outcome = 'neither')::INTEGER AS neither,
  (100 * AVG(a_score))::DOUBLE AS res_a,
  (100 * AVG(b_score))::DOUBLE AS res_b,
  (100 * AVG(a_score - b_score))::DOUBLE AS res_diff,
  (100 * AVG(a_base - a_other))::DOUBLE AS gap_a,
  (100 * AVG(b_base - b_other))::DOUBLE AS gap_b,
  (100 * AVG((a_base - a_other) - (b_base - b_other)))::DOUBLE AS gap_diff
FROM grouped
GROUP BY grp, ord
ORDER BY ord, grp`;
}

export interface CompareTableRow {
  grp: string;
  n_tasks: number;
  both: number;
  only_a: number;
  only_b: number;
  neither: number;
  res_a: number;
  res_b: number;
  res_diff: number;
  gap_a: number;
  gap_b: number;
  gap_diff: number;
}

/** Every run of the two configurations, for links to trajectories (a task's run under each condition). */
export function compareRunsSql(a: string, b: string): string {
  return `
SELECT r.run_id, r.config_id, s.condition, s.focus_task_id AS task_id, r.repeat::INTEGER AS repeat, r.resolved, r.failure_class, r.trajectory
FROM runs r JOIN sessions s ON s.session_id = r.session_id
WHERE r.config_id IN ${sqlInList([a, b])}
ORDER BY s.focus_task_id, r.config_id, s.condition, r.repeat`;
}

export interface CompareRunRow {
  run_id: string;
  config_id: string;
  condition: string;
  task_id: string;
  repeat: number;
  resolved: boolean;
  failure_class: string | null;
  trajectory: string | null;
}

export const COST_SCOPES = ["unint", "all", "focus"] as const;
export type CostScope = (typeof COST_SCOPES)[number];

/**
 * Table 2's three scopes (lib/queries/cost/sql.ts) for A and B side by side, with A − B, per non-baseline
 * condition, group and measure. A mean is null where a configuration has no run (or, for cost, no price).
 */
export function compareCostSql(baseline: string, a: string, b: string): string {
  return `
WITH cs AS (SELECT * FROM (${costScopesSql(baseline)}) x WHERE config_id IN ${sqlInList([a, b])}),
long AS (
  SELECT config_id, condition, grp, measure, 'unint' AS scope, 0 AS ord, base_mean AS mean, base_runs AS runs FROM cs
  UNION ALL SELECT config_id, condition, grp, measure, 'all', 1, all_mean, runs FROM cs
  UNION ALL SELECT config_id, condition, grp, measure, 'focus', 2, focus_mean, runs FROM cs
)
SELECT x.condition, x.grp, x.measure, x.scope,
  x.mean::DOUBLE AS a_mean, y.mean::DOUBLE AS b_mean, (x.mean - y.mean)::DOUBLE AS diff,
  x.runs::INTEGER AS a_runs, y.runs::INTEGER AS b_runs
FROM long x JOIN long y ON y.config_id = ${sqlString(b)} AND y.condition = x.condition AND y.grp = x.grp AND y.measure = x.measure AND y.scope = x.scope
WHERE x.config_id = ${sqlString(a)}
ORDER BY x.condition, CASE WHEN x.grp = '${OVERALL}' THEN 0 ELSE 1 END, x.grp, x.measure, x.ord`;
}

export interface CompareCostRow {
  condition: string;
  grp: string;
  measure: string;
  scope: CostScope;
  a_mean: number | null;
  b_mean: number | null;
  diff: number | null;
  a_runs: number;
  b_runs: number;
}

/** Trace-signature rates (lib/queries/signatures/rates.sql.ts) of the two configurations only. */
export function compareSignaturesSql(a: string, b: string): string {
  return `SELECT * FROM (${signatureRatesSql()}) x WHERE config_id IN ${sqlInList([a, b])}`;
}

export const compareTableQuery = defineQuery<{ pair: ComparePair; scope?: TaskScope }, CompareTableRow>({
  name: "compare table",
  tables: ["task_cells", "sessions", "tasks"],
  sql: (p) => compareTableSql(p.pair, p.scope),
});

export const comparePairsQuery = defineQuery<{ pair: ComparePair; scope?: TaskScope }, ComparePairRow>({
  name: "compare pairs",
  tables: ["task_cells", "sessions", "tasks"],
  sql: (p) => comparePairsSql(p.pair, p.scope),
});

export const compareRunsQuery = defineQuery<{ a: string; b: string }, CompareRunRow>({
  name: "compare runs",
  tables: ["runs", "sessions"],
  sql: (p) => compareRunsSql(p.a, p.b),
});

export const compareCostQuery = defineQuery<{ baseline: string; a: string; b: string }, CompareCostRow>({
  name: "compare cost",
  tables: ["configs", "sessions", "runs", "requests", "request_usage"],
  sql: (p) => compareCostSql(p.baseline, p.a, p.b),
});

export const compareSignaturesQuery = defineQuery<{ a: string; b: string }, SignatureRateRow>({
  name: "compare signatures",
  tables: ["configs", "sessions", "runs", "annotations"],
  sql: (p) => compareSignaturesSql(p.a, p.b),
});
