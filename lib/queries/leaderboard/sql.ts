// The leaderboard's numbers (docs/benchmark.md, "Resolution and gap"). One SQL text per number, run by DuckDB in Node
// at build time for the static HTML and by DuckDB-WASM in the browser for subsets; never re-implemented in TypeScript.
//
// A focus task's score in (configuration, condition) is its resolved runs divided by the configuration's
// repeat count R (1 + the highest repeat index it ran), so a missing run or repeat counts as unresolved;
// the per-repeat cells come from the derived task_cells table (derive.ts).
// A group's resolution is the sum of scores over the group's focus tasks divided by the number of focus
// tasks in the group: the denominator comes from the sessions, never from the runs that exist.
import { sqlInList, sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";
import type { TableRowOf } from "../../data/table-rows";

export interface TaskScope {
  /** Only focus tasks of these repositories (empty or absent: all). */
  repos?: string[];
  /** Only these focus tasks (empty or absent: all). */
  taskIds?: string[];
}

export const OVERALL = "overall";

function scopeWhere(scope: TaskScope): string {
  const parts: string[] = [];
  if (scope.repos?.length) parts.push(`t.repo IN ${sqlInList(scope.repos)}`);
  if (scope.taskIds?.length) parts.push(`t.task_id IN ${sqlInList(scope.taskIds)}`);
  return parts.length ? `WHERE ${parts.join(" AND ")}` : "";
}

/**
 * CTEs shared by the leaderboard queries over the derived task_cells table (lib/queries/derive.ts): the
 * cells of the focus tasks in scope, per repeat and averaged over repeats.
 */
function cellsCte(scope: TaskScope): string {
  return `
repeat_cells AS (
  SELECT t.config_id, t.condition, t.task_id, t.task_group, t.repo, t.rep, t.resolved, t.ran
  FROM task_cells t
  ${scopeWhere(scope)}
),
cells AS (
  SELECT config_id, condition, task_id, task_group, repo,
    AVG(resolved::INTEGER)::DOUBLE AS score,
    COUNT(*) FILTER (WHERE NOT ran)::INTEGER AS missing_runs
  FROM repeat_cells GROUP BY ALL
)`;
}

/** Where a resolution's per-repeat counts come from (derive.ts): a task subset needs the cells. */
type ResolutionFrom = "task_cells" | "repo_tallies";

/**
 * Per repeat, each group and "overall" in one pass (grouping sets, not a union of two scans): focus tasks,
 * resolved cells and missing runs. From task_cells they are counted; from repo_tallies (the build's
 * per-repository counts) they are summed: the same integers from far fewer rows, for any repository scope.
 */
function perRepeatCte(scope: TaskScope, from: ResolutionFrom): string {
  const grp = `CASE WHEN GROUPING(task_group) = 1 THEN '${OVERALL}' ELSE task_group END AS grp`;
  const sets = "GROUPING SETS ((config_id, condition, task_group, rep), (config_id, condition, rep))";
  if (from === "task_cells")
    return `
WITH ${cellsCte(scope)},
per_repeat AS (
  SELECT config_id, condition, ${grp}, rep,
    COUNT(*) AS n_tasks, SUM(resolved::INTEGER) AS resolved, COUNT(*) FILTER (WHERE NOT ran) AS missing_runs
  FROM repeat_cells
  GROUP BY ${sets}
)`;
  if (scope.taskIds?.length) throw new Error("a task subset's resolution is counted from task_cells, not repo_tallies");
  return `
WITH per_repeat AS (
  SELECT config_id, condition, ${grp}, rep,
    SUM(t.n_tasks)::BIGINT AS n_tasks, SUM(t.resolved)::BIGINT AS resolved, SUM(t.missing_runs)::BIGINT AS missing_runs
  FROM repo_tallies t
  ${scopeWhere(scope)}
  GROUP BY ${sets}
)`;
}

const resolutionFrom = (scope: TaskScope): ResolutionFrom => (scope.taskIds?.length ? "task_cells" : "repo_tallies");

/**
 * Resolution per (configuration, condition, group), "overall" included, with the repeat spread:
 * rep_min / rep_max are the lowest and highest resolution of a single repeat.
 */
export function resolutionSql(
  scope: TaskScope = {},
  from: ResolutionFrom = resolutionFrom(scope),
  /** false: the query objects below sort in JavaScript instead (byConfigConditionGroup). */
  ordered = true,
): string {
  return `${perRepeatCte(scope, from)}
SELECT p.config_id, p.condition, p.grp,
  MAX(p.n_tasks)::INTEGER AS n_tasks,
  (SUM(p.resolved) / COUNT(*))::DOUBLE AS resolved,
  (100 * SUM(p.resolved) / SUM(p.n_tasks))::DOUBLE AS resolution,
  SUM(p.missing_runs)::INTEGER AS missing_runs,
  (100 * MIN(p.resolved / p.n_tasks))::DOUBLE AS rep_min,
  (100 * MAX(p.resolved / p.n_tasks))::DOUBLE AS rep_max,
  COUNT(*)::INTEGER AS n_repeats
FROM per_repeat p
GROUP BY p.config_id, p.condition, p.grp${ordered ? "\nORDER BY p.config_id, p.condition, p.grp" : ""}`;
}

/**
 * DuckDB's order of two strings (their UTF-8 bytes), which is code-point order. JavaScript's `<` compares UTF-16
 * units, which puts a character above U+FFFF (a surrogate pair) before U+E000–U+FFFF; here it goes after.
 */
export function byteOrder(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/**
 * SQL's `ORDER BY config_id, condition, grp` in JavaScript: at 100× the sample, sorting a subset's rows by those
 * strings was the slow part of its query in DuckDB-WASM, and is cheap here (see docs/performance.md).
 */
export function byConfigConditionGroup(
  a: Pick<ResolutionRow, "config_id" | "condition" | "grp">,
  b: Pick<ResolutionRow, "config_id" | "condition" | "grp">,
): number {
  return byteOrder(a.config_id, b.config_id) || byteOrder(a.condition, b.condition) || byteOrder(a.grp, b.grp);
}

export interface ResolutionRow {
  config_id: string;
  condition: string;
  grp: string;
  n_tasks: number;
  resolved: number;
  resolution: number;
  missing_runs: number;
  rep_min: number;
  rep_max: number;
  n_repeats: number;
}

/** Per focus task scores, the paired unit that intervals and McNemar's test are computed from. */
export function taskScoresSql(scope: TaskScope = {}): string {
  return `
WITH ${cellsCte(scope)}
SELECT config_id, condition, task_id, task_group AS grp, repo, score
FROM cells
ORDER BY config_id, condition, task_id`;
}

export interface TaskScoreRow {
  config_id: string;
  condition: string;
  task_id: string;
  grp: string;
  repo: string;
  score: number;
}

/** Per repository × configuration: baseline and condition resolution and their gap (the per-repository view). */
export function repoGapSql(baseline: string, scope: TaskScope = {}): string {
  return `
WITH ${cellsCte(scope)},
per AS (
  SELECT config_id, condition, repo, COUNT(*)::INTEGER AS n_tasks, (100 * SUM(score) / COUNT(*))::DOUBLE AS res
  FROM cells GROUP BY ALL
)
SELECT b.config_id, b.repo, b.n_tasks, o.condition, b.res AS baseline_resolution, o.res AS resolution,
  (b.res - o.res)::DOUBLE AS gap
FROM per b JOIN per o ON o.config_id = b.config_id AND o.repo = b.repo AND o.condition <> b.condition
WHERE b.condition = ${sqlString(baseline)}
ORDER BY b.repo, b.config_id, o.condition`;
}

export interface RepoGapRow {
  config_id: string;
  repo: string;
  n_tasks: number;
  condition: string;
  baseline_resolution: number;
  resolution: number;
  gap: number;
}

export const CONFIGS_SQL = `
SELECT config_id, model, harness, harness_version, reasoning, variant, base_config_id, display_name,
  sort_order::INTEGER AS sort_order, is_local,
  submitted_at, submitted_by, report_url, verified_by, verified_at
FROM configs ORDER BY sort_order`;

export type ConfigRow = Pick<
  TableRowOf<"configs">,
  | "config_id"
  | "model"
  | "harness"
  | "harness_version"
  | "reasoning"
  | "variant"
  | "base_config_id"
  | "display_name"
  | "sort_order"
  | "is_local"
> &
  // Submission provenance (docs/submissions.md); null for a configuration without it. Optional so that
  // rows built outside CONFIGS_SQL (local releases, tests) need not list them.
  Partial<Pick<TableRowOf<"configs">, "submitted_at" | "submitted_by" | "report_url" | "verified_by" | "verified_at">>;

// The query objects (lib/db/query.ts): what the build and the browser run.
/** The repositories of the release's focus tasks, with how many focus tasks each has. */
export const reposQuery = defineQuery<void, { repo: string; n_tasks: number }>({
  name: "repositories",
  tables: ["sessions", "tasks"],
  sql: () => `
SELECT t.repo, COUNT(DISTINCT s.focus_task_id)::INTEGER AS n_tasks
FROM sessions s JOIN tasks t ON t.task_id = s.focus_task_id
GROUP BY t.repo ORDER BY t.repo`,
});

export const configsQuery = defineQuery<void, ConfigRow>({
  name: "configs",
  tables: ["configs"],
  sql: () => CONFIGS_SQL,
});

/** The whole release or a repository subset (a scope naming tasks is refused): summed from repo_tallies. */
export const resolutionQuery = defineQuery<TaskScope, ResolutionRow>({
  name: "resolution",
  tables: ["repo_tallies"],
  sql: (scope) => resolutionSql(scope, "repo_tallies", false),
  order: byConfigConditionGroup,
});

/** A subset of focus tasks (with or without repositories): counted from task_cells. */
export const taskResolutionQuery = defineQuery<TaskScope, ResolutionRow>({
  name: "resolution of a task subset",
  tables: ["task_cells"],
  sql: (scope) => resolutionSql(scope, "task_cells", false),
  order: byConfigConditionGroup,
});

/** The resolution query of a scope: the cells only when the scope names tasks. */
export const resolutionQueryFor = (scope: TaskScope) =>
  resolutionFrom(scope) === "task_cells" ? taskResolutionQuery : resolutionQuery;

export const taskScoresQuery = defineQuery<TaskScope, TaskScoreRow>({
  name: "task scores",
  tables: ["task_cells"],
  sql: (scope) => taskScoresSql(scope),
});

export const repoGapQuery = defineQuery<{ baseline: string; scope?: TaskScope }, RepoGapRow>({
  name: "repository gaps",
  tables: ["task_cells"],
  sql: (p) => repoGapSql(p.baseline, p.scope),
});
