// Where each run's trajectory is, without DuckDB: the build writes the runs table's (run_id, trajectory) into
// a fixed number of small JSON shards chosen by a hash of the run id, so the trajectory page finds its run's
// file with one small fetch before any query engine starts (docs/trajectory-explorer.md, "Loading").

export const RUN_INDEX_SQL = `SELECT run_id, trajectory FROM runs ORDER BY run_id`;

/** Fixed, so the page computes a run's shard from its id alone: ~70 runs a shard for the sample. */
export const RUN_INDEX_SHARDS = 64;

export interface RunIndexEntry {
  /** The run's trajectory reference as the release names it (a file or `<archive>.zip#<entry>`), or null. */
  trajectory: string | null;
}

export type RunIndexShard = Record<string, RunIndexEntry>;

/** FNV-1a (32-bit) of the id's UTF-16 code units, modulo the shard count. */
export function runIndexShard(runId: string, shards: number = RUN_INDEX_SHARDS): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < runId.length; i++) {
    h ^= runId.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h % shards;
}

export const runIndexFile = (shard: number) => `run-index/${String(shard).padStart(2, "0")}.json`;

export function shardRunIndex(rows: readonly { run_id: string; trajectory: string | null }[]): RunIndexShard[] {
  const shards: RunIndexShard[] = Array.from({ length: RUN_INDEX_SHARDS }, () => ({}));
  for (const r of rows) shards[runIndexShard(r.run_id)]![r.run_id] = { trajectory: r.trajectory };
  return shards;
}
