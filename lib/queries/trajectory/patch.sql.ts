// The run's submitted patch and what its marks are judged against (docs/trajectory-explorer.md, "Final
// patch" and "Requirement ledger"): the patch reference, every session task's changed source files (the
// task_files table) and the focus task's stages. Run by DuckDB-WASM on the trajectory and compare pages and
// by DuckDB in Node in tests.
import { sqlString } from "../sql";
import { defineQuery } from "../query";

export interface RunPatchRow {
  run_id: string;
  patch: string | null;
}

export function runPatchSql(runId: string): string {
  return `SELECT run_id, patch FROM runs WHERE run_id = ${sqlString(runId)}`;
}

export interface SessionTaskFileRow {
  task_id: string;
  path: string;
}

/** Changed source files of every task with a checkout in the run's session. */
export function sessionTaskFilesSql(runId: string): string {
  return `
SELECT f.task_id, f.path
FROM runs r
JOIN session_workspaces w ON w.session_id = r.session_id
JOIN task_files f ON f.task_id = w.task_id
WHERE r.run_id = ${sqlString(runId)}
ORDER BY f.task_id, f.path`;
}

export interface FocusStageRow {
  stage: number;
}

export function focusStagesSql(runId: string): string {
  return `
SELECT st.stage::INTEGER AS stage
FROM runs r
JOIN sessions s ON s.session_id = r.session_id
JOIN task_stages st ON st.task_id = s.focus_task_id
WHERE r.run_id = ${sqlString(runId)}
ORDER BY st.stage`;
}

export const runPatchQuery = defineQuery<string, RunPatchRow>({
  name: "run patch",
  tables: ["runs"],
  sql: (runId) => runPatchSql(runId),
});

export const sessionTaskFilesQuery = defineQuery<string, SessionTaskFileRow>({
  name: "session task files",
  tables: ["runs", "session_workspaces", "task_files"],
  sql: (runId) => sessionTaskFilesSql(runId),
});

export const focusStagesQuery = defineQuery<string, FocusStageRow>({
  name: "focus stages",
  tables: ["runs", "sessions", "task_stages"],
  sql: (runId) => focusStagesSql(runId),
});

/** Changed source files of every session task, for the runs a predicate over runs r selects (the build's pass). */
export function sessionTaskFilesWhereSql(where: string): string {
  return `
SELECT r.run_id, f.task_id, f.path
FROM runs r
JOIN session_workspaces w ON w.session_id = r.session_id
JOIN task_files f ON f.task_id = w.task_id
WHERE ${where}
ORDER BY r.run_id, f.task_id, f.path`;
}

/** The focus task's stages, for the runs a predicate over runs r selects (the build's pass). */
export function focusStagesWhereSql(where: string): string {
  return `
SELECT r.run_id, st.stage::INTEGER AS stage
FROM runs r
JOIN sessions s ON s.session_id = r.session_id
JOIN task_stages st ON st.task_id = s.focus_task_id
WHERE ${where}
ORDER BY r.run_id, st.stage`;
}
