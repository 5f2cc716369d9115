// The compare page's queries: the pair's statistics (lib/queries/compare*.ts) and, for the two-pane view, each
// run's header, schedule and final verdict through the trajectory page's own queries (lib/queries/trajectory/sql.ts).
// Each panel's query names its own tables, so one table that cannot be read (or a release without annotations)
// never takes the 2×2 down with it. With local results open, the view's source is the combined one
// (lib/source/combined.ts): the same SQL pairs a local configuration with a published one.
import { wasmDuckDb } from "../db/wasm";
import type { QuerySource } from "../queries/query";
import { readBuildFile } from "./build-file";
import { unmatchedLocalRunsQuery } from "../queries/local/union.sql";
import type { CompareCostRow, CompareRunRow } from "../queries/compare/sql";
import {
  computeCompare,
  computeCompareCost,
  computeCompareRuns,
  computeCompareSignatures,
  type CompareMeta,
  type CompareModel,
  type CompareOptions,
  type CompareRequest,
  reviveCompareModel,
} from "../queries/compare/model";
import type { SignatureRateRow } from "../queries/signatures/rates.sql";
import { reviveCompareDefault, sameRequest, type CompareDefault } from "../queries/compare/default";
import {
  runHeaderQuery,
  runScheduleQuery,
  toRequestInfo,
  toVerdictTests,
  verdictTestsQuery,
} from "../queries/trajectory/sql";
import type { RunHeaderRow } from "../queries/trajectory/sql";
import type { RequestInfo } from "../trajectory/segment";
import type { VerdictTest } from "../trajectory/tags";

// A compare page opened with a pair in the URL needs DuckDB-WASM: for the whole pair when no static file holds it
// (another condition, local results, a release past the pair files' cap), else for what the pair's file does not
// hold (the runs behind the links, cost, prevalence). With a condition in the URL (never the default one: the page
// leaves it out) no file holds the pair: start the engine as this module loads, before the page has hydrated and
// its pair effect runs (the start is most of the wait for those numbers). Under the default condition the page
// fetches the pair's file first and the engine starts right after, when the page asks for the pair's runs (or for
// the whole pair when there is no file): evaluating the engine's module takes the main thread for 100–200 ms,
// which here delayed the file's fetch and the 2×2 behind it (docs/architecture.md, "Speed and scale").
if (typeof window !== "undefined" && window.location.pathname.endsWith("/compare/")) {
  const q = new URLSearchParams(window.location.search);
  if (q.get("a") && q.get("b") && q.has("condition")) wasmDuckDb().catch(() => undefined);
}

export function compareFor(
  src: QuerySource,
  meta: CompareMeta,
  req: CompareRequest,
  opts: CompareOptions = {},
): Promise<CompareModel> {
  return computeCompare(src, meta, req, opts);
}

export function compareRunsFor(src: QuerySource, req: CompareRequest): Promise<CompareRunRow[]> {
  return computeCompareRuns(src, req);
}

/** Local runs of the pair on sessions the published release does not have: they cannot be paired. */
export async function unmatchedLocalRuns(src: QuerySource, req: CompareRequest): Promise<number> {
  const [row] = await src.run(unmatchedLocalRunsQuery, [req.a, req.b]);
  return row?.n ?? 0;
}

export function compareCostFor(src: QuerySource, meta: CompareMeta, req: CompareRequest): Promise<CompareCostRow[]> {
  return computeCompareCost(src, meta, req);
}

export function compareSignaturesFor(src: QuerySource, req: CompareRequest): Promise<SignatureRateRow[]> {
  return computeCompareSignatures(src, req);
}

export interface PaneRun {
  header: RunHeaderRow | null;
  schedule: RequestInfo[];
  verdict: VerdictTest[] | null;
}

/** One run of the two-pane view: what the alignment worker needs beside the trajectory file. */
export async function paneRun(src: QuerySource, runId: string, submitText: string | null): Promise<PaneRun> {
  const [[header], schedule] = await Promise.all([src.run(runHeaderQuery, runId), src.run(runScheduleQuery, runId)]);
  if (!header) return { header: null, schedule: [], verdict: null };
  const tests = await src.run(verdictTestsQuery, runId);
  return {
    header,
    schedule: schedule.map((r) => toRequestInfo(r, submitText)),
    // A run with no test rows has no verdict to compare.
    verdict: tests.length > 0 ? toVerdictTests(tests) : null,
  };
}

const defaults = new Map<string, Promise<CompareDefault | null>>();

/**
 * The build's compare-default.json when it holds exactly this request, else null (the page then computes the
 * pair with DuckDB-WASM). Fetched once per release and page.
 */
export async function staticCompareDefault(releaseId: string, req: CompareRequest): Promise<CompareDefault | null> {
  let file = defaults.get(releaseId);
  if (!file) {
    // A file of another shape fails in revive: no error either.
    file = readBuildFile<CompareDefault>(releaseId, "compare-default.json")
      .then((f) => (f ? reviveCompareDefault(f) : null))
      .catch(() => null);
    defaults.set(releaseId, file);
  }
  const f = await file;
  return f && sameRequest(f.request, req) ? f : null;
}

/**
 * The build's compare-pairs/<i>-<j>.json (lib/queries/compare/pairs.ts): the pair's counts and intervals, no runs.
 * Null when it cannot be read; the page then computes the pair with DuckDB-WASM. Only asked for a file the
 * release has (release.json's compare_pairs), so a missing one is no 404 in the console.
 */
export async function staticComparePair(releaseId: string, file: string): Promise<CompareModel | null> {
  const built = await readBuildFile<CompareModel>(releaseId, file);
  try {
    return built ? reviveCompareModel(built) : null;
  } catch {
    return null;
  }
}
