// A local release's source: its record tables from the local-results worker's Arrow bytes (lib/local/db.ts),
// loaded into its own DuckDB-WASM schema when a query names them, with what the build derives for a published
// release (per-run usage totals, task_cells) derived there by the build's own SQL (lib/queries/derive.ts), once.
import type { Db } from "../db/types";
import { once, releaseDb } from "../db/wasm";
import type { LocalTables } from "../local/db";
import { DERIVE, DERIVE_RUN_TOTALS, derivationPlan } from "../queries/derive";
import { valueOf, type ParamsOf, type Query, type QuerySource } from "../db/query";
import { runIn } from "./published";

const derivedTables = new Map<string, Promise<void>>();
const derivedTotals = new Map<string, Promise<void>>();

/**
 * The local schema with `tables` in it. task_cells (and repo_tallies from it) is derived from its inputs; a runs
 * table gets the usage totals the published one has (the run header and the combined views read them, matched by
 * name).
 */
export async function localDb(t: LocalTables, tables: readonly string[]): Promise<Db> {
  const { inputs, derived } = derivationPlan(tables);
  const raw = new Set(inputs);
  const runs = raw.has("runs");
  if (runs) raw.add("request_usage");
  const db = await releaseDb(t.localId, [...raw], t.source);
  if (runs) await once(derivedTotals, t.localId, () => db.query(DERIVE_RUN_TOTALS));
  for (const table of derived) await once(derivedTables, `${t.localId}/${table}`, () => db.query(DERIVE[table]));
  return db;
}

/** Rows as the local release names them (no prefix): its own leaderboard, cost rows and run list. */
export function localSource(t: LocalTables): QuerySource {
  const source: QuerySource = {
    async run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]> {
      return runIn(source, () => localDb(t, query.tables), query, params);
    },
  };
  return source;
}

/** A derived query's value on each local release's own source, in the releases' order (their local-results rows). */
export function valueOnEach<P, R>(locals: readonly LocalTables[], query: Query<P, R>, params: P): Promise<R[]> {
  return Promise.all(locals.map((t) => valueOf(localSource(t), query, ...([params] as ParamsOf<P>))));
}
