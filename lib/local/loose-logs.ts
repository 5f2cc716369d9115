// Agent logs opened on this page without a release ("Open local results" → logs): kept in memory like the
// local releases (store.ts), so the trajectory explorer can step through one by its id `log:<key>.<index>`
// (lib/trajectory/url-state.ts). A reload forgets them; nothing is stored or sent.
import type { ReleaseFiles } from "../files/run-files";
import type { TrajectorySummary } from "./open-logs";

export interface LooseLogs {
  key: number;
  label: string;
  /** Filled while the logs are read (their summaries arrive in batches), whole once they are. */
  logs: TrajectorySummary[];
  /** The picked files: the explorer's worker asks them for a log's path (and its subagent files). */
  files: ReleaseFiles;
}

const opened = new Map<number, LooseLogs>();
let nextKey = 1;

export function addLooseLogs(entry: Omit<LooseLogs, "key">): LooseLogs {
  const logs = { ...entry, key: nextKey++ };
  opened.set(logs.key, logs);
  return logs;
}

/** The log the id names, with the files to read it from; null when this page has not opened it (a reload). */
export function looseLog(key: number, index: number): { path: string; files: ReleaseFiles } | null {
  const entry = opened.get(key);
  const log = entry?.logs[index];
  return entry && log ? { path: log.name, files: entry.files } : null;
}
