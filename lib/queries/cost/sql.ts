// Table 2 of Switch-SWE (docs/benchmark.md, "Usage scopes"; paper B.5): mean usage per run under three scopes, and
// their ratios. One SQL text, run by DuckDB in Node at build time and by DuckDB-WASM in the browser.
//
// Scopes, per (configuration, non-baseline condition, group):
//   base  = whole session of the baseline condition (Switch-SWE "Unint")
//   all   = whole session of the condition (Switch-All: interruptions and finalization included)
//   focus = the condition's requests flagged in_switch_focus_scope (Switch-Focus: substantive focus
//           requests after the first non-focus request; never the first focus requests, interruptions or
//           finalization)
// A mean is over the runs that exist (every repeat counts as a run). A run that ended early contributes
// the usage of the requests that ran; a missing run contributes nothing and is not in the denominator.
// Cost is known for a run only when every request that ran carries cost_usd, and for a cell only when
// every run's cost is known.
import { sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";

export const COST_MEASURES = ["tokens", "uncached_tokens", "model_calls", "tool_calls", "cost_usd"] as const;
export type CostMeasure = (typeof COST_MEASURES)[number];

const SUMS: Record<CostMeasure, string> = {
  tokens: "u.tokens",
  uncached_tokens: "u.tokens - u.cached_tokens",
  model_calls: "u.model_calls",
  tool_calls: "u.tool_calls",
  cost_usd: "u.cost_usd",
};

function perRunColumns(prefix: "a" | "f", filter: string): string {
  const where = filter ? ` FILTER (WHERE ${filter})` : "";
  return COST_MEASURES.map((m) =>
    m === "cost_usd"
      ? `CASE WHEN COUNT(u.run_id)${where} = COUNT(u.cost_usd)${where} THEN COALESCE(SUM(u.cost_usd)${where}, 0) END::DOUBLE AS ${prefix}_${m}`
      : `COALESCE(SUM(${SUMS[m]})${where}, 0)::DOUBLE AS ${prefix}_${m}`,
  ).join(",\n    ");
}

function cellColumns(prefix: "a" | "f"): string {
  return COST_MEASURES.map((m) =>
    m === "cost_usd"
      ? `CASE WHEN COUNT(${prefix}_${m}) = COUNT(*) THEN AVG(${prefix}_${m}) END::DOUBLE AS ${prefix}_${m}`
      : `AVG(${prefix}_${m})::DOUBLE AS ${prefix}_${m}`,
  ).join(",\n    ");
}

function pick(prefix: "a" | "f"): string {
  return `CASE m.measure ${COST_MEASURES.map((x) => `WHEN '${x}' THEN ${prefix}_${x}`).join(" ")} END`;
}

/** Per-run usage totals of both scopes, one row per run and group (its locality group and "overall"). */
export function runScopeTotalsCte(): string {
  return `
per_run AS (
  SELECT r.run_id, r.config_id, s.condition, s.task_group,
    ${perRunColumns("a", "")},
    ${perRunColumns("f", "q.in_switch_focus_scope")}
  FROM runs r
  JOIN sessions s ON s.session_id = r.session_id
  LEFT JOIN request_usage u ON u.run_id = r.run_id
  LEFT JOIN requests q ON q.session_id = r.session_id AND q.position = u.position
  GROUP BY r.run_id, r.config_id, s.condition, s.task_group
),
per_run_grouped AS (
  SELECT *, task_group AS grp FROM per_run
  UNION ALL
  SELECT *, 'overall' AS grp FROM per_run
)`;
}

/** Table 2: one row per (configuration, non-baseline condition, group, measure). */
export function costScopesSql(baseline: string): string {
  return `
WITH ${runScopeTotalsCte()},
cells AS (
  SELECT config_id, condition, grp, COUNT(*)::INTEGER AS n_runs,
    ${cellColumns("a")},
    ${cellColumns("f")}
  FROM per_run_grouped GROUP BY config_id, condition, grp
),
measures AS (SELECT * FROM (VALUES ${COST_MEASURES.map((m, i) => `('${m}', ${i})`).join(", ")}) AS t(measure, ord)),
long AS (
  SELECT c.config_id, c.condition, c.grp, c.n_runs, m.measure, ${pick("a")} AS all_mean, ${pick("f")} AS focus_mean
  FROM cells c CROSS JOIN measures m
),
conditions AS (SELECT DISTINCT condition FROM sessions WHERE condition <> ${sqlString(baseline)}),
grps AS (SELECT DISTINCT task_group AS grp FROM sessions UNION SELECT 'overall')
SELECT cf.config_id, cd.condition, g.grp, m.measure,
  COALESCE(b.n_runs, 0)::INTEGER AS base_runs,
  COALESCE(o.n_runs, 0)::INTEGER AS runs,
  b.all_mean::DOUBLE AS base_mean,
  o.all_mean::DOUBLE AS all_mean,
  o.focus_mean::DOUBLE AS focus_mean,
  (o.all_mean / NULLIF(b.all_mean, 0))::DOUBLE AS all_ratio,
  (o.focus_mean / NULLIF(b.all_mean, 0))::DOUBLE AS focus_ratio
FROM configs cf CROSS JOIN conditions cd CROSS JOIN grps g CROSS JOIN measures m
LEFT JOIN long b ON b.config_id = cf.config_id AND b.condition = ${sqlString(baseline)} AND b.grp = g.grp AND b.measure = m.measure
LEFT JOIN long o ON o.config_id = cf.config_id AND o.condition = cd.condition AND o.grp = g.grp AND o.measure = m.measure
ORDER BY cf.sort_order, cd.condition, g.grp, m.ord`;
}

export interface CostScopeRow {
  config_id: string;
  condition: string;
  grp: string;
  measure: CostMeasure;
  /** Runs that exist in the baseline condition / in this condition (the denominators of the means). */
  base_runs: number;
  runs: number;
  /** Means per run; null when no run exists (or, for cost_usd, when some run has no cost). */
  base_mean: number | null;
  all_mean: number | null;
  focus_mean: number | null;
  all_ratio: number | null;
  focus_ratio: number | null;
}

export const costScopesQuery = defineQuery<{ baseline: string }, CostScopeRow>({
  name: "cost scopes",
  tables: ["configs", "sessions", "runs", "requests", "request_usage"],
  sql: (p) => costScopesSql(p.baseline),
});
