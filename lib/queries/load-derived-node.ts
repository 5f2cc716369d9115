// Loads hand-made derived tables (run_analysis, signature_tags: lib/queries/signatures/tables.ts) from
// `<table>.jsonl` files into DuckDB in Node, beside a release loaded with loadTablesNode. Tests use it to stand
// in for the build's trajectory pass with tables whose every row is written out; a missing file gives an
// empty table of the same columns.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SIGNATURE_DERIVED_TABLES } from "./signatures/tables";
import { sqlString } from "../db/sql";
import type { NodeDb } from "../db/node";

export async function loadDerivedNode(db: NodeDb, dir: string): Promise<void> {
  for (const [name, columns] of Object.entries(SIGNATURE_DERIVED_TABLES)) {
    const file = join(dir, `${name}.jsonl`);
    const cols = Object.entries(columns);
    if (!existsSync(file)) {
      await db.run(`CREATE OR REPLACE TABLE ${name} (${cols.map(([k, t]) => `"${k}" ${t}`).join(", ")})`);
      continue;
    }
    const literal = `{${cols.map(([k, t]) => `${sqlString(k)}: ${sqlString(t)}`).join(", ")}}`;
    await db.run(
      `CREATE OR REPLACE TABLE ${name} AS SELECT * FROM read_json(${sqlString(file)}, format = 'newline_delimited', columns = ${literal})`,
    );
  }
}
