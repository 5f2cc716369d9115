// The published release's source: DuckDB-WASM, loading from /data/<id>/ the Arrow tables a query names, each
// once, on first need (lib/db/wasm.ts). The table files are fetched while DuckDB-WASM starts.
import type { Db, Row } from "../queries/db-types";
import { releaseDb } from "../db/wasm";
import { isLocalId, LOCAL_PREFIX } from "../queries/local/union.sql";
import { shapeRows, tablesOf, type ParamsOf, type Query } from "../queries/query";
import { STEPS_TABLE, STEPS_TABLES } from "../queries/search/shards";
import type { AbsentTables } from "./absent-tables";
import type { ReleaseSource } from "./release-source";

/** Tables loaded in parts by the view that needs them (the search loads the steps index's files it needs first). */
const SHARDED = new Set<string>([STEPS_TABLE, ...Object.values(STEPS_TABLES)]);

export const unsharded = (tables: readonly string[]): string[] => tables.filter((t) => !SHARDED.has(t));

/**
 * The published schema with `tables` in it: those the build wrote loaded, those it did not (`absent`, with their
 * declared columns: absent-tables.ts) created empty.
 */
export async function publishedDb(releaseId: string, tables: readonly string[], absent: AbsentTables): Promise<Db> {
  const wanted = unsharded(tables);
  const db = await releaseDb(
    releaseId,
    wanted.filter((t) => !absent[t]),
  );
  for (const t of wanted.filter((x) => absent[x])) {
    const columns = Object.entries(absent[t]!).map(([k, ty]) => `"${k}" ${ty}`);
    await db.query(`CREATE TABLE IF NOT EXISTS ${t} (${columns.join(", ")})`);
  }
  return db;
}

export async function runOn<P, R>(db: Db, query: Query<P, R>, params: ParamsOf<P>): Promise<R[]> {
  return shapeRows(query, await db.query<Row>(query.sql(params[0] as P)));
}

export function publishedSource(releaseId: string, absent: AbsentTables = {}): ReleaseSource {
  return {
    releaseId,
    key: releaseId,
    async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
      return runOn(await publishedDb(releaseId, query.tables, absent), query, params);
    },
    async prepare(queries) {
      await publishedDb(releaseId, tablesOf(queries), absent);
    },
    origin: (id) => (isLocalId(id) ? "local" : "published"),
    shownId: (id) => (isLocalId(id) ? id.slice(LOCAL_PREFIX.length) : id),
    // A local id on a page where no local release is open: a reload or a new tab forgets them.
    localRun: (runId) => (isLocalId(runId) ? Promise.resolve("gone") : null),
  };
}
