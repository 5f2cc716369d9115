// What the detectors read beside many runs' trajectories at once (the build's trajectory pass, the detectors'
// bench): the keyed queries of run.sql.ts over those runs and their sessions, assembled as the page assembles one
// run (run.ts), so a tag the page shows and a tag the release's tables count read the same rows.
import { keyedRows, keysOf } from "../../db/query";
import type { Db } from "../../db/types";
import type { SessionTaskFileRow } from "./run.sql";
import { scheduleOf } from "./run";
import {
  focusStagesQuery,
  runUsageQuery,
  sessionRequestsQuery,
  sessionTaskFilesQuery,
  sessionWorkspacesQuery,
  verdictTestsQuery,
} from "./run.sql";
import type { RunTestRow, ScheduleRow, WorkspaceRow } from "./sql";

export interface RunEvidence {
  schedule: ScheduleRow[];
  workspaces: WorkspaceRow[];
  verdict: RunTestRow[];
  /** The focus task's stages (the ledger's rows). */
  stages: number[];
  /** Changed source files of every session task (the final patch's taint input). */
  taskFiles: SessionTaskFileRow[];
}

export async function runContexts(
  db: Db,
  runs: readonly { run_id: string; session_id: string }[],
): Promise<Map<string, RunEvidence>> {
  const runKeys = keysOf(runs.map((r) => r.run_id));
  const sessionKeys = keysOf([...new Set(runs.map((r) => r.session_id))]);
  const usage = await keyedRows(db, runUsageQuery, runKeys);
  const verdict = await keyedRows(db, verdictTestsQuery, runKeys);
  const requests = await keyedRows(db, sessionRequestsQuery, sessionKeys);
  const workspaces = await keyedRows(db, sessionWorkspacesQuery, sessionKeys);
  const stages = await keyedRows(db, focusStagesQuery, sessionKeys);
  const taskFiles = await keyedRows(db, sessionTaskFilesQuery, sessionKeys);
  return new Map(
    runs.map(({ run_id, session_id }) => [
      run_id,
      {
        schedule: scheduleOf(run_id, requests.get(session_id) ?? [], usage.get(run_id) ?? []),
        workspaces: (workspaces.get(session_id) ?? []).map((w) => ({ run_id, ...w })),
        verdict: verdict.get(run_id) ?? [],
        stages: (stages.get(session_id) ?? []).map((s) => s.stage),
        taskFiles: taskFiles.get(session_id) ?? [],
      },
    ]),
  );
}
