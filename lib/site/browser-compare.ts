// The compare page's door to DuckDB-WASM: the pair's statistics (lib/queries/compare*.ts) and, for the
// two-pane view, each run's header, schedule and final verdict through the trajectory page's own SQL
// (lib/queries/trajectory.ts). Each panel loads only the tables it queries, so one table that cannot be
// read (or a release without annotations) never takes the 2×2 down with it. With a local configuration in the
// pair, the same SQL runs on a combined schema (lib/local/db.ts combinedDb): the published release's tables
// with the local releases' runs added, their ids prefixed "local:".
import type { Db } from "../queries/db-types";
import { releaseDb } from "../db/wasm";
import { combinedDb, type LocalTables } from "../local/db";
import { unmatchedLocalRunsSql } from "../queries/local-union";
import type { CompareCostRow } from "../queries/compare";
import {
  computeCompare,
  computeCompareCost,
  computeCompareSignatures,
  type CompareMeta,
  type CompareModel,
  type CompareOptions,
  type CompareRequest,
} from "../queries/compare-model";
import type { SignatureRateRow } from "../queries/signatures";
import type { RunDoor } from "./browser-trajectory";
import {
  runHeaderSql,
  runScheduleSql,
  toRequestInfo,
  toVerdictTests,
  verdictTestsSql,
  type RunHeaderRow,
  type ScheduleRow,
  type VerdictTestRow,
} from "../queries/trajectory";
import type { RequestInfo } from "../trajectory/segment";
import type { VerdictTest } from "../trajectory/tags";

export const PAIR_TABLES = ["configs", "sessions", "tasks", "runs", "task_cells"] as const;
const COST_TABLES = ["configs", "sessions", "runs", "requests", "request_usage"] as const;
const SIGNATURE_TABLES = ["configs", "sessions", "runs", "annotations"] as const;
const RUN_TABLES = ["runs", "configs", "sessions", "tasks", "requests", "request_usage", "task_stages"] as const;
const VERDICT_TABLES = ["test_results"] as const;

/** The local releases a pair needs (none for two published configurations). */
function pairDb(releaseId: string, tables: readonly string[], locals: readonly LocalTables[]): Promise<Db> {
  return locals.length ? combinedDb(releaseId, locals, tables) : releaseDb(releaseId, tables);
}

export async function compareFor(
  releaseId: string,
  meta: CompareMeta,
  req: CompareRequest,
  opts: CompareOptions = {},
  locals: readonly LocalTables[] = [],
): Promise<CompareModel> {
  return computeCompare(await pairDb(releaseId, PAIR_TABLES, locals), meta, req, opts);
}

/** Local runs of the pair on sessions the published release does not have: they cannot be paired. */
export async function unmatchedLocalRuns(
  releaseId: string,
  req: CompareRequest,
  locals: readonly LocalTables[],
): Promise<number> {
  if (locals.length === 0) return 0;
  const [row] = await (
    await pairDb(releaseId, PAIR_TABLES, locals)
  ).query<{ n: number }>(unmatchedLocalRunsSql([req.a, req.b]));
  return row?.n ?? 0;
}

export async function compareCostFor(
  releaseId: string,
  meta: CompareMeta,
  req: CompareRequest,
  locals: readonly LocalTables[] = [],
): Promise<CompareCostRow[]> {
  return computeCompareCost(await pairDb(releaseId, COST_TABLES, locals), meta, req);
}

export async function compareSignaturesFor(
  releaseId: string,
  req: CompareRequest,
  locals: readonly LocalTables[] = [],
): Promise<SignatureRateRow[]> {
  return computeCompareSignatures(await pairDb(releaseId, SIGNATURE_TABLES, locals), req);
}

export interface PaneRun {
  header: RunHeaderRow | null;
  schedule: RequestInfo[];
  verdict: VerdictTest[] | null;
}

/**
 * One run of the two-pane view: what the alignment worker needs beside the trajectory file. `door`: where its
 * tables are, the published release's by default, a local release's own schema for a local run (lib/local/runs.ts).
 */
export async function paneRun(
  releaseId: string,
  runId: string,
  submitText: string | null,
  door: RunDoor = (tables) => releaseDb(releaseId, tables),
): Promise<PaneRun> {
  const db = await door(RUN_TABLES);
  const [header] = await db.query<RunHeaderRow>(runHeaderSql(runId));
  if (!header) return { header: null, schedule: [], verdict: null };
  const schedule = await db.query<ScheduleRow>(runScheduleSql(runId));
  const tests = await (await door(VERDICT_TABLES)).query<VerdictTestRow>(verdictTestsSql(runId));
  return {
    header,
    schedule: schedule.map((r) => toRequestInfo(r, submitText)),
    // A run with no test rows has no verdict to compare.
    verdict: tests.length > 0 ? toVerdictTests(tests) : null,
  };
}
