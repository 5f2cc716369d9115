// Loads hand-made derived tables (run_analysis, signature_tags: lib/queries/signatures/tables.ts) from
// `<table>.jsonl` files into DuckDB in Node, beside a release loaded with loadTablesNode. Tests use it to stand
// in for the build's trajectory pass with tables whose every row is written out; a missing file gives an
// empty table of the same columns. The test build uses replaceDerivedNode for a fixture release's hand-set tables
// (scripts/build/fixture-derived.ts).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { SIGNATURE_DERIVED_TABLES } from "./signatures/tables";
import { sqlString } from "../db/sql";
import type { NodeDb } from "../db/node";

type DerivedName = keyof typeof SIGNATURE_DERIVED_TABLES;

async function loadJsonl(db: NodeDb, name: DerivedName, file: string): Promise<void> {
  const cols = Object.entries(SIGNATURE_DERIVED_TABLES[name]);
  const literal = `{${cols.map(([k, t]) => `${sqlString(k)}: ${sqlString(t)}`).join(", ")}}`;
  await db.run(
    `CREATE OR REPLACE TABLE ${name} AS SELECT * FROM read_json(${sqlString(file)}, format = 'newline_delimited', columns = ${literal})`,
  );
}

export async function loadDerivedNode(db: NodeDb, dir: string): Promise<void> {
  for (const [name, columns] of Object.entries(SIGNATURE_DERIVED_TABLES)) {
    const file = join(dir, `${name}.jsonl`);
    if (existsSync(file)) {
      await loadJsonl(db, name as DerivedName, file);
      continue;
    }
    const cols = Object.entries(columns);
    await db.run(`CREATE OR REPLACE TABLE ${name} (${cols.map(([k, t]) => `"${k}" ${t}`).join(", ")})`);
  }
}

/** Replaces each of `names` that `dir` holds a `<table>.jsonl` of, leaving the others; returns those replaced. */
export async function replaceDerivedNode(db: NodeDb, dir: string, names: readonly DerivedName[]): Promise<string[]> {
  const replaced: string[] = [];
  for (const name of names) {
    const file = join(dir, `${name}.jsonl`);
    if (!existsSync(file)) continue;
    await loadJsonl(db, name, file);
    replaced.push(name);
  }
  return replaced;
}
