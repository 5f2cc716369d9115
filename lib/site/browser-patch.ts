// The trajectory and compare pages' door to a run's patch facts: its `patch` reference, the session tasks'
// changed files and the focus stages (lib/queries/run-patch.ts), from the release's DuckDB-WASM.
import { releaseDb } from "../db/wasm";
import type { Db } from "../queries/db-types";
import { runWorkspacesSql, type WorkspaceRow } from "../queries/trajectory";
import {
  focusStagesSql,
  RUN_PATCH_TABLES,
  runPatchSql,
  sessionTaskFilesSql,
  type FocusStageRow,
  type RunPatchRow,
  type SessionTaskFileRow,
} from "../queries/run-patch";

export interface RunPatchFacts {
  /** The release's reference to the run's patch, or null when it names none. */
  patch: string | null;
  files: SessionTaskFileRow[];
  stages: number[];
  /** Checkout path → task id of the run's session. */
  workspaces: Record<string, string>;
  focusTaskId: string | null;
}

export type PatchDoor = (tables: readonly string[]) => Promise<Db>;

export async function runPatchFacts(
  releaseId: string,
  runId: string,
  door: PatchDoor = (t) => releaseDb(releaseId, t),
): Promise<RunPatchFacts> {
  const db = await door(RUN_PATCH_TABLES);
  const [row] = await db.query<RunPatchRow>(runPatchSql(runId));
  const files = await db.query<SessionTaskFileRow>(sessionTaskFilesSql(runId));
  const stages = await db.query<FocusStageRow>(focusStagesSql(runId));
  const ws = await db.query<WorkspaceRow>(runWorkspacesSql(runId));
  return {
    patch: row?.patch ?? null,
    files,
    stages: stages.map((s) => s.stage),
    workspaces: Object.fromEntries(ws.map((w) => [w.workspace, w.task_id])),
    focusTaskId: ws.find((w) => w.is_focus)?.task_id ?? null,
  };
}
