// The trajectory and compare pages' patch facts of a run: its `patch` reference, the session tasks' changed
// files and the focus stages (lib/queries/trajectory/patch.sql.ts), on the view's release source.
import type { QuerySource } from "../queries/query";
import {
  focusStagesQuery,
  runPatchQuery,
  sessionTaskFilesQuery,
  type SessionTaskFileRow,
} from "../queries/trajectory/patch.sql";
import { runWorkspacesQuery } from "../queries/trajectory/sql";

export interface RunPatchFacts {
  /** The release's reference to the run's patch, or null when it names none. */
  patch: string | null;
  files: SessionTaskFileRow[];
  stages: number[];
  /** Checkout path → task id of the run's session. */
  workspaces: Record<string, string>;
  focusTaskId: string | null;
}

export async function runPatchFacts(src: QuerySource, runId: string): Promise<RunPatchFacts> {
  const [[row], files, stages, ws] = await Promise.all([
    src.run(runPatchQuery, runId),
    src.run(sessionTaskFilesQuery, runId),
    src.run(focusStagesQuery, runId),
    src.run(runWorkspacesQuery, runId),
  ]);
  return {
    patch: row?.patch ?? null,
    files,
    stages: stages.map((s) => s.stage),
    workspaces: Object.fromEntries(ws.map((w) => [w.workspace, w.task_id])),
    focusTaskId: ws.find((w) => w.is_focus)?.task_id ?? null,
  };
}
