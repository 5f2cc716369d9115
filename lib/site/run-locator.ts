// Finds a published run's trajectory without DuckDB: one small run-index shard (lib/queries/run-context/run-index.ts),
// fetched once per shard and kept for the page's life.
import { runIndexFile, runIndexShard, type RunIndexEntry, type RunIndexShard } from "../queries/run-context/run-index";

const shards = new Map<string, Promise<RunIndexShard>>();

/**
 * The file the page reads for a run: the index's reference; for a run the index does not know, the file by
 * the run's name (`trajectories/<run_id>.json`), which a release may publish without a run line.
 */
export function trajectoryPathOf(runId: string, found: RunIndexEntry | null): string | null {
  return found === null ? `trajectories/${runId}.json` : found.trajectory;
}

/** The run's index entry; null when the release has no run by that id. */
export async function locateRun(releaseId: string, runId: string): Promise<RunIndexEntry | null> {
  const file = `/data/${releaseId}/${runIndexFile(runIndexShard(runId))}`;
  let shard = shards.get(file);
  if (!shard) {
    shard = fetch(file).then((res) => {
      if (!res.ok) throw new Error(`${file}: HTTP ${res.status}`);
      return res.json() as Promise<RunIndexShard>;
    });
    shards.set(file, shard);
    shard.catch(() => shards.delete(file));
  }
  return Object.hasOwn(await shard, runId) ? (await shard)[runId]! : null;
}
