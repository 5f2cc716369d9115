// Loads flattened release tables into DuckDB in Node. Rows go through a newline-delimited JSON file read
// with an explicit column list, so every column has its declared type even when a table is empty.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TABLES, type ReleaseTables, type TableName, type TableSpec } from "../data/tables";
import { DERIVE_RUN_TOTALS, DERIVE_TASK_CELLS } from "../queries/derive";
import { sqlString } from "../queries/sql";
import type { NodeDb } from "./node";

function columnsLiteral(spec: TableSpec): string {
  return `{${Object.entries(spec.columns)
    .map(([k, t]) => `${sqlString(k)}: ${sqlString(t)}`)
    .join(", ")}}`;
}

function createEmpty(spec: TableSpec): string {
  return `CREATE TABLE ${spec.name} (${Object.entries(spec.columns)
    .map(([k, t]) => `"${k}" ${t}`)
    .join(", ")})`;
}

/**
 * One JSON line per row, written a batch at a time: one string of a whole table (12.5 million test rows at 100×
 * the sample, docs/scale.md) would exceed the JavaScript heap.
 */
function writeRows(file: string, rows: readonly unknown[]) {
  const fd = openSync(file, "w");
  try {
    for (let i = 0; i < rows.length; i += 10_000) {
      let chunk = "";
      for (const r of rows.slice(i, i + 10_000)) chunk += JSON.stringify(r) + "\n";
      writeSync(fd, chunk);
    }
  } finally {
    closeSync(fd);
  }
}

export async function loadTablesNode(db: NodeDb, tables: ReleaseTables): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "switch-swe-tables-"));
  try {
    for (const name of Object.keys(TABLES) as TableName[]) {
      const spec: TableSpec = TABLES[name];
      const rows = tables[name];
      if (rows.length === 0) {
        await db.run(createEmpty(spec));
        continue;
      }
      const file = join(dir, `${name}.jsonl`);
      writeRows(file, rows);
      await db.run(
        `CREATE TABLE ${spec.name} AS SELECT * FROM read_json(${sqlString(file)}, format = 'newline_delimited', ` +
          `columns = ${columnsLiteral(spec)}) ORDER BY ${spec.orderBy.map((c) => `"${c}"`).join(", ")}`,
      );
    }
    await db.run(DERIVE_RUN_TOTALS);
    await db.run(DERIVE_TASK_CELLS);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
