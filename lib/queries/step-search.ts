// Search over the steps index (docs/data-format.md, "Derived tables"): literal or regular-expression matches
// in commands, edited paths and the message/observation excerpts, filtered by run-level facts (joined from
// runs, sessions, tasks) and step-level ones. One SQL for the matching steps, one for the matching runs per
// configuration; both run on DuckDB in Node (tests) and DuckDB-WASM (the search page).
import { sqlString } from "./sql";
import { defineQuery } from "./query";

export type SearchField = "all" | "command" | "paths" | "text";
export type SearchMode = "literal" | "regex";

export interface StepSearch {
  q: string;
  mode: SearchMode;
  field: SearchField;
  config: string;
  condition: string;
  group: string;
  repo: string;
  /** focus | interruption | finalization */
  kind: string;
  tool: string;
  /** "resolved" | "unresolved" */
  outcome: string;
  /** Only steps whose tool calls reach a checkout of another task than the request's. */
  other: boolean;
}

export const EMPTY_SEARCH: StepSearch = {
  q: "",
  mode: "literal",
  field: "all",
  config: "",
  condition: "",
  group: "",
  repo: "",
  kind: "",
  tool: "",
  outcome: "",
  other: false,
};

/** Rows the results list holds at most; the counts per configuration are always complete. */
export const SEARCH_ROW_LIMIT = 5000;

const FIELDS: Record<Exclude<SearchField, "all">, string[]> = {
  command: ["s.command"],
  paths: ["s.paths"],
  text: ["s.message", "s.observation"],
};

function columnsOf(field: SearchField): string[] {
  return field === "all" ? [...FIELDS.command, ...FIELDS.paths, ...FIELDS.text] : FIELDS[field];
}

/** The match condition alone; literal matches ignore case, regular expressions are RE2 as written. */
export function matchSql(q: string, mode: SearchMode, field: SearchField): string {
  if (q === "") return "TRUE";
  const cols = columnsOf(field);
  const parts =
    mode === "regex"
      ? cols.map((c) => `coalesce(regexp_matches(${c}, ${sqlString(q)}), FALSE)`)
      : cols.map((c) => `coalesce(contains(lower(${c}), ${sqlString(q.toLowerCase())}), FALSE)`);
  return `(${parts.join(" OR ")})`;
}

const FROM = `
FROM steps s
JOIN runs r ON r.run_id = s.run_id
JOIN sessions se ON se.session_id = r.session_id
JOIN configs c ON c.config_id = r.config_id
LEFT JOIN tasks t ON t.task_id = se.focus_task_id`;

export function searchWhereSql(f: StepSearch): string {
  const w = [matchSql(f.q, f.mode, f.field)];
  if (f.config) w.push(`r.config_id = ${sqlString(f.config)}`);
  if (f.condition) w.push(`se.condition = ${sqlString(f.condition)}`);
  if (f.group) w.push(`se.task_group = ${sqlString(f.group)}`);
  if (f.repo) w.push(`t.repo = ${sqlString(f.repo)}`);
  if (f.kind) w.push(`s.request_kind = ${sqlString(f.kind)}`);
  if (f.tool) w.push(`list_contains(string_split(coalesce(s.tools, ''), ','), ${sqlString(f.tool)})`);
  if (f.outcome) w.push(f.outcome === "resolved" ? "r.resolved" : "NOT r.resolved");
  if (f.other) w.push("s.other_checkout");
  return w.join("\n  AND ");
}

export interface StepHitRow {
  run_id: string;
  config_id: string;
  display_name: string;
  condition: string;
  task_group: string;
  focus_task_id: string;
  repo: string | null;
  resolved: boolean;
  step: number;
  position: number | null;
  request_kind: string | null;
  task_id: string | null;
  checkout: string | null;
  other_checkout: boolean;
  source: string;
  tools: string | null;
  command: string | null;
  paths: string | null;
  message: string | null;
  observation: string | null;
}

/** Matching steps, grouped by run (configuration, run, step order), at most SEARCH_ROW_LIMIT. */
export function stepSearchSql(f: StepSearch, limit = SEARCH_ROW_LIMIT): string {
  return `
SELECT s.run_id, r.config_id, c.display_name, se.condition, se.task_group, se.focus_task_id, t.repo, r.resolved,
  s.step, s.position, s.request_kind, s.task_id, s.checkout, s.other_checkout, s.source, s.tools, s.command, s.paths,
  s.message, s.observation${FROM}
WHERE ${searchWhereSql(f)}
ORDER BY r.config_id, s.run_id, s.step
LIMIT ${Math.max(0, Math.floor(limit))}`;
}

export interface SearchConfigRow {
  config_id: string;
  display_name: string;
  /** Runs with at least one matching step. */
  matching_runs: number;
  matching_steps: number;
  /** Runs of the configuration with a trajectory that pass the run-level filters (the denominator). */
  runs: number;
}

/** Matching runs and steps per configuration, every configuration with runs in scope listed (0 when none match). */
export function searchByConfigSql(f: StepSearch): string {
  const runFilters = searchWhereSql({
    ...EMPTY_SEARCH,
    config: f.config,
    condition: f.condition,
    group: f.group,
    repo: f.repo,
    outcome: f.outcome,
  });
  return `
WITH hits AS (
  SELECT r.config_id, count(DISTINCT s.run_id)::INTEGER AS matching_runs, count(*)::INTEGER AS matching_steps${FROM}
  WHERE ${searchWhereSql(f)}
  GROUP BY r.config_id
), scope AS (
  SELECT r.config_id, count(*)::INTEGER AS runs
  FROM runs r
  JOIN sessions se ON se.session_id = r.session_id
  LEFT JOIN tasks t ON t.task_id = se.focus_task_id
  WHERE r.trajectory IS NOT NULL AND ${runFilters}
  GROUP BY r.config_id
)
SELECT c.config_id, c.display_name, coalesce(h.matching_runs, 0)::INTEGER AS matching_runs,
  coalesce(h.matching_steps, 0)::INTEGER AS matching_steps, sc.runs
FROM scope sc
JOIN configs c ON c.config_id = sc.config_id
LEFT JOIN hits h ON h.config_id = sc.config_id
ORDER BY c.config_id`;
}

/** Distinct tool names in the index, for the tool filter. */
export const SEARCH_TOOLS_SQL = `
SELECT DISTINCT trim(tool) AS tool FROM (SELECT unnest(string_split(tools, ',')) AS tool FROM steps WHERE tools IS NOT NULL)
ORDER BY tool`;

// The steps table is sharded (steps-shards.ts): the search loads the shards it needs before running these.
const SEARCH_TABLES = ["steps", "runs", "sessions", "configs", "tasks"] as const;

export const stepSearchQuery = defineQuery<StepSearch, StepHitRow>({
  name: "step search",
  tables: SEARCH_TABLES,
  sql: (f) => stepSearchSql(f),
});

export const searchByConfigQuery = defineQuery<StepSearch, SearchConfigRow>({
  name: "search by configuration",
  tables: SEARCH_TABLES,
  sql: (f) => searchByConfigSql(f),
});
