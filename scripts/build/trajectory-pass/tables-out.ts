// The pass's rows on their way into DuckDB: appended, already in run order (pass.ts takes results in job
// order), to one newline-delimited JSON file per table as results arrive, so memory holds one trajectory's
// rows, not the release's. Then each becomes a table with its declared column types; a bulky one (the steps
// index) becomes a view over a Parquet file DuckDB writes by streaming the NDJSON, so it never sits in the
// build's memory whole.
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { NodeDb } from "../../../lib/db/node";
import { sqlString } from "../../../lib/db/sql";
import type { ColumnType } from "../../../lib/data/tables";

interface Sink {
  file: string;
  fd: number;
  columns: Record<string, ColumnType>;
  rows: number;
}

const NEWLINE = 10;

const lines = (text: string | Uint8Array) => {
  let n = 0;
  if (typeof text === "string") for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) n++;
  else for (let i = text.indexOf(NEWLINE); i !== -1; i = text.indexOf(NEWLINE, i + 1)) n++;
  return n;
};

export class TableFiles {
  private readonly dir = mkdtempSync(join(tmpdir(), "switch-swe-pass-"));
  private readonly sinks = new Map<string, Sink>();
  private readonly cleanup = () => this.dispose();

  constructor(tables: Record<string, Record<string, ColumnType>>) {
    for (const [name, columns] of Object.entries(tables)) {
      const file = join(this.dir, `${name}.jsonl`);
      this.sinks.set(name, { file, fd: openSync(file, "w"), columns, rows: 0 });
    }
    process.once("exit", this.cleanup);
  }

  /** One run's rows of one table, as NDJSON lines (each ending in a newline), text or UTF-8 bytes. */
  add(table: string, ndjson: string | Uint8Array): void {
    const sink = this.sinks.get(table);
    if (!sink) throw new Error(`trajectory pass: no table ${table}`);
    if (ndjson.length === 0) return;
    if (typeof ndjson === "string") writeSync(sink.fd, ndjson);
    else writeSync(sink.fd, ndjson);
    sink.rows += lines(ndjson);
  }

  /** Creates every table (a view for the bulky ones) in `db`, rows in the order added. */
  async load(db: NodeDb, bulky: ReadonlySet<string> = new Set()): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const [name, sink] of this.sinks) {
      closeSync(sink.fd);
      const cols = Object.entries(sink.columns);
      const list = cols.map(([c]) => `"${c}"`).join(", ");
      const literal = `{${cols.map(([c, t]) => `${sqlString(c)}: ${sqlString(t)}`).join(", ")}}`;
      const rows =
        sink.rows === 0
          ? `SELECT * FROM (VALUES (${cols.map(([, t]) => `NULL::${t}`).join(", ")})) AS t(${list}) WHERE false`
          : `SELECT ${list} FROM read_json(${sqlString(sink.file)}, format = 'newline_delimited', columns = ${literal})`;
      if (bulky.has(name)) {
        const parquet = join(this.dir, `${name}.parquet`);
        await db.run(`COPY (${rows}) TO ${sqlString(parquet)} (FORMAT parquet, COMPRESSION zstd)`);
        await db.run(`CREATE VIEW ${name} AS SELECT * FROM read_parquet(${sqlString(parquet)})`);
      } else {
        await db.run(`CREATE TABLE ${name} AS ${rows}`);
      }
      rmSync(sink.file, { force: true });
      counts[name] = sink.rows;
    }
    return counts;
  }

  /** Removes the files (the Parquet behind the bulky tables' views). */
  dispose(): void {
    process.off("exit", this.cleanup);
    rmSync(this.dir, { recursive: true, force: true });
  }
}
