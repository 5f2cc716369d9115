// A query of the site: its SQL, the tables it reads and the shape of its rows, in one object. The build (DuckDB in
// Node, every table loaded) and the browser (a release source that loads only the tables a query names) run the
// very same objects, so no list of tables is kept apart from the SQL that reads them (docs/architecture.md,
// "One door to the data"). The release sources live in lib/source; this file is here so that the queries
// themselves depend on nothing above lib/db.
import type { Row } from "./db-types";

export interface Query<P, R> {
  /** What the query answers, for errors and performance marks. */
  readonly name: string;
  /** Every table the SQL reads (a test runs each query with only these present). */
  readonly tables: readonly string[];
  readonly sql: (params: P) => string;
  /** Shapes a raw row (the columns are already plain JS values); rows are returned as they are without it. */
  readonly row?: (raw: Row) => R;
  /**
   * The rows' order, when the SQL leaves it to JavaScript: DuckDB-WASM sorting strings was a third of a subset's
   * query at 100× the sample (docs/architecture.md, "Leaderboard (issue 3) decisions"). Both runners apply it.
   */
  // A method, so a query of rows R still counts as a Query<never, unknown> in lists of queries (bivariance).
  order?(a: R, b: R): number;
}

export function defineQuery<P = void, R = Row>(q: Query<P, R>): Query<P, R> {
  return q;
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

export function shapeRows<P, R>(query: Pick<Query<P, R>, "row" | "order">, rows: Row[]): R[] {
  const shaped = query.row ? rows.map(query.row) : (rows as R[]);
  return query.order ? shaped.sort(query.order) : shaped;
}
