// The queries of one run and of one session, keyed (lib/db/query.ts, `defineKeyedQuery`): one SQL text answers
// one id on the page and every id at once in the build, which writes the answers ahead of time (lib/db/answers.ts).
// A run's page then reads its header, usage, verdict, annotations and ledger facts from one small file, and its
// session's requests and checkouts from another. A session's requests and checkouts are the same for every run of
// it, so they are keyed by session and written once.
import { defineKeyedQuery } from "../../db/query";
import { requestColumnsSql, type RequestRow } from "./request-row";
import {
  trajectoryRunsSql,
  RUN_HEADER_COLUMNS,
  VERDICT_STAGE_COUNTS,
  type AnnotationRow,
  type RunHeaderRow,
  type TrajectoryRunRow,
  type VerdictStageRow,
  type RunTestRow,
  type WorkspaceRow,
} from "./sql";
import type { TableRowOf } from "../../data/table-rows";

export type RunPatchRow = Pick<TableRowOf<"runs">, "run_id" | "patch">;
export type SessionTaskFileRow = Pick<TableRowOf<"task_files">, "task_id" | "path">;
export type FocusStageRow = Pick<TableRowOf<"task_stages">, "stage">;

const RUNS = { space: "run", keys: "SELECT run_id AS answer_key FROM runs" };
const SESSIONS = { space: "session", keys: "SELECT session_id AS answer_key FROM sessions" };

// The matched run (the same configuration, focus task and repeat under another condition) by a window over the
// keyed runs, which answers a batch of thousands of runs in one pass where a lateral join would not.
export const runHeaderQuery = defineKeyedQuery<RunHeaderRow>({
  name: "run header",
  tables: ["runs", "configs", "sessions", "tasks"],
  ...RUNS,
  each: (keys) => `
WITH base AS (
  SELECT r.run_id, r.config_id, r.repeat, s.focus_task_id, s.condition
  FROM runs r JOIN sessions s ON s.session_id = r.session_id
),
matched AS (
  SELECT a.run_id, b.run_id AS matched_run_id, b.condition AS matched_condition,
    ROW_NUMBER() OVER (PARTITION BY a.run_id ORDER BY b.condition, b.run_id) AS k
  FROM base a JOIN ${keys} ka ON ka.answer_key = a.run_id
  JOIN base b ON b.config_id = a.config_id AND b.repeat = a.repeat AND b.focus_task_id = a.focus_task_id AND b.condition <> a.condition
)
SELECT kk.answer_key, ${RUN_HEADER_COLUMNS}, m.matched_run_id, m.matched_condition
FROM ${keys} kk
JOIN runs r ON r.run_id = kk.answer_key
JOIN configs c ON c.config_id = r.config_id
JOIN sessions s ON s.session_id = r.session_id
LEFT JOIN tasks t ON t.task_id = s.focus_task_id
LEFT JOIN matched m ON m.run_id = r.run_id AND m.k = 1`,
});

export interface RequestUsageRow {
  position: number;
  tokens: number;
  cached_tokens: number;
  model_calls: number;
  tool_calls: number;
  wall_s: number | null;
  cost_usd: number | null;
}

/** The run's usage per request it ran (a request it did not run has no row). */
export const runUsageQuery = defineKeyedQuery<RequestUsageRow>({
  name: "run usage",
  tables: ["request_usage"],
  ...RUNS,
  each: (keys) => `
SELECT kk.answer_key, u.position::INTEGER AS position, u.tokens::DOUBLE AS tokens, u.cached_tokens::DOUBLE AS cached_tokens,
  u.model_calls::INTEGER AS model_calls, u.tool_calls::INTEGER AS tool_calls, u.wall_s::DOUBLE AS wall_s, u.cost_usd::DOUBLE AS cost_usd
FROM ${keys} kk JOIN request_usage u ON u.run_id = kk.answer_key
ORDER BY kk.answer_key, u.position`,
});

/** The final focus verdict per test kind and stage. */
export const verdictStagesQuery = defineKeyedQuery<VerdictStageRow>({
  name: "verdict stages",
  tables: ["test_results"],
  ...RUNS,
  each: (keys) => `
SELECT kk.answer_key, kind, stage::INTEGER AS stage, ${VERDICT_STAGE_COUNTS}
FROM ${keys} kk JOIN test_results tr ON tr.run_id = kk.answer_key
GROUP BY kk.answer_key, kind, stage
ORDER BY kk.answer_key, kind, stage NULLS LAST`,
});

