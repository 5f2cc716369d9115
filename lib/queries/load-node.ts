// Loads flattened release tables into DuckDB in Node. Rows go through a newline-delimited JSON file read
// with an explicit column list, so every column has its declared type even when a table is empty.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TABLES, type ReleaseTables, type TableName, type TableSpec } from "../data/tables";
import { DERIVE, DERIVE_RUN_TOTALS, DERIVED_TABLES } from "./derive";
import { sqlString } from "../db/sql";
// The validator holds every row below it (lib/data/validate-sizes.ts, record.too_large).
import { DUCKDB_OBJECT_BYTES } from "../data/build-limits";
import type { NodeDb } from "../db/node";

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

/** One JSON line per row, appended a batch at a time (one string of a large table would exceed the heap). */
function appendRows(fd: number, rows: readonly unknown[]) {
  for (let i = 0; i < rows.length; i += 10_000) {
    let chunk = "";
    for (const r of rows.slice(i, i + 10_000)) chunk += JSON.stringify(r) + "\n";
    writeSync(fd, chunk);
  }
}

/**
 * `parts`: one ReleaseTables, or the parts of one (lib/data/tables.ts, releaseTableParts), each written to the
 * tables' files and dropped before the next is made.
 */
export async function loadTablesNode(db: NodeDb, parts: ReleaseTables | Iterable<ReleaseTables>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "switch-swe-tables-"));
  const names = Object.keys(TABLES) as TableName[];
  const files = new Map(names.map((name) => [name, { path: join(dir, `${name}.jsonl`), rows: 0 }]));
  const fds = new Map(names.map((name) => [name, openSync(files.get(name)!.path, "w")]));
  try {
    try {
      for (const part of Symbol.iterator in parts ? parts : [parts]) {
        for (const name of names) {
          appendRows(fds.get(name)!, part[name]);
          files.get(name)!.rows += part[name].length;
        }
      }
    } finally {
      for (const fd of fds.values()) closeSync(fd);
    }
    for (const name of names) {
      const spec: TableSpec = TABLES[name];
      const file = files.get(name)!;
      if (file.rows === 0) {
        await db.run(createEmpty(spec));
        continue;
      }
      await db.run(
        `CREATE TABLE ${spec.name} AS SELECT * FROM read_json(${sqlString(file.path)}, format = 'newline_delimited', ` +
          `maximum_object_size = ${DUCKDB_OBJECT_BYTES}, columns = ${columnsLiteral(spec)}) ORDER BY ${spec.orderBy.map((c) => `"${c}"`).join(", ")}`,
      );
    }
    await db.run(DERIVE_RUN_TOTALS);
    for (const table of DERIVED_TABLES) await db.run(DERIVE[table]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
