// The one door to a database, shared by DuckDB in Node (build, tests) and DuckDB-WASM (browser).
// Rows come back as plain JS values; queries cast counts to INT/DOUBLE so no BigInt reaches a caller.

export type Row = Record<string, unknown>;

export interface Db {
  query<T = Row>(sql: string): Promise<T[]>;
}
