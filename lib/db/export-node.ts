// Writes every loaded table as Arrow IPC (for the browser) and Parquet (for people who download the data).
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ArrowTableBuilder } from "../data/arrow-ipc";
import type { WrittenTable } from "../data/built";
import type { ColumnType } from "../data/tables";
import { sqlString } from "./sql";
import type { NodeDb } from "./node";

const KNOWN: ReadonlySet<string> = new Set<ColumnType>(["VARCHAR", "INTEGER", "BIGINT", "DOUBLE", "BOOLEAN"]);

export async function tableColumns(db: NodeDb, table: string): Promise<Record<string, ColumnType>> {
  const rows = await db.query<{ column_name: string; column_type: string }>(`DESCRIBE ${table}`);
  return Object.fromEntries(
    rows.map((r) => {
      if (!KNOWN.has(r.column_type))
        throw new Error(`table ${table}: column ${r.column_name} has unsupported type ${r.column_type}`);
      return [r.column_name, r.column_type as ColumnType];
    }),
  );
}

export async function exportTable(db: NodeDb, table: string, outDir: string): Promise<WrittenTable> {
  const columns = await tableColumns(db, table);
  // Tables were created in their spec's order; rowid keeps that order without re-sorting here. The rows come
  // a DuckDB chunk at a time into column arrays: as row objects, 100× the sample's test results would not fit
  // in memory (docs/scale.md).
  const builder = new ArrowTableBuilder(columns);
  const result = await db.connection.stream(`SELECT * FROM ${table} ORDER BY rowid`);
  let rows = 0;
  for (let chunk = await result.fetchChunk(); chunk && chunk.rowCount > 0; chunk = await result.fetchChunk()) {
    for (let c = 0; c < chunk.columnCount; c++) builder.push(c, chunk.getColumnValues(c));
    rows += chunk.rowCount;
  }
  const arrow = builder.toIPC();
  writeFileSync(join(outDir, `${table}.arrow`), arrow);
  const parquet = join(outDir, `${table}.parquet`);
  await db.run(
    `COPY (SELECT * FROM ${table} ORDER BY rowid) TO ${sqlString(parquet)} (FORMAT parquet, COMPRESSION zstd)`,
  );
  return {
    name: table,
    rows,
    arrowBytes: arrow.byteLength,
    parquetBytes: readFileSync(parquet).byteLength,
  };
}
