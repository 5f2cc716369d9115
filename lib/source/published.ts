// The published release's source: the answer the build wrote ahead of time when there is one (answers.ts), else
// DuckDB-WASM, loading from /data/<id>/ the Arrow tables a query names, each once, on first need (lib/db/wasm.ts).
import type { Db, Row } from "../db/types";
import { releaseDb } from "../db/wasm";
import { isLocalId, LOCAL_PREFIX } from "../queries/local/union.sql";
import { runQuery, shapeRows, tablesOf, type ParamsOf, type Query, type QuerySource } from "../db/query";
import { STEPS_TABLE, STEPS_TABLES } from "../queries/search/shards";
import type { AnswerIndex } from "../data/built";
import type { AbsentTables } from "./absent-tables";
import { answerOf } from "./answers";
import type { ReleaseSource, Traced } from "./release-source";

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

/** A query of a source on its database: a derived query's code runs on `src`, which asks `db` for the rest. */
export async function runIn<P, R>(
  src: QuerySource,
  db: () => Promise<Db>,
  query: Query<P, R>,
  params: ParamsOf<P>,
): Promise<R[]> {
  return runQuery(src, query, params[0] as P, async (sql) => (await db()).query<Row>(sql));
}

export function publishedSource(
  releaseId: string,
  absent: AbsentTables = {},
  answers: AnswerIndex = {},
): ReleaseSource {
  const engine: QuerySource = {
    async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
      return runIn(engine, () => publishedDb(releaseId, query.tables, absent), query, params);
    },
  };
  async function traced<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<Traced<R>> {
    const answered = await answerOf(releaseId, answers, query, params[0] as P);
    if (answered) return { rows: shapeRows(query, answered), from: "answer" };
    // A derived query without an answer runs its code here, so its own queries are answered first too.
    if (query.compute) return { rows: [await query.compute({ run }, params[0] as P)], from: "engine" };
    return { rows: await engine.run(query, ...params), from: "engine" };
  }
  async function run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
    return (await traced(query, ...params)).rows;
  }
  return {
    releaseId,
    locals: [],
    key: releaseId,
    engine,
    traced,
    published: { run },
    run,
    async prepare(queries) {
      await publishedDb(releaseId, tablesOf(queries), absent);
    },
    origin: (id) => (isLocalId(id) ? "local" : "published"),
    shownId: (id) => (isLocalId(id) ? id.slice(LOCAL_PREFIX.length) : id),
    // A local id on a page where no local release is open: a reload or a new tab forgets them.
    localRun: (runId) => (isLocalId(runId) ? Promise.resolve("gone") : null),
  };
}
