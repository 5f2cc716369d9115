// Messages between the page and the local-results worker.
import type { LocalInvalidResult, LocalReleaseResult, LocalResult } from "./open";
import type { LocalLogsResult, TrajectorySummary } from "./open-logs";
import type { InputFile } from "../files/source";
import { problemReport, type ProblemReport } from "./problems";

export interface LocalWorkerRequest {
  id: number;
  files: InputFile[];
  limit?: number;
}

type Reported<T> = Omit<T, "problems"> & { problems: ProblemReport };

/**
 * What the page receives: the worker's result with its problems counted and printed (lib/local/problems.ts) and a
 * release's tables as Blobs, made in the worker: copying the tables into Blobs (the page loads them from `blob:`
 * URLs, lib/local/db.ts) is proportional to the release and would otherwise be the page's.
 */
export type PostedLocalResult =
  | (Omit<Reported<LocalReleaseResult>, "tables"> & { tables: Record<keyof LocalReleaseResult["tables"], Blob> })
  | Reported<LocalLogsResult>
  | Reported<LocalInvalidResult>;

export function forPage(result: LocalResult): PostedLocalResult {
  const problems = problemReport(result.problems);
  if (result.kind !== "release") return { ...result, problems };
  const tables = Object.fromEntries(
    Object.entries(result.tables).map(([name, bytes]) => [name, new Blob([bytes as Uint8Array<ArrayBuffer>])]),
  ) as Record<keyof LocalReleaseResult["tables"], Blob>;
  return { ...result, problems, tables };
}

/** What a message carries by transfer rather than by copy: the problem offsets' buffer. */
export function transferOf(result: PostedLocalResult): Transferable[] {
  return [result.problems.starts.buffer as ArrayBuffer];
}

export type LocalWorkerResponse =
  | { type: "progress"; id: number; message: string }
  /** Agent logs' summaries read so far (a batch), ahead of the result that holds them all. */
  | { type: "logs"; id: number; logs: TrajectorySummary[] }
  | { type: "result"; id: number; result: PostedLocalResult }
  | { type: "error"; id: number; message: string };
