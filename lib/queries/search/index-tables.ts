// The steps index as the search reads it (docs/data-format.md, "Derived tables: the steps index"): the flat
// `steps` table (one row per step, texts inline) is split into four tables so a search scans little and joins
// nothing of the release's own tables:
//   step_runs   one row per run with a trajectory: an integer key and the run-level filter columns, denormalised
//   step_texts  each distinct text of a field once (commands, paths, messages, observations), with `hay`,
//               its lower-case form, so a literal search is one contains() over distinct texts
//   step_contexts  each distinct combination of a step's request kind, task, checkout, source and tools once
//   step_index  one row per step, integers only: keys into step_runs, step_contexts and step_texts, the step,
//               its request position and its texts' full lengths (DuckDB-WASM ingests integers several times
//               faster than strings, and the search's scan reads nothing else)
// The build creates them from `steps` with this SQL (and ships them as Arrow shards); tests create them the
// same way. The shards leave `hay` out: the browser derives it with STEP_TEXTS_HAY as each shard is appended.
export const TEXT_FIELDS = ["command", "paths", "message", "observation"] as const;
export type TextField = (typeof TEXT_FIELDS)[number];

export const STEP_RUNS = "step_runs";
export const STEP_TEXTS = "step_texts";
export const STEP_CONTEXTS = "step_contexts";
export const STEP_INDEX = "step_index";

/** The lower-case haystack of a text, the same expression in Node and in DuckDB-WASM. */
export const STEP_TEXTS_HAY = "lower(text)";

/** Runs numbered in (configuration, run id) order: a step's `run` sorts its hits as the run ids would. */
export const STEP_RUNS_SQL = `
CREATE TABLE ${STEP_RUNS} AS
SELECT (row_number() OVER (ORDER BY r.config_id, r.run_id) - 1)::INTEGER AS run, r.run_id, r.config_id,
  c.display_name, se.condition, se.task_group, se.focus_task_id, t.repo, r.resolved
FROM runs r
JOIN sessions se ON se.session_id = r.session_id
JOIN configs c ON c.config_id = r.config_id
LEFT JOIN tasks t ON t.task_id = se.focus_task_id
WHERE r.trajectory IS NOT NULL
ORDER BY run`;

/** Distinct texts per field, ids in (field order, text) order. */
export const STEP_TEXTS_SQL = `
CREATE TABLE ${STEP_TEXTS} AS
WITH d AS (
${TEXT_FIELDS.map((f, i) => `  SELECT DISTINCT ${i} AS f, '${f}' AS field, ${f} AS text FROM steps WHERE ${f} IS NOT NULL`).join("\n  UNION ALL\n")}
)
SELECT (row_number() OVER (ORDER BY f, text) - 1)::INTEGER AS id, field, text, ${STEP_TEXTS_HAY} AS hay
FROM d
ORDER BY id`;

const CONTEXT_KEY = ["request_kind", "task_id", "checkout", "other_checkout", "source", "tools", "tool_calls"] as const;

export const STEP_CONTEXTS_SQL = `
CREATE TABLE ${STEP_CONTEXTS} AS
WITH d AS (SELECT DISTINCT ${CONTEXT_KEY.join(", ")} FROM steps)
SELECT (row_number() OVER (ORDER BY ${CONTEXT_KEY.map((c) => `${c} NULLS FIRST`).join(", ")}) - 1)::INTEGER AS ctx, *
FROM d
ORDER BY ctx`;

export const STEP_INDEX_COLUMNS = {
  run: "INTEGER",
  step: "INTEGER",
  position: "INTEGER",
  ctx: "INTEGER",
  command_id: "INTEGER",
  paths_id: "INTEGER",
  message_id: "INTEGER",
  message_chars: "INTEGER",
  observation_id: "INTEGER",
  observation_chars: "INTEGER",
} as const;

export const STEP_INDEX_SQL = `
CREATE TABLE ${STEP_INDEX} AS
SELECT r.run, s.step, s.position, x.ctx,
  ${TEXT_FIELDS.map((f) => `x_${f}.id AS ${f}_id${f === "message" || f === "observation" ? `, s.${f}_chars` : ""}`).join(", ")}
FROM steps s
JOIN ${STEP_RUNS} r ON r.run_id = s.run_id
JOIN ${STEP_CONTEXTS} x ON ${CONTEXT_KEY.map((c) => `x.${c} IS NOT DISTINCT FROM s.${c}`).join(" AND ")}
${TEXT_FIELDS.map((f) => `LEFT JOIN ${STEP_TEXTS} x_${f} ON x_${f}.field = '${f}' AND x_${f}.text = s.${f}`).join("\n")}
ORDER BY r.run, s.step`;

/** Creates the four tables from `steps` and the release's run tables (build and tests). */
export const STEP_INDEX_TABLES_SQL = [STEP_RUNS_SQL, STEP_TEXTS_SQL, STEP_CONTEXTS_SQL, STEP_INDEX_SQL] as const;

/**
 * The flat `steps` table again, as a view over the three (the SQL console offers it under that name, so a
 * statement written against the documented columns runs unchanged in the browser).
 */
export const stepsViewSql = (name = "steps") => `
CREATE OR REPLACE VIEW ${name} AS
SELECT r.run_id, s.step, s.position, x.request_kind, x.task_id, x.checkout, x.other_checkout, x.source, x.tools,
  x.tool_calls, x_command.text AS command, x_paths.text AS paths, x_message.text AS message, s.message_chars,
  x_observation.text AS observation, s.observation_chars
FROM ${STEP_INDEX} s
JOIN ${STEP_RUNS} r ON r.run = s.run
JOIN ${STEP_CONTEXTS} x ON x.ctx = s.ctx
${TEXT_FIELDS.map((f) => `LEFT JOIN ${STEP_TEXTS} x_${f} ON x_${f}.id = s.${f}_id`).join("\n")}`;

/** Appends one text shard (id, field, text), read into `staging`, to step_texts with its haystack. */
export function appendTextsSql(staging: string): string {
  return `INSERT INTO ${STEP_TEXTS} SELECT id, field, text, ${STEP_TEXTS_HAY} AS hay FROM ${staging}`;
}

export const CREATE_EMPTY_TEXTS_SQL = `CREATE TABLE IF NOT EXISTS ${STEP_TEXTS} (id INTEGER, field VARCHAR, text VARCHAR, hay VARCHAR)`;
