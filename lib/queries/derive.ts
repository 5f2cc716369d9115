// SQL run once after the raw tables are loaded (build in Node, local results in the browser): adds the
// per-run usage totals that the cost views read, so that no view re-aggregates request_usage.

export const DERIVE_RUN_TOTALS = `
CREATE OR REPLACE TABLE runs AS
SELECT r.*,
  COALESCE(u.tokens, 0)::BIGINT AS tokens,
  COALESCE(u.cached_tokens, 0)::BIGINT AS cached_tokens,
  COALESCE(u.model_calls, 0)::INTEGER AS model_calls,
  COALESCE(u.tool_calls, 0)::INTEGER AS tool_calls,
  COALESCE(u.wall_s, 0)::DOUBLE AS wall_s,
  u.cost_usd::DOUBLE AS cost_usd,
  COALESCE(u.requests_run, 0)::INTEGER AS requests_run
FROM runs r
LEFT JOIN (
  SELECT run_id, SUM(tokens) AS tokens, SUM(cached_tokens) AS cached_tokens, SUM(model_calls) AS model_calls,
    SUM(tool_calls) AS tool_calls, SUM(wall_s) AS wall_s,
    -- a run's cost is known only when every request that ran has one
    CASE WHEN COUNT(cost_usd) = COUNT(*) THEN SUM(cost_usd) END AS cost_usd,
    COUNT(*) AS requests_run
  FROM request_usage GROUP BY run_id
) u USING (run_id)
ORDER BY run_id`;

/**
 * One row per (configuration, condition, focus task, repeat): whether that cell's run resolved and whether it ran at
 * all. Every configuration gets every focus task of every condition, for R = 1 + its highest repeat index, so a missing
 * run is a row with ran = FALSE, resolved = FALSE (docs/benchmark.md, "Resolution and gap": fixed denominators). The
 * leaderboard, compare, catalog and cost queries aggregate this table instead of re-joining configs × sessions × runs:
 * in the browser a subset is then one filter and one aggregation over a single small table, which keeps DuckDB-WASM's
 * first query close to its start-up time (docs/performance.md). Rows are ordered by repository first: DuckDB keeps
 * each block's min and max, so a repository subset reads only the blocks of its repositories. With a schema, the tables read are that schema's (a
 * combined published + local schema derives its own, lib/queries/local/union.sql.ts).
 */
export function taskCellsSelect(schema = ""): string {
  const p = schema ? `${schema}.` : "";
  return `
WITH focus AS (
  SELECT s.focus_task_id AS task_id, MIN(s.task_group) AS task_group, MIN(t.repo) AS repo
  FROM ${p}sessions s JOIN ${p}tasks t ON t.task_id = s.focus_task_id
  GROUP BY s.focus_task_id
),
repeats AS (
  SELECT c.config_id, COALESCE(MAX(r.repeat) + 1, 1)::INTEGER AS n_repeats
  FROM ${p}configs c LEFT JOIN ${p}runs r ON r.config_id = c.config_id
  GROUP BY c.config_id
)
SELECT c.config_id, s.condition, f.task_id, f.task_group, f.repo, k.rep,
  COALESCE(BOOL_OR(r.resolved), FALSE) AS resolved,
  COUNT(r.run_id) > 0 AS ran
FROM ${p}configs c
JOIN (SELECT config_id, UNNEST(range(n_repeats))::INTEGER AS rep FROM repeats) k USING (config_id)
CROSS JOIN focus f
JOIN ${p}sessions s ON s.focus_task_id = f.task_id
LEFT JOIN ${p}runs r ON r.session_id = s.session_id AND r.config_id = c.config_id AND r.repeat = k.rep
GROUP BY ALL
ORDER BY f.repo, c.config_id, s.condition, f.task_id, k.rep`;
}

export const TASK_CELLS_SELECT = taskCellsSelect();

export const DERIVE_TASK_CELLS = `CREATE OR REPLACE TABLE task_cells AS ${TASK_CELLS_SELECT}`;

/**
 * task_cells counted per (configuration, condition, repository, group, repeat): focus tasks, resolved cells and
 * missing runs. Tasks belong to one repository, so a repository subset's per-repeat counts are sums of these rows,
 * and its resolution reads ~1/100 of the cells' rows (at 100× the sample a repository had 24,200 cells and has
 * 4,400 tallies; the subset's query waited on that scan, docs/performance.md "Scale"). Ordered by repository first,
 * like task_cells, so a subset reads only its repositories' blocks. Derived from task_cells, in the same schema.
 */
export function repoTalliesSelect(schema = ""): string {
  const p = schema ? `${schema}.` : "";
  return `
SELECT config_id, condition, repo, task_group, rep,
  COUNT(*)::INTEGER AS n_tasks,
  SUM(resolved::INTEGER)::INTEGER AS resolved,
  (COUNT(*) FILTER (WHERE NOT ran))::INTEGER AS missing_runs
FROM ${p}task_cells
GROUP BY ALL
ORDER BY repo, config_id, condition, task_group, rep`;
}

export const DERIVE_REPO_TALLIES = `CREATE OR REPLACE TABLE repo_tallies AS ${repoTalliesSelect()}`;

/**
 * Tables the build derives from the release's own (written next to them, never part of the release format), in
 * the order they are made: repo_tallies is summed from task_cells.
 */
export const DERIVED_TABLES = ["task_cells", "repo_tallies"] as const;
export type DerivedTable = (typeof DERIVED_TABLES)[number];

export const DERIVE: Record<DerivedTable, string> = {
  task_cells: DERIVE_TASK_CELLS,
  repo_tallies: DERIVE_REPO_TALLIES,
};

/** The release tables task_cells is made from. */
const CELL_INPUTS = ["configs", "sessions", "tasks", "runs"];

const isDerived = (table: string): table is DerivedTable => (DERIVED_TABLES as readonly string[]).includes(table);

/**
 * For a schema that derives its own tables (a local release, local + published combined): the release tables to
 * load for `tables`, and the derived ones to make after them, in order (repo_tallies needs task_cells first).
 */
export function derivationPlan(tables: readonly string[]): { inputs: string[]; derived: DerivedTable[] } {
  const wanted = tables.filter(isDerived);
  const derived = DERIVED_TABLES.filter((d) => wanted.includes(d) || (d === "task_cells" && wanted.length > 0));
  const inputs = [...new Set([...tables.filter((t) => !isDerived(t)), ...(derived.length ? CELL_INPUTS : [])])];
  return { inputs, derived };
}
