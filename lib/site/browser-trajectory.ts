// The trajectory page's rows beside a run: its header, schedule, checkouts and annotations first (small
// tables), the final verdict second (test_results is the largest table of a release). Run on the view's
// release source (lib/source), by the same query objects the tests run in Node (lib/queries/trajectory/sql.ts).
import type { QuerySource } from "../queries/query";
import {
  runAnnotationsQuery,
  runHeaderQuery,
  runScheduleQuery,
  runWorkspacesQuery,
  verdictStagesQuery,
  verdictTestsQuery,
  type AnnotationRow,
  type RunHeaderRow,
  type ScheduleRow,
  type VerdictStageRow,
  type VerdictTestRow,
  type WorkspaceRow,
} from "../queries/trajectory/sql";

export interface RunBasics {
  header: RunHeaderRow | null;
  schedule: ScheduleRow[];
  workspaces: WorkspaceRow[];
  annotations: AnnotationRow[];
}

export async function runBasics(src: QuerySource, runId: string): Promise<RunBasics> {
  const [header, schedule, workspaces, annotations] = await Promise.all([
    src.run(runHeaderQuery, runId),
    src.run(runScheduleQuery, runId),
    src.run(runWorkspacesQuery, runId),
    src.run(runAnnotationsQuery, runId),
  ]);
  return { header: header[0] ?? null, schedule, workspaces, annotations };
}

export interface RunVerdict {
  stages: VerdictStageRow[];
  tests: VerdictTestRow[];
}

export async function runVerdict(src: QuerySource, runId: string): Promise<RunVerdict> {
  const [stages, tests] = await Promise.all([src.run(verdictStagesQuery, runId), src.run(verdictTestsQuery, runId)]);
  return { stages, tests };
}
