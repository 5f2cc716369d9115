// The published release and the local releases opened on this page, together (lib/queries/local/union.sql.ts):
// the tables a query names become views of a schema of their own, the run-level ones the union of the published
// rows and each local release's rows with their ids prefixed, so one SQL text pairs a local configuration with
// a published one. The published and local tables are loaded first (each at most once, as for any query).
import type { Db } from "../db/types";
import { once, releaseDb } from "../db/wasm";
import type { LocalTables } from "../local/db";
import { derivationPlan } from "../queries/derive";
import { combinedViewSql, isLocalId, isUnioned, LOCAL_PREFIX } from "../queries/local/union.sql";
import { tablesOf, type ParamsOf, type Query, type QuerySource } from "../db/query";
import { runHeaderQuery } from "../queries/trajectory/run.sql";
import type { ReleaseFiles } from "../files/run-files";
import { localDb, localSource } from "./local";
import { publishedDb, publishedSource, runIn, unsharded } from "./published";
import type { AbsentTables } from "./absent-tables";
import type { AnswerIndex } from "../data/built";
import type { LocalRun, ReleaseSource, Traced } from "./release-source";

export interface OpenLocal {
  tables: LocalTables;
  files: ReleaseFiles;
}

async function schemaOf(db: Db): Promise<string> {
  const [row] = await db.query<{ s: string }>("SELECT current_schema() AS s");
  if (!row) throw new Error("DuckDB-WASM gave no current schema");
  return row.s;
}

/** Views created per combined schema and table (each once). */
const views = new Map<string, Promise<void>>();

async function combinedDb(
  publishedId: string,
  locals: readonly LocalTables[],
  query: readonly string[],
  absent: AbsentTables,
): Promise<Db> {
  // The derived tables are derived again over the combined views, which must exist first.
  const { inputs, derived } = derivationPlan(query);
  const tables = [...inputs, ...derived];
  const combinedId = `${locals.map((l) => l.localId).join("+")}+${publishedId}`;
  const [published, ...localDbs] = await Promise.all([
    publishedDb(publishedId, tables, absent),
    ...locals.map((l) => localDb(l, tables.filter(isUnioned))),
  ]);
  const db = await releaseDb(combinedId, []);
  const [target, pub, ...loc] = await Promise.all([schemaOf(db), schemaOf(published), ...localDbs.map(schemaOf)]);
  for (const table of tables) {
    await once(views, `${combinedId}/${table}`, () => db.query(combinedViewSql(table, target, pub, loc)));
  }
  return db;
}

/** With no local release open this is the published source itself. */
export function combinedSource(
  publishedId: string,
  locals: readonly OpenLocal[],
  absent: AbsentTables = {},
  answers: AnswerIndex = {},
): ReleaseSource {
  const published = publishedSource(publishedId, absent, answers);
  if (locals.length === 0) return published;
  const tables = locals.map((l) => l.tables);
  // The build's answers know nothing of local rows: every query runs on the combined views.
  const engine: QuerySource = {
    async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
      return runIn(engine, () => combinedDb(publishedId, tables, query.tables, absent), query, params);
    },
  };
  return {
    ...published,
    published: published.published,
    locals: tables,
    key: `${tables.map((t) => t.localId).join("+")}+${publishedId}`,
    engine,
    run: <P, R>(query: Query<P, R>, ...params: ParamsOf<P>) => engine.run(query, ...params),
    async traced<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<Traced<R>> {
      return { rows: await engine.run(query, ...params), from: "engine" };
    },
    async prepare(queries) {
      // A sharded table is loaded by its view first; its combined view is made when a query runs.
      await combinedDb(publishedId, tables, unsharded(tablesOf(queries)), absent);
    },
    localRun(runId: string) {
      if (!isLocalId(runId)) return null;
      const id = runId.slice(LOCAL_PREFIX.length);
      return (async (): Promise<LocalRun | null> => {
        for (const l of locals) {
          const source = localSource(l.tables);
          const [header] = await source.run(runHeaderQuery, id);
          if (header) return { source, runId: id, files: l.files };
        }
        return null;
      })();
    },
  };
}
