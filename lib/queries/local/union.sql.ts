// A local configuration compared with a published one. The pair SQL (compare.ts) joins the runs of A and B
// by session and focus task, so both have to live in one schema; each local release has its own schema
// (lib/local/db.ts), so a combined schema holds views over both: the published release's sessions, tasks and
// requests as they are (an import writes its runs against the published sessions), and the run-level tables
// as the union of the published rows and each local release's rows, the local config and run ids prefixed
// "local:" exactly as the leaderboard prefixes them. Same SQL text in DuckDB-WASM and in Node (tests).
import { repoTalliesSelect, taskCellsSelect } from "../derive";
import { sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";

export const LOCAL_PREFIX = "local:";

/** Tables that hold configurations or runs: unioned, ids prefixed. Every other table is the published one. */
const UNIONED: Record<string, string[]> = {
  configs: [
    `${sqlString(LOCAL_PREFIX)} || config_id AS config_id`,
    `CASE WHEN base_config_id IS NULL THEN NULL ELSE ${sqlString(LOCAL_PREFIX)} || base_config_id END AS base_config_id`,
    "TRUE AS is_local",
  ],
  runs: [`${sqlString(LOCAL_PREFIX)} || run_id AS run_id`, `${sqlString(LOCAL_PREFIX)} || config_id AS config_id`],
  test_results: [`${sqlString(LOCAL_PREFIX)} || run_id AS run_id`],
  request_usage: [`${sqlString(LOCAL_PREFIX)} || run_id AS run_id`],
  interruption_outcomes: [`${sqlString(LOCAL_PREFIX)} || run_id AS run_id`],
  annotations: [`${sqlString(LOCAL_PREFIX)} || run_id AS run_id`],
};

/** Whether a table's rows come from the local releases too (their schemas must have it loaded). */
export function isUnioned(table: string): boolean {
  return table in UNIONED;
}

/**
 * The view `target.table` over the published schema and the local schemas (in order). Columns are matched by
 * name: the published runs carry the build's usage totals (derive.ts), a local release's do not (NULL there).
 * Local configurations sort after the published ones, in their releases' order.
 */
export function combinedViewSql(table: string, target: string, published: string, locals: readonly string[]): string {
  // Derived per-task cells are derived again over the combined views (create configs, sessions, tasks and runs
  // first): a local configuration gets a cell for every published focus task, a missing run counting unresolved.
  if (table === "task_cells") return `CREATE OR REPLACE TABLE ${target}.task_cells AS ${taskCellsSelect(target)}`;
  if (table === "repo_tallies") return `CREATE OR REPLACE TABLE ${target}.repo_tallies AS ${repoTalliesSelect(target)}`;
  const replace = UNIONED[table];
  if (!replace) return `CREATE OR REPLACE VIEW ${target}.${table} AS SELECT * FROM ${published}.${table}`;
  const parts = [
    `SELECT * FROM ${published}.${table}`,
    ...locals.map((schema, i) => {
      const cols =
        table === "configs" ? [...replace, `(${1_000_000 * (i + 1)} + sort_order)::INTEGER AS sort_order`] : replace;
      return `SELECT * REPLACE (${cols.join(", ")}) FROM ${schema}.${table}`;
    }),
  ];
  return `CREATE OR REPLACE VIEW ${target}.${table} AS\n${parts.join("\nUNION ALL BY NAME\n")}`;
}

/** Local runs of these configurations whose session the published release does not have (left out of a compare). */
export function unmatchedLocalRunsSql(configIds: readonly string[]): string {
  const local = configIds.filter((c) => c.startsWith(LOCAL_PREFIX));
  if (local.length === 0) return "SELECT 0 AS n";
  return `
SELECT COUNT(*)::INTEGER AS n FROM runs r
WHERE r.config_id IN (${local.map(sqlString).join(", ")})
  AND NOT EXISTS (SELECT 1 FROM sessions s WHERE s.session_id = r.session_id)`;
}

export function isLocalId(id: string | null | undefined): boolean {
  return id !== null && id !== undefined && id.startsWith(LOCAL_PREFIX);
}

export const unmatchedLocalRunsQuery = defineQuery<readonly string[], { n: number }>({
  name: "unmatched local runs",
  tables: ["runs", "sessions"],
  sql: (configIds) => unmatchedLocalRunsSql(configIds),
});
