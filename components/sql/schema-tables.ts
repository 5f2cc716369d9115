// The console's list of tables, from what the engine answers about its own catalog: the columns of each table
// loaded, their row counts, and the lazy sources not loaded yet.
import type { SchemaColumnRow } from "@/lib/queries/console/schema.sql";
import type { Cell } from "@/lib/source";

export interface SchemaTable {
  schema: string;
  name: string;
  rows: number | null;
  columns: { name: string; type: string }[];
  lazy: boolean;
}

type Rows = readonly (readonly Cell[])[];

/** The tables of SCHEMA_COLUMNS_SQL's rows, by "schema.name", in the order of their first column. */
export function schemaTables(columnRows: Rows): Map<string, SchemaTable> {
  const cols = columnRows.map(
    ([table_schema, table_name, column_name, data_type]) =>
      ({ table_schema, table_name, column_name, data_type }) as SchemaColumnRow,
  );
  const byTable = new Map<string, SchemaTable>();
  for (const c of cols) {
    const k = `${c.table_schema}.${c.table_name}`;
    if (!byTable.has(k))
      byTable.set(k, { schema: c.table_schema, name: c.table_name, rows: null, columns: [], lazy: false });
    byTable.get(k)!.columns.push({ name: c.column_name, type: c.data_type });
  }
  return byTable;
}

/** Sets each table's row count from tableCountsSql's rows (schema, name, count). */
export function setRowCounts(byTable: Map<string, SchemaTable>, countRows: Rows): void {
  for (const [s, n, count] of countRows) {
    const t = byTable.get(`${s}.${n}`);
    if (t) t.rows = Number(count);
  }
}

/** The tables loaded, then each lazy source not loaded yet (its columns unknown until a statement names it). */
export function withLazySources(
  byTable: Map<string, SchemaTable>,
  sources: readonly { schema: string; table: string; lazy?: boolean }[],
): SchemaTable[] {
  const list = [...byTable.values()];
  for (const s of sources)
    if (s.lazy && !byTable.has(`${s.schema}.${s.table}`))
      list.push({ schema: s.schema, name: s.table, rows: null, columns: [], lazy: true });
  return list;
}
