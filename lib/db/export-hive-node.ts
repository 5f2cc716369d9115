// Writes the release tables as Hive-partitioned Parquet by configuration (<out>/hive/<table>/config_id=<id>/…),
// beside the flat Parquet: the layout an engine reading one configuration's files at a time (DuckDB on a large
// host, Spark SQL, Trino) expects, so a release past one machine is aggregated with the leaderboard's SQL
// unchanged (docs/scale.md). Tables keyed by run take their run's configuration.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { sqlString } from "./sql";
import type { NodeDb } from "./node";

/** The tables partitioned and how each gets its config_id (none listed here are per session or per task). */
export const HIVE_TABLES: Record<string, string> = {
  configs: `SELECT * FROM configs ORDER BY rowid`,
  runs: `SELECT * FROM runs ORDER BY rowid`,
  task_cells: `SELECT * FROM task_cells ORDER BY rowid`,
  repo_tallies: `SELECT * FROM repo_tallies ORDER BY rowid`,
  test_results: `SELECT x.*, r.config_id FROM test_results x JOIN runs r ON r.run_id = x.run_id ORDER BY x.rowid`,
  request_usage: `SELECT x.*, r.config_id FROM request_usage x JOIN runs r ON r.run_id = x.run_id ORDER BY x.rowid`,
  annotations: `SELECT x.*, r.config_id FROM annotations x JOIN runs r ON r.run_id = x.run_id ORDER BY x.rowid`,
};

export const hiveDir = (outDir: string) => join(outDir, "hive");

/** `read_parquet` over one partitioned table: what a query engine's view of the table is. */
export function hiveReadSql(dir: string, table: string): string {
  return `read_parquet(${sqlString(join(dir, table, "*", "*.parquet"))}, hive_partitioning = true, hive_types = {'config_id': VARCHAR})`;
}

export async function exportHive(db: NodeDb, outDir: string): Promise<{ table: string; partitions: number }[]> {
  const dir = hiveDir(outDir);
  mkdirSync(dir, { recursive: true });
  const written: { table: string; partitions: number }[] = [];
  for (const [table, select] of Object.entries(HIVE_TABLES)) {
    const [count] = await db.query<{ n: number }>(`SELECT COUNT(*)::INTEGER AS n FROM (${select})`);
    if (!count?.n) continue; // an empty table has no partition to write; its flat Parquet stands for it
    await db.run(
      `COPY (${select}) TO ${sqlString(join(dir, table))} (FORMAT parquet, COMPRESSION zstd, PARTITION_BY (config_id), OVERWRITE_OR_IGNORE)`,
    );
    const [parts] = await db.query<{ p: number }>(`SELECT COUNT(DISTINCT config_id)::INTEGER AS p FROM (${select})`);
    written.push({ table, partitions: parts?.p ?? 0 });
  }
  return written;
}
