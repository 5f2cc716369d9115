// The pass's rows on their way into DuckDB: appended to one newline-delimited JSON file per table as results
// arrive (so memory holds one trajectory's rows, not the release's), then loaded with declared column types
// and sorted (results arrive in whatever order the threads finish; the tables must not depend on it).
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { NodeDb } from "../../../lib/db/node";
import { sqlString } from "../../../lib/queries/sql";
import type { PassColumnType, PassRow } from "./types";

interface Sink {
  file: string;
  fd: number;
  columns: Record<string, PassColumnType>;
  rows: number;
}

export class TableFiles {
  private readonly dir = mkdtempSync(join(tmpdir(), "switch-swe-pass-"));
  private readonly sinks = new Map<string, Sink>();

  constructor(tables: Record<string, Record<string, PassColumnType>>) {
    for (const [name, columns] of Object.entries(tables)) {
      const file = join(this.dir, `${name}.jsonl`);
      this.sinks.set(name, { file, fd: openSync(file, "w"), columns, rows: 0 });
    }
  }

  /** One run's rows of one table; `_seq` keeps their order within the run. */
  add(table: string, rows: readonly PassRow[]): void {
    const sink = this.sinks.get(table);
    if (!sink) throw new Error(`trajectory pass: no table ${table}`);
    if (rows.length === 0) return;
    writeSync(sink.fd, rows.map((r, i) => JSON.stringify({ ...r, _seq: i })).join("\n") + "\n");
    sink.rows += rows.length;
  }

  /** Creates every table in `db`, ordered by run then by each run's own order; removes the files. */
  async load(db: NodeDb): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    try {
      for (const [name, sink] of this.sinks) {
        closeSync(sink.fd);
        const cols = Object.entries(sink.columns);
        const list = cols.map(([c]) => `"${c}"`).join(", ");
        if (sink.rows === 0) {
          await db.run(`CREATE TABLE ${name} (${cols.map(([c, t]) => `"${c}" ${t}`).join(", ")})`);
        } else {
          const typed: [string, string][] = [...cols, ["_seq", "INTEGER"]];
          const literal = `{${typed.map(([c, t]) => `${sqlString(c)}: ${sqlString(t)}`).join(", ")}}`;
          await db.run(
            `CREATE TABLE ${name} AS SELECT ${list} FROM read_json(${sqlString(sink.file)}, format = 'newline_delimited', columns = ${literal}) ` +
              `ORDER BY run_id, _seq`,
          );
        }
        counts[name] = sink.rows;
      }
    } finally {
      rmSync(this.dir, { recursive: true, force: true });
    }
    return counts;
  }
}
