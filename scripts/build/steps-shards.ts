// After the trajectory pass: the derived `steps` table (lib/trajectory/steps-index.ts) leaves the build's
// DuckDB as Arrow shards, one per configuration, named by steps/index.json, plus one Parquet for download
// (docs/data-format.md, "Derived tables"). A release without a steps table writes nothing.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rowsToArrowIPC } from "../../lib/data/arrow-ipc";
import { tableColumns } from "../../lib/db/export-node";
import type { NodeDb } from "../../lib/db/node";
import { sqlString } from "../../lib/queries/sql";
import { SEARCH_TOOLS_SQL } from "../../lib/queries/step-search";
import { STEPS_MANIFEST, STEPS_TABLE, stepsShardFile, type StepsManifest } from "../../lib/queries/steps-shards";

export async function exportStepsShards(db: NodeDb, outDir: string): Promise<StepsManifest | null> {
  const exists = await db.query<{ n: number }>(
    // A view over the pass's Parquet (scripts/build/trajectory-pass/tables-out.ts), or a table in tests.
    `SELECT count(*)::INTEGER AS n FROM (SELECT table_name AS name FROM duckdb_tables() UNION ALL ` +
      `SELECT view_name FROM duckdb_views()) WHERE name = ${sqlString(STEPS_TABLE)}`,
  );
  if ((exists[0]?.n ?? 0) === 0) return null;
  const columns = await tableColumns(db, STEPS_TABLE);
  // The steps table holds no run-level column; a run's configuration comes from `runs`.
  const configs = await db.query<{ config_id: string }>(
    `SELECT DISTINCT r.config_id FROM ${STEPS_TABLE} s JOIN runs r USING (run_id) ORDER BY r.config_id`,
  );
  mkdirSync(join(outDir, "steps"), { recursive: true });
  const tools = (await db.query<{ tool: string }>(SEARCH_TOOLS_SQL)).map((r) => r.tool);
  const manifest: StepsManifest = { table: STEPS_TABLE, rows: 0, shards: [], tools, parquetBytes: 0 };
  for (const [i, { config_id }] of configs.entries()) {
    const rows = await db.query(
      `SELECT s.* FROM ${STEPS_TABLE} s JOIN runs r USING (run_id) WHERE r.config_id = ${sqlString(config_id)} ORDER BY s.run_id, s.step`,
    );
    const bytes = rowsToArrowIPC(columns, rows);
    const file = stepsShardFile(i);
    writeFileSync(join(outDir, file), bytes);
    manifest.shards.push({ file, config_id, rows: rows.length, bytes: bytes.byteLength });
    manifest.rows += rows.length;
  }
  const parquet = join(outDir, `${STEPS_TABLE}.parquet`);
  await db.run(
    `COPY (SELECT * FROM ${STEPS_TABLE} ORDER BY run_id, step) TO ${sqlString(parquet)} (FORMAT parquet, COMPRESSION zstd)`,
  );
  manifest.parquetBytes = statSync(parquet).size;
  writeFileSync(join(outDir, STEPS_MANIFEST), JSON.stringify(manifest) + "\n");
  return manifest;
}
