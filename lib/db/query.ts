// A query of the site: its SQL, the tables it reads and the shape of its rows, in one object. The build (DuckDB in
// Node, every table loaded) and the browser (a release source that loads only the tables a query names) run the
// very same objects, so no list of tables is kept apart from the SQL that reads them (docs/architecture.md,
// "One door to the data"). A query may be answered ahead of time by the build (answers.ts): the source then reads
// the answer's file instead of starting DuckDB-WASM.
import { sqlString } from "./sql";
import type { Db, Row } from "./types";

export interface Query<P, R> {
  /** What the query answers, for errors and performance marks. */
  readonly name: string;
  /** Every table the SQL reads (a test runs each query with only these present). */
  readonly tables: readonly string[];
  readonly sql: (params: P) => string;
  /** Shapes a raw row (the columns are already plain JS values); rows are returned as they are without it. */
  readonly row?: (raw: Row) => R;
  /**
   * The rows' order, when the SQL leaves it to JavaScript: DuckDB-WASM sorting strings was a large part of a
   * subset's query at scale (docs/architecture.md, "Leaderboard (issue 3) decisions"). Every runner applies it.
   */
  // A method, so a query of rows R still counts as a Query<never, unknown> in lists of queries (bivariance).
  order?(a: R, b: R): number;
  /** Set for a query of one id (a run, a session) whose answers the build writes for every id of the release. */
  readonly ahead?: Ahead;
  /** Set for a derived query (defineDerived): code over other queries, run on the source that runs it. */
  compute?(src: QuerySource, params: P): Promise<R>;
}

/**
 * A keyed query's one SQL text, for one key or for all (docs/architecture.md, "Answers ahead of time"): `each`
 * selects from a relation of keys (column `answer_key`) and every row carries its `answer_key`.
 */
export interface Ahead {
  /** The answer files the answers go to; queries of one space share a file per shard, keyed alike. */
  readonly space: string;
  /** Every key the build answers: one column, `answer_key`. */
  readonly keys: string;
  readonly each: (keys: string) => string;
  /** Keys a shard holds (default 32): one for a key of many rows, so a page fetches only its own. */
  readonly keysPerShard?: number;
  /** Keys the build answers at once (default 20,000): fewer for a key of many rows, so memory stays bounded. */
  readonly keysPerBatch?: number;
}

/** The column of a keyed query's rows naming their key: the build groups by it, a reader drops it. */
export const ANSWER_KEY = "answer_key";

export function defineKeyedQuery<R = Row>(q: Omit<Query<string, R>, "sql" | "ahead"> & Ahead): Query<string, R> {
  const { space, keys, each, keysPerShard, keysPerBatch, ...rest } = q;
  const ahead = { space, keys, each, keysPerShard, keysPerBatch };
  return { ...rest, sql: (key) => each(`(SELECT ${sqlString(key)} AS ${ANSWER_KEY})`), ahead };
}

export function defineQuery<P = void, R = Row>(q: Query<P, R>): Query<P, R> {
  return q;
}

/**
 * A query whose body is code over other queries (a page's model): a source answers it like any query, first from
 * the build's answer for its name and parameters (its value as the answer's one row), else by running `compute`
 * on that same source, so its own queries are answered, or run, where the source runs anything.
 */
export function defineDerived<P = void, R = unknown>(q: {
  name: string;
  compute: (src: QuerySource, params: P) => Promise<R>;
}): Query<P, R> {
  const sql = () => {
    throw new Error(`"${q.name}" is a derived query: it has no SQL, its source runs its code`);
  };
  return { name: q.name, tables: [], sql, compute: q.compute };
}

/** A query on a source: a derived query's code on `src` itself, any other query's SQL through `rows`. */
export async function runQuery<P, R>(
  src: QuerySource,
  query: Query<P, R>,
  params: P,
  rows: (sql: string) => Promise<Row[]>,
): Promise<R[]> {
  if (query.compute) return [await query.compute(src, params)];
  return shapeRows(query, await rows(query.sql(params)));
}

/** A derived query's value: its one row. */
export async function valueOf<P, R>(src: QuerySource, query: Query<P, R>, ...params: ParamsOf<P>): Promise<R> {
  const [value] = await src.run(query, ...params);
  if (value === undefined) throw new Error(`"${query.name}" gave no value`);
  return value;
}

/** The params argument of `run`: none for a query without parameters. */
export type ParamsOf<P> = [P] extends [void] ? [] : [P];

/** Anything that runs query objects: a release source in the browser, a loaded DuckDB in Node. */
export interface QuerySource {
  run<P, R>(query: Query<P, R>, ...params: ParamsOf<P>): Promise<R[]>;
}

/** The tables a set of queries reads, in first-named order (what a page warms, what a console lists). */
export function tablesOf(queries: readonly Query<never, unknown>[]): string[] {
  return [...new Set(queries.flatMap((q) => q.tables))];
}

export function shapeRows<P, R>(query: Pick<Query<P, R>, "row" | "order" | "ahead">, rows: Row[]): R[] {
  const plain = query.ahead ? rows.map(withoutKey) : rows;
  const shaped = query.row ? plain.map(query.row) : (plain as R[]);
  return query.order ? shaped.sort(query.order) : shaped;
}

function withoutKey(row: Row): Row {
  const { [ANSWER_KEY]: _key, ...rest } = row;
  return rest;
}

/**
 * A keyed query's rows for many keys at once, by key in the query's order: its own SQL over `keys`, a relation
 * with one column `answer_key` (a table the build filled, or a subquery naming ids).
 */
export async function keyedRows<R>(db: Db, query: Query<string, R>, keys: string): Promise<Map<string, R[]>> {
  const byKey = new Map<string, Row[]>();
  for (const row of await db.query<Row>(query.ahead!.each(keys))) {
    const key = String(row[ANSWER_KEY]);
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push(row);
  }
  return new Map([...byKey].map(([k, rows]) => [k, shapeRows(query, rows)]));
}

/** The relation of keys `keyedRows` reads: these ids. */
export function keysOf(ids: readonly string[]): string {
  return ids.length === 0
    ? `(SELECT NULL::VARCHAR AS ${ANSWER_KEY} WHERE FALSE)`
    : `(SELECT unnest([${ids.map(sqlString).join(", ")}]) AS ${ANSWER_KEY})`;
}