/** Every focus test's final status (the detectors read stages; the panel lists the ones that did not pass). */
export const verdictTestsQuery = defineKeyedQuery<RunTestRow>({
  name: "verdict tests",
  tables: ["test_results"],
  ...RUNS,
  each: (keys) => `
SELECT kk.answer_key, tr.test_id, tr.kind, tr.stage::INTEGER AS stage, tr.status
FROM ${keys} kk JOIN test_results tr ON tr.run_id = kk.answer_key
ORDER BY kk.answer_key, tr.kind, tr.stage NULLS LAST, tr.test_id`,
});

export const runAnnotationsQuery = defineKeyedQuery<AnnotationRow>({
  name: "run annotations",
  tables: ["annotations"],
  ...RUNS,
  each: (keys) => `
SELECT kk.answer_key, annotation_id::INTEGER AS annotation_id, signature, position::INTEGER AS position, step_ids, note,
  author_kind, author_name
FROM ${keys} kk JOIN annotations a ON a.run_id = kk.answer_key
ORDER BY kk.answer_key, annotation_id`,
});

export const runPatchQuery = defineKeyedQuery<RunPatchRow>({
  name: "run patch",
  tables: ["runs"],
  ...RUNS,
  each: (keys) => `SELECT kk.answer_key, r.run_id, r.patch FROM ${keys} kk JOIN runs r ON r.run_id = kk.answer_key`,
});

/** The focus task's stages (the requirement ledger's rows). */
export const focusStagesQuery = defineKeyedQuery<FocusStageRow>({
  name: "focus stages",
  tables: ["sessions", "task_stages"],
  ...SESSIONS,
  each: (keys) => `
SELECT kk.answer_key, st.stage::INTEGER AS stage
FROM ${keys} kk JOIN sessions s ON s.session_id = kk.answer_key
JOIN task_stages st ON st.task_id = s.focus_task_id
ORDER BY kk.answer_key, st.stage`,
});

/** Changed source files of every task with a checkout in the session. */
export const sessionTaskFilesQuery = defineKeyedQuery<SessionTaskFileRow>({
  name: "session task files",
  tables: ["session_workspaces", "task_files"],
  ...SESSIONS,
  each: (keys) => `
SELECT kk.answer_key, f.task_id, f.path
FROM ${keys} kk JOIN session_workspaces w ON w.session_id = kk.answer_key
JOIN task_files f ON f.task_id = w.task_id
ORDER BY kk.answer_key, f.task_id, f.path`,
});

export interface SessionRequestRow extends RequestRow {
  in_switch_focus_scope: boolean;
  text: string | null;
}

/** The session's requests with their flags and texts, in order. */
export const sessionRequestsQuery = defineKeyedQuery<SessionRequestRow>({
  name: "session requests",
  tables: ["requests", "task_stages"],
  ...SESSIONS,
  each: (keys) => `
SELECT kk.answer_key, ${requestColumnsSql("q")}, q.in_switch_focus_scope, st.text
FROM ${keys} kk JOIN requests q ON q.session_id = kk.answer_key
LEFT JOIN task_stages st ON st.task_id = q.task_id AND st.stage = q.stage
ORDER BY kk.answer_key, q.position`,
});

export type SessionWorkspaceRow = Omit<WorkspaceRow, "run_id">;

export const sessionWorkspacesQuery = defineKeyedQuery<SessionWorkspaceRow>({
  name: "session workspaces",
  tables: ["sessions", "session_workspaces"],
  ...SESSIONS,
  each: (keys) => `
SELECT kk.answer_key, w.workspace, w.task_id, w.task_id = s.focus_task_id AS is_focus
FROM ${keys} kk JOIN sessions s ON s.session_id = kk.answer_key
JOIN session_workspaces w ON w.session_id = kk.answer_key
ORDER BY kk.answer_key, w.workspace`,
});

/** One configuration's runs, in the run list's order: the list reads a configuration's at a time. */
export const configRunsQuery = defineKeyedQuery<TrajectoryRunRow>({
  name: "configuration runs",
  tables: ["runs", "configs", "sessions", "tasks", "annotations"],
  space: "config",
  keys: "SELECT DISTINCT config_id AS answer_key FROM runs",
  each: (keys) => trajectoryRunsSql(undefined, {}, keys),
  keysPerShard: 1,
  keysPerBatch: 50,
});

/** Every keyed query: the build answers each for every key of its space. */
export const KEYED_QUERIES = [
  runHeaderQuery,
  runUsageQuery,
  verdictStagesQuery,
  verdictTestsQuery,
  runAnnotationsQuery,
  runPatchQuery,
  focusStagesQuery,
  sessionTaskFilesQuery,
  sessionRequestsQuery,
  sessionWorkspacesQuery,
  configRunsQuery,
];
