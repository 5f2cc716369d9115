// Per focus task, what switching cost: tokens of the switched session minus tokens of the uninterrupted
// session of the same task, for the same configuration (the distribution a Table 2 mean hides).
// With repeats, each side is the mean over that side's runs; a task lacking a run on either side has no
// difference and is left out (counted in the summary as tasks_missing). The linked runs are the
// lowest-repeat run of each side.
import { binExpr, type BinSpec } from "./bins";
import { sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";

/** "cached": tokens as the paper counts them (cached input included); "uncached": tokens − cached_tokens. */
export type TokenMode = "cached" | "uncached";
export const TOKEN_MODES: readonly TokenMode[] = ["cached", "uncached"];

function pairsCte(baseline: string, mode: TokenMode): string {
  const tokens = mode === "cached" ? "r.tokens" : "(r.tokens - r.cached_tokens)";
  return `
per AS (
  SELECT r.config_id, s.condition, s.focus_task_id AS task_id, MIN(s.task_group) AS grp,
    AVG(${tokens})::DOUBLE AS tokens, arg_min(r.run_id, r.repeat) AS run_id
  FROM runs r JOIN sessions s ON s.session_id = r.session_id
  GROUP BY r.config_id, s.condition, s.focus_task_id
),
pairs AS (
  SELECT o.config_id, o.condition, o.task_id, b.grp, b.tokens AS base_tokens, o.tokens,
    (o.tokens - b.tokens)::DOUBLE AS diff, b.run_id AS base_run_id, o.run_id
  FROM per b JOIN per o ON o.config_id = b.config_id AND o.task_id = b.task_id AND o.condition <> b.condition
  WHERE b.condition = ${sqlString(baseline)}
)`;
}

/** Smallest and largest difference over every configuration and condition (the shared bin range). */
export function taskCostRangeSql(baseline: string, mode: TokenMode): string {
  return `WITH ${pairsCte(baseline, mode)}
SELECT MIN(diff)::DOUBLE AS min, MAX(diff)::DOUBLE AS max FROM pairs`;
}

/** Tasks per bin, per configuration and condition (empty bins are absent). */
export function taskCostHistogramSql(baseline: string, mode: TokenMode, bins: BinSpec): string {
  return `WITH ${pairsCte(baseline, mode)}
SELECT config_id, condition, ${binExpr("diff", bins)} AS bin, COUNT(*)::INTEGER AS n
FROM pairs GROUP BY ALL ORDER BY config_id, condition, bin`;
}

export interface HistogramRow {
  config_id: string;
  condition: string;
  bin: number;
  n: number;
}

/** Quartiles of the difference per configuration and condition, and how many focus tasks lack a pair. */
export function taskCostSummarySql(baseline: string, mode: TokenMode): string {
  return `WITH ${pairsCte(baseline, mode)},
focus AS (SELECT COUNT(DISTINCT focus_task_id)::INTEGER AS n FROM sessions)
SELECT c.config_id, cd.condition, COUNT(p.diff)::INTEGER AS tasks,
  ((SELECT n FROM focus) - COUNT(p.diff))::INTEGER AS tasks_missing,
  MIN(p.diff)::DOUBLE AS min, quantile_cont(p.diff, 0.25)::DOUBLE AS q1, quantile_cont(p.diff, 0.5)::DOUBLE AS median,
  quantile_cont(p.diff, 0.75)::DOUBLE AS q3, MAX(p.diff)::DOUBLE AS max, AVG(p.diff)::DOUBLE AS mean,
  COUNT(*) FILTER (WHERE p.diff < 0)::INTEGER AS cheaper
FROM configs c
CROSS JOIN (SELECT DISTINCT condition FROM sessions WHERE condition <> ${sqlString(baseline)}) cd
LEFT JOIN pairs p ON p.config_id = c.config_id AND p.condition = cd.condition
GROUP BY c.config_id, cd.condition, c.sort_order
ORDER BY c.sort_order, cd.condition`;
}

export interface TaskCostSummaryRow {
  config_id: string;
  condition: string;
  tasks: number;
  tasks_missing: number;
  min: number | null;
  q1: number | null;
  median: number | null;
  q3: number | null;
  max: number | null;
  mean: number | null;
  /** Tasks whose switched session used fewer tokens than the uninterrupted one. */
  cheaper: number;
}

/** The focus tasks of one bin of one configuration and condition, largest difference first. */
export function taskCostBinSql(
  baseline: string,
  mode: TokenMode,
  bins: BinSpec,
  sel: { configId: string; condition: string; bin: number },
): string {
  return `WITH ${pairsCte(baseline, mode)}
SELECT config_id, condition, task_id, grp, base_tokens, tokens, diff, base_run_id, run_id
FROM pairs
WHERE config_id = ${sqlString(sel.configId)} AND condition = ${sqlString(sel.condition)} AND ${binExpr("diff", bins)} = ${Math.trunc(sel.bin)}
ORDER BY diff DESC, task_id`;
}

export interface TaskCostRow {
  config_id: string;
  condition: string;
  task_id: string;
  grp: string;
  base_tokens: number;
  tokens: number;
  diff: number;
  base_run_id: string;
  run_id: string;
}

type TaskCostParams = { baseline: string; mode: TokenMode };

export const taskCostRangeQuery = defineQuery<TaskCostParams, { min: number | null; max: number | null }>({
  name: "task cost range",
  tables: ["runs", "sessions"],
  sql: (p) => taskCostRangeSql(p.baseline, p.mode),
});

export const taskCostHistogramQuery = defineQuery<TaskCostParams & { bins: BinSpec }, HistogramRow>({
  name: "task cost histogram",
  tables: ["runs", "sessions"],
  sql: (p) => taskCostHistogramSql(p.baseline, p.mode, p.bins),
});

export const taskCostSummaryQuery = defineQuery<TaskCostParams, TaskCostSummaryRow>({
  name: "task cost summary",
  tables: ["runs", "sessions", "configs"],
  sql: (p) => taskCostSummarySql(p.baseline, p.mode),
});

export const taskCostBinQuery = defineQuery<
  TaskCostParams & { bins: BinSpec; sel: { configId: string; condition: string; bin: number } },
  TaskCostRow
>({
  name: "task cost bin",
  tables: ["runs", "sessions"],
  sql: (p) => taskCostBinSql(p.baseline, p.mode, p.bins, p.sel),
});
