// The run's submitted patch and what its marks are judged against (docs/trajectory-explorer.md, "Final
// patch" and "Requirement ledger"): the rows of run.sql.ts's keyed queries, and the same for many runs at once
// for the build's trajectory pass.
import type { TableRowOf } from "../../data/table-rows";

export type RunPatchRow = Pick<TableRowOf<"runs">, "run_id" | "patch">;

export type SessionTaskFileRow = Pick<TableRowOf<"task_files">, "task_id" | "path">;

export type FocusStageRow = Pick<TableRowOf<"task_stages">, "stage">;

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
