// After the trajectory pass: the derived `steps` table (lib/trajectory/steps-index.ts) leaves the build's
// DuckDB as the search's four tables (lib/queries/search/index-tables.ts) in Arrow files: step_index one shard
// per configuration, step_texts one per field (without `hay`, which the browser derives), step_runs and
// step_contexts one file each;
// all named by steps/index.json; plus the flat table as one Parquet for download (docs/data-format.md,
// "Derived tables"). A release without a steps table writes nothing.
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { deflateSync } from "node:zlib";
import { rowsToArrowIPC } from "../../lib/data/arrow-ipc";
import type { ColumnType } from "../../lib/data/tables";
import type { NodeDb } from "../../lib/db/node";
import { STEPS_INDEX_COLUMNS } from "../../lib/trajectory/steps-index";
import { sqlString } from "../../lib/db/sql";
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
import { buildGrams } from "../../lib/queries/search/gram-build";
import { gramInput, STEP_TEXT_ROWS_SQL, type StepIndexRow } from "../../lib/queries/search/gram-input";
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

/** Raw text a step_texts Arrow part holds at most: the DuckDB-WASM path and the console load every part. */
const TEXT_PART_CHARS = 8 * 1024 * 1024;

function writeRows(outDir: string, file: string, columns: Record<string, ColumnType>, rows: object[]): StepsFile {
  const bytes = rowsToArrowIPC(columns, rows as Record<string, unknown>[]);
  writeFileSync(join(outDir, file), bytes);
  return { file, rows: rows.length, bytes: bytes.byteLength };
}

/** A table's columns as one Arrow file, ordered by its first column (its id: run, ctx). */
async function writeTable(db: NodeDb, outDir: string, file: string, columns: Record<string, ColumnType>, from: string) {
  const names = Object.keys(columns);
  const rows = await db.query(`SELECT ${names.join(", ")} FROM ${from} ORDER BY ${names[0]}`);
  return writeRows(outDir, file, columns, rows);
}

type TextRow = { id: number; field: string; text: string; hay: string };

/** step_texts as Arrow parts of at most TEXT_PART_CHARS characters each, field by field. */
function writeTexts(outDir: string, texts: readonly TextRow[]): StepsManifest["texts"] {
  const out: StepsManifest["texts"] = [];
  for (const field of TEXT_FIELDS) {
    const rows = texts.filter((t) => t.field === field);
    let part: { id: number; field: string; text: string }[] = [];
    let chars = 0;
    const flush = () => {
      out.push({
        ...writeRows(outDir, textsShardFile(field, out.filter((t) => t.field === field).length), TEXT_COLUMNS, part),
        field,
      });
      part = [];
      chars = 0;
    };
    for (const r of rows) {
      if (part.length > 0 && chars + r.text.length > TEXT_PART_CHARS) flush();
      part.push({ id: r.id, field: r.field, text: r.text });
      chars += r.text.length;
    }
    flush();
  }
  return out;
}

export async function exportStepsShards(
  db: NodeDb,
  outDir: string,
  phase: (name: string) => void = () => {},
): Promise<StepsManifest | null> {
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
    const runs = await writeTable(db, outDir, STEP_RUNS_FILE, STEP_RUNS_COLUMNS, STEP_RUNS);
    const contexts = await writeTable(db, outDir, STEP_CONTEXTS_FILE, STEP_CONTEXTS_COLUMNS, STEP_CONTEXTS);
    const textRows = await db.query<TextRow>(STEP_TEXT_ROWS_SQL);
    const texts = writeTexts(outDir, textRows);
    const steps = await db.query<StepIndexRow>(
      `SELECT ${Object.keys(STEP_INDEX_COLUMNS).join(", ")} FROM ${STEP_INDEX} ORDER BY run, step`,
    );
    // Runs are numbered in configuration order, so a configuration's steps are one range of `run`.
    const configs = await db.query<{ config_id: string; hi: number }>(
      `SELECT r.config_id, max(r.run)::INTEGER AS hi
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
      grams: null,
    };
    let at = 0;
    for (const [i, { config_id, hi }] of configs.entries()) {
      const from = at;
      while (at < steps.length && steps[at]!.run! <= hi) at++;
      const f = writeRows(outDir, stepsShardFile(i), STEP_INDEX_COLUMNS, steps.slice(from, at));
      manifest.shards.push({ ...f, config_id });
      manifest.rows += f.rows;
    }
    phase("steps shards: Arrow");
    // The literal search's n-gram index (docs/search.md), from the same rows.
    const grams = buildGrams(await gramInput(db, steps, textRows), (raw) => deflateSync(raw));
    for (const [file, bytes] of grams.files) {
      mkdirSync(dirname(join(outDir, file)), { recursive: true });
      writeFileSync(join(outDir, file), bytes);
    }
    manifest.grams = grams.manifest;
    phase("steps shards: n-gram index");
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
