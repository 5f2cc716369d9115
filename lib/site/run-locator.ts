// Finds a published run's trajectory without DuckDB: one small run-index shard (lib/queries/run-context/run-index.ts),
// fetched once per shard and kept for the page's life.
import { runIndexFile, runIndexShard, type RunIndexEntry, type RunIndexShard } from "../queries/run-context/run-index";
import { fetchJsonOnce } from "./fetch-once";

/**
 * The file the page reads for a run: the index's reference; for a run the index does not know, the file by
 * the run's name (`trajectories/<run_id>.json`), which a release may publish without a run line.
 */
export function trajectoryPathOf(runId: string, found: RunIndexEntry | null): string | null {
  return found === null ? `trajectories/${runId}.json` : found.trajectory;
}

/** The run's index entry; null when the release has no run by that id. */
export async function locateRun(releaseId: string, runId: string): Promise<RunIndexEntry | null> {
  const shard = await fetchJsonOnce<RunIndexShard>(`/data/${releaseId}/${runIndexFile(runIndexShard(runId))}`);
  return Object.hasOwn(shard, runId) ? shard[runId]! : null;
}
