// The local releases opened on this page, per published release. Kept in memory only: a reload forgets them
// (nothing is stored or sent). Views subscribe with useSyncExternalStore.
import type { Config, ReleaseMeta } from "../data/schema";
import { forgetLocalTables, type LocalTables } from "./db";
import type { LocalReleaseResult } from "./open";
import type { ProblemReport } from "./problems";
import type { ReleaseFiles } from "../files/run-files";

export interface LocalEntry {
  key: number;
  publishedId: string;
  label: string;
  meta: ReleaseMeta;
  configs: Config[];
  counts: LocalReleaseResult["counts"];
  problems: ProblemReport;
  tables: LocalTables;
  /** The picked files, for the trajectory viewer: read only when a run is opened. */
  files: ReleaseFiles;
}

const EMPTY: LocalEntry[] = [];
let entries: LocalEntry[] = [];
let nextKey = 1;
const listeners = new Set<() => void>();
const byRelease = new Map<string, LocalEntry[]>();

function changed(): void {
  byRelease.clear();
  for (const l of listeners) l();
}

export function subscribeLocal(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The same array until something changes (a stable snapshot for useSyncExternalStore). */
export function localEntries(publishedId: string): LocalEntry[] {
  let list = byRelease.get(publishedId);
  if (!list) {
    list = entries.filter((e) => e.publishedId === publishedId);
    if (list.length === 0) list = EMPTY;
    byRelease.set(publishedId, list);
  }
  return list;
}

export function emptyEntries(): LocalEntry[] {
  return EMPTY;
}

export function addLocal(entry: Omit<LocalEntry, "key">): LocalEntry {
  const e = { ...entry, key: nextKey++ };
  entries = [...entries, e];
  changed();
  return e;
}

export function removeLocal(key: number): void {
  const e = entries.find((x) => x.key === key);
  if (e) forgetLocalTables(e.tables);
  entries = entries.filter((x) => x.key !== key);
  changed();
}
