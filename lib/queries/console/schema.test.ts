import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openNodeDb, type NodeDb } from "../../db/node";
import { SCHEMA_COLUMNS_SQL, tableCountsSql, type SchemaColumnRow, type TableCountRow } from "./schema.sql";

let db: NodeDb;
beforeAll(async () => {
  db = await openNodeDb();
  await db.run(`CREATE TABLE runs (run_id VARCHAR, resolved BOOLEAN); INSERT INTO runs VALUES ('a', true), ('b', false), ('c', NULL);
    CREATE SCHEMA local_1; CREATE TABLE local_1."odd ""name""" (x INTEGER); INSERT INTO local_1."odd ""name""" VALUES (1);`);
});
afterAll(() => db?.close());

describe("console schema", () => {
  it("lists columns with types, main first, and counts rows of every table", async () => {
    const cols = await db.query<SchemaColumnRow>(SCHEMA_COLUMNS_SQL);
    expect(cols.map((c) => [c.table_schema, c.table_name, c.column_name, c.data_type])).toEqual([
      ["main", "runs", "run_id", "VARCHAR"],
      ["main", "runs", "resolved", "BOOLEAN"],
      ["local_1", 'odd "name"', "x", "INTEGER"],
    ]);
    const counts = await db.query<TableCountRow>(
      tableCountsSql([
        { schema: "main", name: "runs" },
        { schema: "local_1", name: 'odd "name"' },
      ])!,
    );
    expect(counts.map((c) => [c.table_name, Number(c.row_count)])).toEqual([
      ["runs", 3],
      ['odd "name"', 1],
    ]);
    expect(tableCountsSql([])).toBeNull();
  });
});
