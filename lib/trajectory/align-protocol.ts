// Messages between the compare page and its alignment worker: two trajectories in, two step lists, the
// aligned request rows and the first divergence out. Neither trajectory ever reaches the main thread whole.
import type { FileAnswer, FileNeed } from "../files/file-asks";
import type { AlignedRow } from "./align";
import type { Divergence } from "./divergence";
import type { StepRow } from "./rows";
import type { Mismatch, RequestInfo, Segment } from "./segment";
import type { VerdictTest } from "./verdict-test";
import type { LedgerRow } from "./ledger";

export interface PaneRequest {
  /** Same-origin URL of the run's trajectory, or for a local run its path below the local release folder; null when there is none. */
  url: string | null;
  /** A local run: its file is asked of the page ("need", lib/local/file-asks.ts), never fetched. */
  userFiles?: boolean;
  schedule: RequestInfo[];
  /** The run's final focus verdict; null when unknown. */
  verdict: VerdictTest[] | null;
  /** When given, the pane's requirement ledger is computed too (lib/trajectory/ledger.ts). */
  ledger?: { focusTaskId: string; stages: number[]; workspaces: Record<string, string> };
}

export interface PaneResult {
  /** null: no trajectory (none published, or it could not be read: see error). */
  rows: StepRow[] | null;
  segments: Segment[] | null;
  mismatches: Mismatch[];
  error: string | null;
  ledger?: LedgerRow[];
}

export interface AlignResult {
  left: PaneResult;
  right: PaneResult;
  rows: AlignedRow[];
  divergence: Divergence;
}

export type PaneSide = "left" | "right";

export type AlignRequest = { type: "align"; id: number; left: PaneRequest; right: PaneRequest } | FileAnswer;

export type AlignResponse =
  | { type: "aligned"; id: number; result: AlignResult }
  | { type: "error"; id: number; message: string }
  /** A local pane's file, asked of the page: which alignment and which pane it is for. */
  | FileNeed<{ id: number; side: PaneSide }>;
