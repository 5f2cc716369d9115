// The published release's source: DuckDB-WASM, loading from /data/<id>/ the Arrow tables a query names, each
// once, on first need (lib/db/wasm.ts). The table files are fetched while DuckDB-WASM starts.
import type { Db, Row } from "../db/types";
import { releaseDb } from "../db/wasm";
import { isLocalId, LOCAL_PREFIX } from "../queries/local-union";
import { shapeRows, tablesOf, type ParamsOf, type Query } from "../queries/query";
import { STEPS_TABLE } from "../queries/steps-shards";
import { createAbsent, tablesToLoad } from "./empty-tables";
import type { ReleaseSource } from "./release-source";

/** Tables loaded in parts by the view that needs them (the search loads the steps shards it needs first). */
const SHARDED = new Set<string>([STEPS_TABLE]);

export const unsharded = (tables: readonly string[]): string[] => tables.filter((t) => !SHARDED.has(t));

/**
 * The published schema with `tables` in it: those written loaded, the others that may be absent created empty.
 * `written`: the tables the build wrote with rows (release.json), null when unknown (then every one is loaded).
 */
export async function publishedDb(
  releaseId: string,
  tables: readonly string[],
  written: readonly string[] | null,
): Promise<Db> {
  const wanted = unsharded(tables);
  const load = tablesToLoad(wanted, written);
  const db = await releaseDb(releaseId, load);
  await createAbsent(db, wanted, load);
  return db;
}

export async function runOn<P, R>(db: Db, query: Query<P, R>, params: ParamsOf<P>): Promise<R[]> {
  return shapeRows(query, await db.query<Row>(query.sql(params[0] as P)));
}

export function publishedSource(releaseId: string, written: readonly string[] | null = null): ReleaseSource {
  return {
    releaseId,
    key: releaseId,
    async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
      return runOn(await publishedDb(releaseId, query.tables, written), query, params);
    },
    async prepare(queries) {
      await publishedDb(releaseId, tablesOf(queries), written);
    },
    origin: (id) => (isLocalId(id) ? "local" : "published"),
    shownId: (id) => (isLocalId(id) ? id.slice(LOCAL_PREFIX.length) : id),
    // A local id on a page where no local release is open: a reload or a new tab forgets them.
    localRun: (runId) => (isLocalId(runId) ? Promise.resolve("gone") : null),
  };
}
