// The compare page's door to DuckDB-WASM: the pair's statistics (lib/queries/compare*.ts) and, for the
// two-pane view, each run's header, schedule and final verdict through the trajectory page's own SQL
// (lib/queries/trajectory.ts). Each panel loads only the tables it queries, so one table that cannot be
// read (or a release without annotations) never takes the 2×2 down with it.
import { releaseDb } from "../db/wasm";
import type { CompareCostRow } from "../queries/compare";
import {
  computeCompare, computeCompareCost, computeCompareSignatures, type CompareMeta, type CompareModel, type CompareOptions, type CompareRequest,
} from "../queries/compare-model";
import type { SignatureRateRow } from "../queries/signatures";
import {
  runHeaderSql, runScheduleSql, toRequestInfo, toVerdictTests, verdictTestsSql, type RunHeaderRow, type ScheduleRow, type VerdictTestRow,
} from "../queries/trajectory";
import type { RequestInfo } from "../trajectory/segment";
import type { VerdictTest } from "../trajectory/tags";

const PAIR_TABLES = ["configs", "sessions", "tasks", "runs", "task_cells"] as const;
const COST_TABLES = ["configs", "sessions", "runs", "requests", "request_usage"] as const;
const SIGNATURE_TABLES = ["configs", "sessions", "runs", "annotations"] as const;
const RUN_TABLES = ["runs", "configs", "sessions", "tasks", "requests", "request_usage", "task_stages"] as const;
const VERDICT_TABLES = ["test_results"] as const;

export async function compareFor(releaseId: string, meta: CompareMeta, req: CompareRequest, opts: CompareOptions = {}): Promise<CompareModel> {
  return computeCompare(await releaseDb(releaseId, PAIR_TABLES), meta, req, opts);
}

export async function compareCostFor(releaseId: string, meta: CompareMeta, req: CompareRequest): Promise<CompareCostRow[]> {
  return computeCompareCost(await releaseDb(releaseId, COST_TABLES), meta, req);
}

export async function compareSignaturesFor(releaseId: string, req: CompareRequest): Promise<SignatureRateRow[]> {
  return computeCompareSignatures(await releaseDb(releaseId, SIGNATURE_TABLES), req);
}

export interface PaneRun {
  header: RunHeaderRow | null;
  schedule: RequestInfo[];
  verdict: VerdictTest[] | null;
}

/** One run of the two-pane view: what the alignment worker needs beside the trajectory file. */
export async function paneRun(releaseId: string, runId: string, submitText: string | null): Promise<PaneRun> {
  const db = await releaseDb(releaseId, RUN_TABLES);
  const [header] = await db.query<RunHeaderRow>(runHeaderSql(runId));
  if (!header) return { header: null, schedule: [], verdict: null };
  const schedule = await db.query<ScheduleRow>(runScheduleSql(runId));
  const tests = await (await releaseDb(releaseId, VERDICT_TABLES)).query<VerdictTestRow>(verdictTestsSql(runId));
  return {
    header,
    schedule: schedule.map((r) => toRequestInfo(r, submitText)),
    // A run with no test rows has no verdict to compare.
    verdict: tests.length > 0 ? toVerdictTests(tests) : null,
  };
}
