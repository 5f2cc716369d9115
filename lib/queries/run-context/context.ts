// What the detectors need beside a trajectory (the session's schedule, its checkouts, the final verdict and
// the release's annotations), assembled from the rows of the keyed queries (lib/queries/trajectory/run.sql.ts). The
// trajectory page builds it for one run (run.ts); the build's trajectory pass for many at once (run-contexts.ts),
// from the same SQL, so a tag the page shows and a tag the release tables count come from one analysis.
import type { AnalysisContext } from "../../trajectory/worker-protocol";
import {
  toAnnotationInputs,
  toRequestInfo,
  toVerdictTests,
  type AnnotationRow,
  type ScheduleRow,
  type RunTestRow,
  type WorkspaceRow,
} from "../trajectory/sql";

export interface RunContextRows {
  /** null: the run is not in the release (nothing to segment by). */
  focusTaskId: string | null;
  schedule: readonly ScheduleRow[];
  workspaces: readonly WorkspaceRow[];
  /** null: no verdict known (not loaded yet, or none in the release). */
  verdictTests: readonly RunTestRow[] | null;
  annotations: readonly AnnotationRow[];
  submitText: string | null;
}

export function analysisContextOf(rows: RunContextRows): AnalysisContext {
  return {
    schedule: rows.focusTaskId === null ? null : rows.schedule.map((r) => toRequestInfo(r, rows.submitText)),
    focusTaskId: rows.focusTaskId,
    workspaces: Object.fromEntries(rows.workspaces.map((w) => [w.workspace, w.task_id])),
    verdict: rows.verdictTests === null ? null : toVerdictTests(rows.verdictTests),
    annotations: toAnnotationInputs(rows.annotations),
  };
}

export interface PassRunRow {
  run_id: string;
  session_id: string;
  config_id: string;
  condition: string;
  task_group: string;
  focus_task_id: string;
  repo: string | null;
  resolved: boolean;
  trajectory: string;
  /** The run's submitted patch (file or archive entry), null when it names none. */
  patch: string | null;
}

/** Every run that names a trajectory, in a stable order (the pass's work list). */
export const PASS_RUNS_SQL = `
SELECT r.run_id, r.session_id, r.config_id, s.condition, s.task_group, s.focus_task_id, t.repo, r.resolved, r.trajectory, r.patch
FROM runs r
JOIN sessions s ON s.session_id = r.session_id
LEFT JOIN tasks t ON t.task_id = s.focus_task_id
WHERE r.trajectory IS NOT NULL
ORDER BY r.run_id`;
