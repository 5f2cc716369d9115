// The SQL console's schema browser: every table the console's engine holds, with its columns, types and row
// count. Two queries: the columns from information_schema, then one count per table (a UNION ALL).
import { sqlString } from "../../db/sql";

export interface SchemaColumnRow {
  table_schema: string;
  table_name: string;
  column_name: string;
  data_type: string;
}

export const SCHEMA_COLUMNS_SQL = `
SELECT table_schema, table_name, column_name, data_type
FROM information_schema.columns
WHERE table_schema NOT IN ('information_schema', 'pg_catalog')
ORDER BY table_schema = 'main' DESC, table_schema, table_name, ordinal_position`;

export interface TableCountRow {
  table_schema: string;
  table_name: string;
  row_count: number;
}

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

/** Row counts of the given tables (null when none are given). */
export function tableCountsSql(tables: readonly { schema: string; name: string }[]): string | null {
  if (tables.length === 0) return null;
  return tables
    .map(
      (t) =>
        `SELECT ${sqlString(t.schema)} AS table_schema, ${sqlString(t.name)} AS table_name, count(*)::BIGINT AS row_count FROM ${ident(t.schema)}.${ident(t.name)}`,
    )
    .join("\nUNION ALL\n");
}
