// DuckDB in Node for the data build and for tests of lib/queries. Never imported by browser code.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import type { Db, Row } from "./types";
import { runQuery, type Query } from "./query";

/** The part of a query object (lib/db/query.ts) that Node needs: every table is loaded here. */
type QueryText<P, R> = Pick<Query<P, R>, "name" | "sql" | "row" | "order" | "ahead" | "compute">;

export interface NodeDb extends Db {
  /** A statement (a load, a derivation) ... */
  run(sql: string): Promise<void>;
  /** ... or a query object, the very one the browser's release sources run (lib/source). */
  run<P, R>(query: QueryText<P, R>, ...params: [P] extends [void] ? [] : [P]): Promise<R[]>;
  connection: DuckDBConnection;
  close(): void;
}

/**
 * `file`: a database file instead of memory, with `memoryLimit` (DuckDB's setting, e.g. "3GB"). The data build
 * uses one: a file's tables are compressed and the buffer pool evicts them, so 100× the sample's rows stay
 * within the build's memory budget (docs/scale.md). Every other caller keeps the default, in memory.
 */
export interface NodeDbOptions {
  file?: string;
  memoryLimit?: string;
}

export async function openNodeDb(options: NodeDbOptions = {}): Promise<NodeDb> {
  // One thread: parallel aggregation adds floating-point sums in a varying order, and the build must write
  // byte-identical files for the same input.
  const config: Record<string, string> = { threads: "1" };
  if (options.memoryLimit) config.memory_limit = options.memoryLimit;
  const instance = await DuckDBInstance.create(options.file ?? ":memory:", config);
  const connection = await instance.connect();
  const query = async <T = Row>(sql: string): Promise<T[]> => {
    const reader = await connection.runAndReadAll(sql);
    return reader.getRowObjectsJS() as T[];
  };
  async function run(sql: string): Promise<void>;
  async function run<P, R>(q: QueryText<P, R>, ...params: [P] extends [void] ? [] : [P]): Promise<R[]>;
  async function run<P, R>(q: string | QueryText<P, R>, ...params: [P?]): Promise<void | R[]> {
    if (typeof q === "string") {
      await connection.run(q);
      return;
    }
    return runQuery(db, q as Query<P, R>, params[0] as P, query<Row>);
  }
  const db: NodeDb = {
    connection,
    query,
    run,
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
  return db;
}
