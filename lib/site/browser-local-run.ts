// A local run for the trajectory page: which of the local releases opened on this page holds it, its rows from
// that release's own schema (the trajectory page's SQL, lib/site/browser-trajectory.ts), and its files.
import { localRunDb } from "../local/db";
import type { ReleaseFiles } from "../files/run-files";
import { localEntries } from "../local/store";
import { runBasics, type RunBasics, type RunDoor } from "./browser-trajectory";

export interface FoundLocalRun {
  basics: RunBasics & { header: NonNullable<RunBasics["header"]> };
  door: RunDoor;
  files: ReleaseFiles;
}

/**
 * "gone": no local release is open on this page (a reload or a new tab forgets them); null: the open ones do not
 * have this run. Releases are asked in the order they were opened; the first that has the run answers.
 */
export async function findLocalRun(publishedId: string, runId: string): Promise<FoundLocalRun | "gone" | null> {
  const entries = localEntries(publishedId);
  if (entries.length === 0) return "gone";
  for (const e of entries) {
    const door: RunDoor = (tables) => localRunDb(e.tables, tables);
    const basics = await runBasics(publishedId, runId, door);
    if (basics.header) return { basics: { ...basics, header: basics.header }, door, files: e.files };
  }
  return null;
}
