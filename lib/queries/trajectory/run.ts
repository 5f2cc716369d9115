// A run's rows as the trajectory and compare pages use them, assembled from the keyed queries of run.sql.ts: the
// header first (it names the session), then the session's requests and checkouts beside the run's own usage.
// Whichever source answers (the build's answer files, DuckDB-WASM, a local release), the rows are the same.
import type { QuerySource } from "../../db/query";
import type { RequestInfo } from "../../trajectory/segment";
import type { VerdictTest } from "../../trajectory/verdict-test";
import {
  focusStagesQuery,
  runAnnotationsQuery,
  runHeaderQuery,
  runPatchQuery,
  runUsageQuery,
  sessionRequestsQuery,
  sessionTaskFilesQuery,
  sessionWorkspacesQuery,
  verdictStagesQuery,
  verdictTestsQuery,
  type RequestUsageRow,
  type SessionRequestRow,
} from "./run.sql";
import type { SessionTaskFileRow } from "./run.sql";
import {
  toRequestInfo,
  toVerdictTests,
  type AnnotationRow,
  type RunHeaderRow,
  type ScheduleRow,
  type VerdictStageRow,
  type RunTestRow,
  type WorkspaceRow,
} from "./sql";

export interface RunBasics {
  header: RunHeaderRow | null;
  schedule: ScheduleRow[];
  workspaces: WorkspaceRow[];
  annotations: AnnotationRow[];
}

/** The run's schedule as runScheduleSql gives it: the session's requests, each with the run's usage or none. */
export function scheduleOf(
  runId: string,
  requests: readonly SessionRequestRow[],
  usage: readonly RequestUsageRow[],
): ScheduleRow[] {
  const used = new Map(usage.map((u) => [u.position, u]));
  return requests.map((q) => {
    const u = used.get(q.position);
    return {
      run_id: runId,
      ...q,
      ran: u !== undefined,
      tokens: u?.tokens ?? null,
      cached_tokens: u?.cached_tokens ?? null,
      model_calls: u?.model_calls ?? null,
      tool_calls: u?.tool_calls ?? null,
      wall_s: u?.wall_s ?? null,
      cost_usd: u?.cost_usd ?? null,
    };
  });
}

/** header null (and nothing else) when the release has no run by that id. */
export async function runBasics(src: QuerySource, runId: string): Promise<RunBasics> {
  const [[header], usage, annotations] = await Promise.all([
    src.run(runHeaderQuery, runId),
    src.run(runUsageQuery, runId),
    src.run(runAnnotationsQuery, runId),
  ]);
  if (!header) return { header: null, schedule: [], workspaces: [], annotations };
  const [requests, workspaces] = await Promise.all([
    src.run(sessionRequestsQuery, header.session_id),
    src.run(sessionWorkspacesQuery, header.session_id),
  ]);
  return {
    header,
    schedule: scheduleOf(runId, requests, usage),
    workspaces: workspaces.map((w) => ({ run_id: runId, ...w })),
    annotations,
  };
}

export interface RunVerdict {
  stages: VerdictStageRow[];
  tests: RunTestRow[];
}

export async function runVerdict(src: QuerySource, runId: string): Promise<RunVerdict> {
  const [stages, tests] = await Promise.all([src.run(verdictStagesQuery, runId), src.run(verdictTestsQuery, runId)]);
  return { stages, tests };
}

export interface RunPatchFacts {
  /** The release's reference to the run's patch, or null when it names none. */
  patch: string | null;
  files: SessionTaskFileRow[];
  stages: number[];
  /** Checkout path → task id of the run's session. */
  workspaces: Record<string, string>;
  focusTaskId: string | null;
}

/** The run's patch reference, the session tasks' changed files and the focus stages (ledger and final patch). */
export async function runPatchFacts(src: QuerySource, runId: string, sessionId: string): Promise<RunPatchFacts> {
  const [[row], files, stages, ws] = await Promise.all([
    src.run(runPatchQuery, runId),
    src.run(sessionTaskFilesQuery, sessionId),
    src.run(focusStagesQuery, sessionId),
    src.run(sessionWorkspacesQuery, sessionId),
  ]);
  return {
    patch: row?.patch ?? null,
    files,
    stages: stages.map((s) => s.stage),
    workspaces: Object.fromEntries(ws.map((w) => [w.workspace, w.task_id])),
    focusTaskId: ws.find((w) => w.is_focus)?.task_id ?? null,
  };
}

export interface PaneRun {
  header: RunHeaderRow | null;
  schedule: RequestInfo[];
  verdict: VerdictTest[] | null;
}

/** One run of the compare page's two panes: what the alignment worker needs beside the trajectory file. */
export async function paneRun(src: QuerySource, runId: string, submitText: string | null): Promise<PaneRun> {
  const [basics, tests] = await Promise.all([runBasics(src, runId), src.run(verdictTestsQuery, runId)]);
  if (!basics.header) return { header: null, schedule: [], verdict: null };
  return {
    header: basics.header,
    schedule: basics.schedule.map((r) => toRequestInfo(r, submitText)),
    // A run with no test rows has no verdict to compare.
    verdict: tests.length > 0 ? toVerdictTests(tests) : null,
  };
}
