// Search over the steps index (docs/data-format.md, "Derived tables"): literal or regular-expression matches
// in commands, edited paths and the message/observation excerpts, filtered by run-level facts and step-level
// ones. It reads only the search's own tables (lib/queries/search/index-tables.ts): the query is matched once
// per distinct text, the steps are then found by integer id, and the run filters come from step_runs. One
// SQL for the matching steps, one for the matching runs per configuration; both run on DuckDB in Node (tests)
// and DuckDB-WASM (the search page).
import { sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";
import { STEP_CONTEXTS, STEP_INDEX, STEP_RUNS, STEP_TEXTS, TEXT_FIELDS, type TextField } from "./index-tables";

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

/**
 * Hits the results list fetches at a time: a search converts only this many rows from Arrow (the counts per
 * configuration are one aggregate over every match); the list asks for the next page as it is scrolled.
 */
export const SEARCH_PAGE = 200;

/** Where a page of hits starts: after this step of this run (step_runs' integer key), or at the first hit. */
export interface HitKey {
  run: number;
  step: number;
}

export interface StepSearchPage {
  search: StepSearch;
  after: HitKey | null;
  limit: number;
}

const FIELDS: Record<SearchField, readonly TextField[]> = {
  all: TEXT_FIELDS,
  command: ["command"],
  paths: ["paths"],
  text: ["message", "observation"],
};

/** The text fields a search matches in. */
export function fieldsOf(field: SearchField): readonly TextField[] {
  return FIELDS[field];
}

/**
 * The ids of the matching distinct texts (step_texts), or null without a query. Literal matches ignore case
 * (a contains() over the pre-lowered `hay`); regular expressions are RE2 as written.
 */
export function matchingTextsSql(q: string, mode: SearchMode, field: SearchField): string | null {
  if (q === "") return null;
  const fields = fieldsOf(field)
    .map((f) => sqlString(f))
    .join(", ");
  const test =
    mode === "regex" ? `regexp_matches(text, ${sqlString(q)})` : `contains(hay, ${sqlString(q.toLowerCase())})`;
  return `SELECT id FROM ${STEP_TEXTS} WHERE field IN (${fields}) AND ${test}`;
}

function hasRunFilter(f: StepSearch): boolean {
  return Boolean(f.config || f.condition || f.group || f.repo || f.outcome);
}

/** The run-level filters over step_runs (alias r). */
export function runWhereSql(f: StepSearch): string {
  const w = ["TRUE"];
  if (f.config) w.push(`r.config_id = ${sqlString(f.config)}`);
  if (f.condition) w.push(`r.condition = ${sqlString(f.condition)}`);
  if (f.group) w.push(`r.task_group = ${sqlString(f.group)}`);
  if (f.repo) w.push(`r.repo = ${sqlString(f.repo)}`);
  if (f.outcome) w.push(f.outcome === "resolved" ? "r.resolved" : "NOT r.resolved");
  return w.join(" AND ");
}

/**
 * The CTEs both queries start with: `m` the matching text ids, `scope` the runs in the filters, `ctx` the
 * step contexts in the filters, and the step-level condition over step_index (alias s). No table of the release itself is read.
 */
function parts(f: StepSearch): { ctes: string; where: string } {
  const texts = matchingTextsSql(f.q, f.mode, f.field);
  const ctes = [`scope AS (SELECT r.* FROM ${STEP_RUNS} r WHERE ${runWhereSql(f)})`];
  const w: string[] = [];
  if (texts) {
    ctes.unshift(`m AS (${texts})`);
    w.push(
      `(${fieldsOf(f.field)
        .map((x) => `s.${x}_id IN (SELECT id FROM m)`)
        .join(" OR ")})`,
    );
  }
  if (hasRunFilter(f)) w.push("s.run IN (SELECT run FROM scope)");
  const cw: string[] = [];
  if (f.kind) cw.push(`x.request_kind = ${sqlString(f.kind)}`);
  if (f.tool) cw.push(`list_contains(string_split(coalesce(x.tools, ''), ','), ${sqlString(f.tool)})`);
  if (f.other) cw.push("x.other_checkout");
  if (cw.length) {
    ctes.push(`ctx AS (SELECT x.ctx FROM ${STEP_CONTEXTS} x WHERE ${cw.join(" AND ")})`);
    w.push("s.ctx IN (SELECT ctx FROM ctx)");
  }
  return { ctes: `WITH ${ctes.join(",\n")}`, where: w.length ? w.join("\n  AND ") : "TRUE" };
}

export interface StepHitRow {
  /** step_runs' integer key of the run (with `step`, where the next page starts). */
  run: number;
  /** Matching steps of this run in all (a run's hits may span pages). */
  run_steps: number;
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
  /** null also when the field's texts are not loaded: see observation_chars. */
  observation: string | null;
  message_chars: number;
  observation_chars: number;
}

/**
 * One page of matching steps, grouped by run (configuration, run, step order): `limit` hits after `after`
 * (keyset paging over step_index's (run, step) order). The rows are found over the integer columns first,
 * then only the texts those rows name are looked up (a join of every text would build a hash table over all
 * of step_texts).
 */
export function stepSearchSql(f: StepSearch, after: HitKey | null = null, limit = SEARCH_PAGE): string {
  const { ctes, where } = parts(f);
  const int = (n: number) => Math.max(0, Math.floor(n));
  const from = after
    ? `(s.run > ${int(after.run)} OR (s.run = ${int(after.run)} AND s.step > ${int(after.step)}))`
    : "TRUE";
  return `
${ctes},
k AS (
  SELECT s.* FROM ${STEP_INDEX} s
  WHERE ${where}
    AND ${from}
  ORDER BY s.run, s.step
  LIMIT ${int(limit)}
),
tx AS (
  SELECT t.id, t.text FROM ${STEP_TEXTS} t
  WHERE t.id IN (SELECT unnest([${TEXT_FIELDS.map((x) => `${x}_id`).join(", ")}]) FROM k)
),
n AS (
  -- A join (not IN): DuckDB narrows the scan to the page's run range (step_index is stored in run order).
  SELECT s.run, count(*)::INTEGER AS run_steps FROM ${STEP_INDEX} s
  JOIN (SELECT DISTINCT run FROM k) kr ON kr.run = s.run
  WHERE ${where}
  GROUP BY s.run
)
SELECT k.run, n.run_steps, r.run_id, r.config_id, r.display_name, r.condition, r.task_group, r.focus_task_id, r.repo, r.resolved,
  k.step, k.position, x.request_kind, x.task_id, x.checkout, x.other_checkout, x.source, x.tools,
  ${TEXT_FIELDS.map((x) => `x_${x}.text AS ${x}`).join(", ")}, k.message_chars, k.observation_chars
FROM k
JOIN ${STEP_RUNS} r ON r.run = k.run
JOIN n ON n.run = k.run
JOIN ${STEP_CONTEXTS} x ON x.ctx = k.ctx
${TEXT_FIELDS.map((x) => `LEFT JOIN tx x_${x} ON x_${x}.id = k.${x}_id`).join("\n")}
ORDER BY k.run, k.step`;
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

/**
 * Matching runs and steps per configuration, every configuration with runs in scope listed (0 when none
 * match). `configs` limits the answer to those configurations (a progressive search asks shard by shard).
 */
export function searchByConfigSql(f: StepSearch, configs?: readonly string[]): string {
  const { ctes, where } = parts(f);
  const only = configs ? ` WHERE sc.config_id IN (${configs.map(sqlString).join(", ") || "NULL"})` : "";
  return `
${ctes},
hits AS (
  SELECT s.run, count(*)::INTEGER AS n FROM ${STEP_INDEX} s
  WHERE ${where}
  GROUP BY s.run
)
SELECT sc.config_id, any_value(sc.display_name) AS display_name, count(h.run)::INTEGER AS matching_runs,
  coalesce(sum(h.n), 0)::INTEGER AS matching_steps, count(*)::INTEGER AS runs
FROM scope sc
LEFT JOIN hits h ON h.run = sc.run${only}
GROUP BY sc.config_id
ORDER BY sc.config_id`;
}

/** Distinct tool names in the index, for the tool filter. */
export const SEARCH_TOOLS_SQL = `
SELECT DISTINCT trim(tool) AS tool FROM (SELECT unnest(string_split(tools, ',')) AS tool FROM ${STEP_CONTEXTS} WHERE tools IS NOT NULL)
ORDER BY tool`;

// Only the search's own tables, which the search page loads in parts before running these (steps-shards.ts):
// none of the release's tables is read.
const SEARCH_TABLES = [STEP_INDEX, STEP_TEXTS, STEP_RUNS, STEP_CONTEXTS] as const;

export const stepSearchQuery = defineQuery<StepSearchPage, StepHitRow>({
  name: "step search",
  tables: SEARCH_TABLES,
  sql: (p) => stepSearchSql(p.search, p.after, p.limit),
});

export const searchByConfigQuery = defineQuery<{ search: StepSearch; configs?: string[] }, SearchConfigRow>({
  name: "search by configuration",
  tables: SEARCH_TABLES,
  sql: (p) => searchByConfigSql(p.search, p.configs),
});
