// The tables the build published (public/data/<release>/*.parquet), queried with DuckDB in Node: the expected
// numbers of the browser tests come from here, never from the site's own SQL.
import { DuckDBInstance } from "@duckdb/node-api";

export async function sql<T>(q: string): Promise<T[]> {
  const db = await DuckDBInstance.create(":memory:");
  const c = await db.connect();
  try {
    return (await c.runAndReadAll(q)).getRowObjectsJS() as T[];
  } finally {
    c.closeSync();
    db.closeSync();
  }
}

/** A published table of a release, as a DuckDB table expression. */
export const published = (release: string, table: string) => `read_parquet('public/data/${release}/${table}.parquet')`;
