// After the trajectory pass: the derived `steps` table (lib/trajectory/steps-index.ts) leaves the build's
// DuckDB as the search's four tables (lib/queries/search/index-tables.ts) in Arrow files: step_index one shard
// per configuration, step_texts one per field (without `hay`, which the browser derives), step_runs and
// step_contexts one file each;
// all named by steps/index.json; plus the flat table as one Parquet for download (docs/data-format.md,
// "Derived tables"). A release without a steps table writes nothing.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { rowsToArrowIPC } from "../../lib/data/arrow-ipc";
import type { ColumnType } from "../../lib/data/tables";
import type { NodeDb } from "../../lib/db/node";
import { STEPS_INDEX_COLUMNS } from "../../lib/trajectory/steps-index";
import { sqlString } from "../../lib/queries/sql";
import {
  STEP_CONTEXTS,
  STEP_INDEX,
  STEP_INDEX_COLUMNS,
  STEP_INDEX_TABLES_SQL,
  STEP_RUNS,
  STEP_TEXTS,
  TEXT_FIELDS,
} from "../../lib/queries/search/index-tables";
import { SEARCH_TOOLS_SQL } from "../../lib/queries/search/sql";
import {
  STEP_CONTEXTS_FILE,
  STEP_RUNS_FILE,
  STEPS_MANIFEST,
  STEPS_TABLE,
  stepsShardFile,
  textsShardFile,
  type StepsFile,
  type StepsManifest,
} from "../../lib/queries/search/shards";

const STEP_RUNS_COLUMNS: Record<string, ColumnType> = {
  run: "INTEGER",
  run_id: "VARCHAR",
  config_id: "VARCHAR",
  display_name: "VARCHAR",
  condition: "VARCHAR",
  task_group: "VARCHAR",
  focus_task_id: "VARCHAR",
  repo: "VARCHAR",
  resolved: "BOOLEAN",
};
// A context is the steps index's step-level facts (lib/trajectory/steps-index.ts), typed as there.
const CONTEXT_FACTS = [
  "request_kind",
  "task_id",
  "checkout",
  "other_checkout",
  "source",
  "tools",
  "tool_calls",
] as const;
const STEP_CONTEXTS_COLUMNS: Record<string, ColumnType> = {
  ctx: "INTEGER",
  ...Object.fromEntries(CONTEXT_FACTS.map((c) => [c, STEPS_INDEX_COLUMNS[c]])),
};
const TEXT_COLUMNS: Record<string, ColumnType> = { id: "INTEGER", field: "VARCHAR", text: "VARCHAR" };

async function writeArrow(
  db: NodeDb,
  outDir: string,
  file: string,
  columns: Record<string, ColumnType>,
  sql: string,
): Promise<StepsFile> {
  const rows = await db.query(sql);
  const bytes = rowsToArrowIPC(columns, rows);
  writeFileSync(join(outDir, file), bytes);
  return { file, rows: rows.length, bytes: bytes.byteLength };
}

export async function exportStepsShards(db: NodeDb, outDir: string): Promise<StepsManifest | null> {
  const exists = await db.query<{ n: number }>(
    // A view over the pass's Parquet (scripts/build/trajectory-pass/tables-out.ts), or a table in tests.
    `SELECT count(*)::INTEGER AS n FROM (SELECT table_name AS name FROM duckdb_tables() UNION ALL ` +
      `SELECT view_name FROM duckdb_views()) WHERE name = ${sqlString(STEPS_TABLE)}`,
  );
  if ((exists[0]?.n ?? 0) === 0) return null;
  for (const sql of STEP_INDEX_TABLES_SQL) await db.run(sql);
  try {
    mkdirSync(join(outDir, "steps"), { recursive: true });
    const tools = (await db.query<{ tool: string }>(SEARCH_TOOLS_SQL)).map((r) => r.tool);
    const runs = await writeArrow(
      db,
      outDir,
      STEP_RUNS_FILE,
      STEP_RUNS_COLUMNS,
      `SELECT ${Object.keys(STEP_RUNS_COLUMNS).join(", ")} FROM ${STEP_RUNS} ORDER BY run`,
    );
    const contexts = await writeArrow(
      db,
      outDir,
      STEP_CONTEXTS_FILE,
      STEP_CONTEXTS_COLUMNS,
      `SELECT ${Object.keys(STEP_CONTEXTS_COLUMNS).join(", ")} FROM ${STEP_CONTEXTS} ORDER BY ctx`,
    );
    const texts: StepsManifest["texts"] = [];
    for (const field of TEXT_FIELDS) {
      const f = await writeArrow(
        db,
        outDir,
        textsShardFile(field),
        TEXT_COLUMNS,
        `SELECT id, field, text FROM ${STEP_TEXTS} WHERE field = ${sqlString(field)} ORDER BY id`,
      );
      texts.push({ ...f, field });
    }
    // Runs are numbered in configuration order, so a configuration's steps are one range of `run`.
    const configs = await db.query<{ config_id: string; lo: number; hi: number }>(
      `SELECT r.config_id, min(r.run)::INTEGER AS lo, max(r.run)::INTEGER AS hi
       FROM ${STEP_RUNS} r SEMI JOIN ${STEP_INDEX} s ON s.run = r.run GROUP BY r.config_id ORDER BY r.config_id`,
    );
    const manifest: StepsManifest = {
      table: STEPS_TABLE,
      rows: 0,
      shards: [],
      texts,
      runs,
      contexts,
      tools,
      parquetBytes: 0,
    };
    for (const [i, { config_id, lo, hi }] of configs.entries()) {
      const f = await writeArrow(
        db,
        outDir,
        stepsShardFile(i),
        STEP_INDEX_COLUMNS,
        `SELECT ${Object.keys(STEP_INDEX_COLUMNS).join(", ")} FROM ${STEP_INDEX} WHERE run BETWEEN ${lo} AND ${hi} ORDER BY run, step`,
      );
      manifest.shards.push({ ...f, config_id });
      manifest.rows += f.rows;
    }
    const parquet = join(outDir, `${STEPS_TABLE}.parquet`);
    await db.run(
      `COPY (SELECT * FROM ${STEPS_TABLE} ORDER BY run_id, step) TO ${sqlString(parquet)} (FORMAT parquet, COMPRESSION zstd)`,
    );
    manifest.parquetBytes = statSync(parquet).size;
    writeFileSync(join(outDir, STEPS_MANIFEST), JSON.stringify(manifest) + "\n");
    return manifest;
  } finally {
    for (const t of [STEP_INDEX, STEP_CONTEXTS, STEP_TEXTS, STEP_RUNS]) await db.run(`DROP TABLE IF EXISTS ${t}`);
  }
}
