// DuckDB in Node for the data build and for tests of lib/queries. Never imported by browser code.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import type { Db, Row } from "../queries/db-types";

export interface NodeDb extends Db {
  run(sql: string): Promise<void>;
  connection: DuckDBConnection;
  close(): void;
}

export async function openNodeDb(): Promise<NodeDb> {
  // One thread: parallel aggregation adds floating-point sums in a varying order, and the build must write
  // byte-identical files for the same input.
  const instance = await DuckDBInstance.create(":memory:", { threads: "1" });
  const connection = await instance.connect();
  return {
    connection,
    async query<T = Row>(sql: string): Promise<T[]> {
      const reader = await connection.runAndReadAll(sql);
      return reader.getRowObjectsJS() as T[];
    },
    async run(sql: string) {
      await connection.run(sql);
    },
    close() {
      connection.closeSync();
      instance.closeSync();
    },
  };
}
