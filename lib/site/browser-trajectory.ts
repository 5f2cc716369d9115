// The trajectory page's door to the release tables: the run, its schedule, checkouts and annotations first
// (small tables), the final verdict second (test_results is the largest table of a release). Same SQL as
// the tests run in Node (lib/queries/trajectory.ts).
import { releaseDb } from "../db/wasm";
import type { Db } from "../queries/db-types";
import {
  runAnnotationsSql,
  runHeaderSql,
  runScheduleSql,
  runWorkspacesSql,
  verdictStagesSql,
  verdictTestsSql,
  type AnnotationRow,
  type RunHeaderRow,
  type ScheduleRow,
  type VerdictStageRow,
  type VerdictTestRow,
  type WorkspaceRow,
} from "../queries/trajectory";

const RUN_TABLES = [
  "runs",
  "configs",
  "sessions",
  "tasks",
  "requests",
  "request_usage",
  "task_stages",
  "session_workspaces",
  "annotations",
] as const;
const VERDICT_TABLES = ["test_results"] as const;

export interface RunBasics {
  header: RunHeaderRow | null;
  schedule: ScheduleRow[];
  workspaces: WorkspaceRow[];
  annotations: AnnotationRow[];
}

/** Where the run's tables are: the published release's by default, a local release's (lib/local/db.ts) for a local run. */
export type RunDoor = (tables: readonly string[]) => Promise<Db>;

const published =
  (releaseId: string): RunDoor =>
  (tables) =>
    releaseDb(releaseId, tables);

export async function runBasics(
  releaseId: string,
  runId: string,
  door: RunDoor = published(releaseId),
): Promise<RunBasics> {
  const db = await door(RUN_TABLES);
  // One connection per release: queries go one after the other.
  const header = await db.query<RunHeaderRow>(runHeaderSql(runId));
  const schedule = await db.query<ScheduleRow>(runScheduleSql(runId));
  const workspaces = await db.query<WorkspaceRow>(runWorkspacesSql(runId));
  const annotations = await db.query<AnnotationRow>(runAnnotationsSql(runId));
  return { header: header[0] ?? null, schedule, workspaces, annotations };
}

export interface RunVerdict {
  stages: VerdictStageRow[];
  tests: VerdictTestRow[];
}

export async function runVerdict(
  releaseId: string,
  runId: string,
  door: RunDoor = published(releaseId),
): Promise<RunVerdict> {
  const db = await door(VERDICT_TABLES);
  const stages = await db.query<VerdictStageRow>(verdictStagesSql(runId));
  const tests = await db.query<VerdictTestRow>(verdictTestsSql(runId));
  return { stages, tests };
}
