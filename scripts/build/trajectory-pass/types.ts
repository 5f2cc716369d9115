// The build's trajectory pass (docs/data-format.md, "Derived tables"): what an analyzer is and what it is
// given. An analyzer is a pure function of one trajectory and its run's context; the pass owns reading,
// hashing, caching, threads and tables.
import { RUN_ANALYSIS_COLUMNS as RUN_ANALYSIS_TABLE } from "../../../lib/queries/signatures/tables";
import type { ColumnType } from "../../../lib/data/tables";
import type { Trajectory } from "../../../lib/trajectory/model";
import type { TaintInput } from "../../../lib/trajectory/patch-taint";
import type { AnalysisContext } from "../../../lib/trajectory/worker-protocol";

export type PassRow = Record<string, string | number | boolean | null>;

export interface PassContext {
  runId: string;
  configId: string;
  condition: string;
  taskGroup: string;
  focusTaskId: string;
  repo: string | null;
  resolved: boolean;
  /** The release's annotations are left out: derived tables hold what the analysis finds, nothing else. */
  analysis: AnalysisContext;
}

export interface PassAnalyzer<R extends PassRow = PassRow> {
  /** The derived table the analyzer fills. */
  table: string;
  /** Part of every cache key: bump it whenever the rows for the same input change. */
  version: string;
  /** Scalar columns only (Arrow, Parquet and both DuckDBs agree on them), in table order; run_id first. */
  columns: Record<string, ColumnType>;
  /**
   * Rows too many to hold in the build's memory (the steps index): the table becomes a view over a Parquet
   * file written straight from the pass's NDJSON, so the pass's memory does not grow with the release.
   */
  bulky?: boolean;
  rows(t: Trajectory, ctx: PassContext): R[];
}

/** What the pass learns of one run's trajectory, whatever its analyzers. */
export type RunAnalysisFields = {
  readable: boolean;
  error: string | null;
  steps: number;
  tool_calls: number;
  warnings: number;
  bytes: number;
  content_hash: string | null;
};

/** One row per run that names a trajectory. */
export type RunAnalysisRow = RunAnalysisFields & { run_id: string };

// The contract's columns (lib/queries/signatures/tables.ts), checked here against the row the pass writes.
export const RUN_ANALYSIS_COLUMNS: Record<keyof RunAnalysisRow, ColumnType> = RUN_ANALYSIS_TABLE;

export interface PassJob {
  releaseDir: string;
  ref: string;
  ctx: PassContext;
  /**
   * The run's submitted patch (a file or archive entry, read like the trajectory) and what its taint is judged
   * against; null when the run names none. Its findings become ctx.analysis.patchTaint for the analyzers.
   */
  patch: { ref: string; taint: TaintInput } | null;
}

export interface PassProblem {
  rule: "run.trajectory_unreadable" | "run.trajectory_format";
  message: string;
}

export interface PassResult {
  runId: string;
  analysis: RunAnalysisRow;
  /**
   * Rows per derived table (analyzer.table) as newline-delimited JSON, one line per row in the analyzer's order:
   * made once where the rows are made (a worker thread), so the main thread only appends text. A worker
   * sends it as UTF-8 bytes, moved rather than copied (worker.ts).
   */
  tables: Record<string, string | Uint8Array>;
  problem: PassProblem | null;
  /** The rows came from the cache: nothing was parsed or analysed. */
  cached: boolean;
}
