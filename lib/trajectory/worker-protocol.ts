// Messages between the trajectory page and its parse worker. The worker keeps the parsed trajectory; the
// page holds only rows, the analysis and the one step it shows in detail.
import type { LogFormat } from "./native/formats";
import type { StepDetail } from "./detail";
import type { Totals, TrajectoryWarning } from "./model";
import type { PackedRows } from "./packed-rows";
import type { StepRow } from "./rows";
import type { SearchResult } from "./search";
import type { Mismatch, RequestInfo, Segment } from "./segment";
import type { AnnotationInput, SignatureTag } from "./tags";
import type { VerdictTest } from "./verdict-test";
import type { LedgerRow } from "./ledger";
import type { TaintFact, TaintInput } from "./patch-taint";
import type { PatchView } from "./patch-view";
import type { FileAnswer, FileNeed } from "../files/file-asks";

export interface SubagentSummary {
  key: string;
  origin: "embedded" | "file";
  path: string | null;
  error: string | null;
  agent: string | null;
  steps: number;
  totals: Totals | null;
  /** The first steps, for a glance. */
  rows: StepRow[];
}

export interface TrajectorySummary {
  url: string;
  /** Characters read (main file and continuations). */
  chars: number;
  schemaVersion: string | null;
  /** The native format the file was converted from and its name (lib/trajectory/native/formats.ts), or null for ATIF. */
  convertedFrom: { format: LogFormat; name: string } | null;
  sessionId: string | null;
  agent: { name: string | null; version: string | null; model: string | null };
  files: string[];
  notes: string | null;
  stepTotals: Totals;
  reported: Totals | null;
  warnings: TrajectoryWarning[];
  subagents: SubagentSummary[];
}

export interface AnalysisContext {
  schedule: RequestInfo[] | null;
  focusTaskId: string | null;
  workspaces: Record<string, string>;
  verdict: VerdictTest[] | null;
  annotations: AnnotationInput[];
  /** The focus task's stage numbers, for the requirement ledger (lib/trajectory/ledger.ts); absent: no ledger. */
  stages?: number[];
  /**
   * The final patch's taint findings (patch-taint.ts `patchTaintFacts`), evidence for the cross-task detector;
   * absent or null: no patch. The parse worker fills it from `patch` below; the build's pass reads the file.
   */
  patchTaint?: TaintFact[] | null;
  /**
   * Where the run's patch is (a URL built by trajectoryUrl, or with `local` its path below a local release
   * folder, asked of the page like the trajectory) and what it is marked against: the worker reads it.
   */
  patch?: { url: string; taint: TaintInput; local?: boolean } | null;
}

export interface Analysis {
  segments: Segment[];
  segmentOf: Int32Array;
  mismatches: Mismatch[];
  notes: string[];
  tags: SignatureTag[];
  /** The requirement ledger, when the context named the focus stages. */
  ledger?: LedgerRow[];
}

export type WorkerRequest =
  /** `local`: the files are the user's (a local release), asked of the page by path ("need"), never fetched. */
  | { type: "load"; id: number; url: string; local?: boolean }
  /** The page's answer to "need" (lib/files/file-asks.ts). */
  | FileAnswer
  | { type: "analyze"; id: number; context: AnalysisContext }
  | { type: "detail"; id: number; n: number; limit: number }
  | { type: "search"; id: number; query: string }
  /** The run's submitted patch (a URL built by trajectoryUrl), read by range like a trajectory, capped. */
  | { type: "patch"; id: number; url: string; taint: TaintInput | null; local?: boolean };

export type WorkerResponse =
  /** The rows packed (packed-rows.ts): a million steps cross to the page as a few transferred buffers. */
  | { type: "loaded"; id: number; summary: TrajectorySummary; rows: PackedRows }
  /** The first steps, from the start of the download, before the whole file is parsed. */
  | { type: "preview"; id: number; rows: PackedRows }
  | { type: "subagents"; id: number; summary: TrajectorySummary }
  /**
   * A batch of the analysis's tags, sent before the "analysis" answer (which carries the last batch): the page
   * receives each batch in its own task (lib/trajectory/batches.ts).
   */
  | { type: "analysis-tags"; id: number; tags: SignatureTag[] }
  | { type: "analysis"; id: number; analysis: Analysis }
  | { type: "detail"; id: number; detail: StepDetail | null }
  | { type: "search"; id: number; result: SearchResult }
  | { type: "patch"; id: number; patch: PatchView }
  /** A local load asks the page for the file at `path` (below the release folder). */
  | FileNeed<{ id: number }>
  | { type: "error"; id: number; message: string; status?: number };
