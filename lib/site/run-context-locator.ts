// The trajectory page's verdict, schedule, usage and checkouts from the build's static shards
// (lib/queries/run-context/context.ts): two small fetches, no DuckDB-WASM. Each shard is fetched once per page.
import {
  runContextFile,
  runContextShard,
  scheduleOf,
  sessionContextFile,
  sessionContextShard,
  stagesOf,
  testsOf,
  workspacesOf,
  type RunContextShard,
  type SessionContextShard,
} from "../queries/run-context/shards";
import type { RunBasics, RunVerdict } from "./browser-trajectory";
import { fetchJsonOnce as fetchShard } from "./fetch-once";

/** A published run's basics and verdict; header null (and no verdict) when the release has no such run. */
export async function staticRunContext(
  releaseId: string,
  runId: string,
  shards: number,
): Promise<{ basics: RunBasics; verdict: RunVerdict | null }> {
  const runs = await fetchShard<RunContextShard>(
    `/data/${releaseId}/${runContextFile(runContextShard(runId, shards))}`,
  );
  const run = Object.hasOwn(runs, runId) ? runs[runId]! : null;
  if (!run) return { basics: { header: null, schedule: [], workspaces: [], annotations: [] }, verdict: null };
  const sessionId = run.header.session_id;
  const sessions = await fetchShard<SessionContextShard>(
    `/data/${releaseId}/${sessionContextFile(sessionContextShard(sessionId))}`,
  );
  const session = Object.hasOwn(sessions, sessionId)
    ? sessions[sessionId]!
    : { requests: [], workspaces: [], tests: [] };
  return {
    basics: {
      header: run.header,
      schedule: scheduleOf(session, run),
      workspaces: workspacesOf(session, run),
      annotations: run.annotations,
    },
    verdict: { stages: stagesOf(run), tests: testsOf(session, run) },
  };
}
