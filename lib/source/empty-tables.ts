// Tables a query may read that a release can lack: the build writes no Arrow file for an empty table
// (DuckDB-WASM cannot insert a stream without batches), and a release the trajectory pass did not analyse has
// no derived tables at all. A source creates them empty with their declared columns, so a view shows unknown
// shares instead of failing (docs/data-format.md).
import { TABLES } from "../data/tables";
import type { Db } from "../db/types";
import { SIGNATURE_DERIVED_TABLES } from "../queries/signature-tables";

const COLUMNS: Record<string, Record<string, string>> = {
  ...SIGNATURE_DERIVED_TABLES,
  annotations: TABLES.annotations.columns,
};

/** The tables of `tables` to load: all when `written` is unknown, else those written or without declared columns. */
export function tablesToLoad(tables: readonly string[], written: readonly string[] | null): string[] {
  return written === null ? [...tables] : tables.filter((t) => written.includes(t) || !COLUMNS[t]);
}

export async function createAbsent(db: Db, tables: readonly string[], loaded: readonly string[]): Promise<void> {
  for (const t of tables.filter((x) => !loaded.includes(x))) {
    await db.query(
      `CREATE TABLE IF NOT EXISTS ${t} (${Object.entries(COLUMNS[t]!)
        .map(([k, ty]) => `"${k}" ${ty}`)
        .join(", ")})`,
    );
  }
}
