// The SQL console's engine: a DuckDB-WASM instance of its own (its own worker), so a runaway query can be
// cancelled, or the worker terminated and started again, without touching the DuckDB the other views share.
// Tables arrive as Arrow IPC fetched by this page (published tables, the steps index's shards, local results'
// blob: URLs); once the release's tables are in, the engine is locked: external access off, configuration
// locked (lib/queries/console/sql-check.ts is the first wall, this is the second).
import type { AsyncDuckDB, AsyncDuckDBConnection } from "@duckdb/duckdb-wasm";
import { appendPart, fetchBytes, newWasmDuckDb, once, type PartsTransform } from "../db/wasm";
import { BoundedRows, type ArrowBatch, type BoundedResult } from "./console-arrow";

export interface ConsoleSource {
  schema: string;
  table: string;
  /** One or more Arrow IPC files appended in order (a sharded table has several). */
  urls: string[];
  /** Loaded only when a statement names the table (the steps index is large). */
  lazy?: boolean;
  /** Parts go through a staging table: `create` makes the table, `append(staging)` adds a part (derived columns). */
  transform?: PartsTransform;
  /** A view over other sources of the same schema (loaded first), created by `sql`; `urls` is then empty. */
  view?: { sql: string; needs: string[] };
}

/** A bounded result (lib/source/console-arrow.ts) and how long the statement took. */
export interface ConsoleResult extends BoundedResult {
  ms: number;
}

export const ROW_CAP = 100_000;
/** How long a cancelled query may take to stop before the worker is terminated. */
const CANCEL_GRACE_MS = 2000;

const ident = (s: string) => `"${s.replaceAll('"', '""')}"`;

export class ConsoleEngine {
  private db: AsyncDuckDB | null = null;
  private conn: Promise<AsyncDuckDBConnection> | null = null;
  private loaded = new Map<string, Promise<void>>();
  private running: { settle: (e: Error) => void } | null = null;

  constructor(private sources: ConsoleSource[]) {}

  setSources(sources: ConsoleSource[]) {
    this.sources = sources;
  }

  private key(s: ConsoleSource) {
    return `${s.schema}.${s.table}`;
  }

  private connection(): Promise<AsyncDuckDBConnection> {
    this.conn ??= (async () => {
      const db = await newWasmDuckDb();
      this.db = db;
      const conn = await db.connect();
      const eager = this.sources.filter((s) => !s.lazy);
      await Promise.all(eager.map((s) => this.load(conn, s)));
      await conn.query("SET enable_external_access = false");
      await conn.query("SET lock_configuration = true");
      return conn;
    })();
    this.conn.catch(() => this.reset());
    return this.conn;
  }

  private load(conn: AsyncDuckDBConnection, s: ConsoleSource): Promise<void> {
    return once(this.loaded, this.key(s), async () => {
      const parts = s.urls.map(fetchBytes);
      parts.forEach((x) => void x.catch(() => undefined));
      if (s.schema !== "main") await conn.query(`CREATE SCHEMA IF NOT EXISTS ${ident(s.schema)}`);
      if (s.view) {
        const needs = this.sources.filter((x) => x.schema === s.schema && s.view!.needs.includes(x.table));
        await Promise.all(needs.map((x) => this.load(conn, x)));
        await conn.query(s.view.sql);
        return;
      }
      // Created before any part: a table without parts is still there, empty.
      if (s.transform) await conn.query(s.transform.create);
      for (const [i, part] of parts.entries())
        await appendPart(conn, s.schema, s.table, await part, i === 0, s.transform);
    });
  }

  /** Loads what a statement names that is not there yet (lazy tables, local results opened since). */
  async prepare(statement: string): Promise<void> {
    const conn = await this.connection();
    const words = new Set(statement.toLowerCase().match(/[a-z_][a-z0-9_]*/g) ?? []);
    const wanted = this.sources.filter((s) => !this.loaded.has(this.key(s)) && (!s.lazy || words.has(s.table)));
    await Promise.all(wanted.map((s) => this.load(conn, s)));
  }

  /**
   * Runs one checked statement; `cancel()` stops it. Statements run one after another: a second statement sent
   * on the connection while the first one's result is still streaming ends that stream early, so the schema's
   * counts (run after each statement) could leave a statement run by Back with its columns and no rows.
   */
  run(statement: string): Promise<ConsoleResult> {
    const next = this.queue.then(
      () => this.runNow(statement),
      () => this.runNow(statement),
    );
    this.queue = next.catch(() => undefined);
    return next;
  }

  private queue: Promise<unknown> = Promise.resolve();

  private async runNow(statement: string): Promise<ConsoleResult> {
    const t0 = performance.now();
    await this.prepare(statement);
    const conn = await this.connection();
    const work = (async () => {
      const reader = await conn.send(statement, true);
      const bounded = new BoundedRows(ROW_CAP);
      // DuckDB-WASM's batches come from its own copy of Arrow; BoundedRows reads the shape every version shares.
      for await (const batch of reader) if (!bounded.add(batch as unknown as ArrowBatch)) break;
      const r = bounded.result;
      if (r.columns.length === 0 && reader.schema) bounded.setColumns(reader.schema.fields);
      return { ...r, ms: performance.now() - t0 };
    })();
    const stopped = new Promise<never>((_, reject) => {
      this.running = { settle: reject };
    });
    try {
      return await Promise.race([work, stopped]);
    } finally {
      this.running = null;
      work.catch(() => undefined);
    }
  }

  /**
   * Cancels the running statement: DuckDB-WASM's pending-query cancel first; when the query has not stopped
   * within CANCEL_GRACE_MS, the worker is terminated and the next statement starts a fresh one.
   */
  async cancel(): Promise<"cancelled" | "restarted" | "idle"> {
    const running = this.running;
    if (!running || !this.conn) return "idle";
    const conn = await this.conn;
    const cancelled = conn.cancelSent().catch(() => false);
    const stoppedInTime = await Promise.race([
      cancelled.then(async (ok) => {
        if (!ok) return false;
        // Give the polling loop the chance to see the cancel and end the query.
        await new Promise((r) => setTimeout(r, 50));
        return this.running !== running;
      }),
      new Promise<boolean>((r) => setTimeout(() => r(false), CANCEL_GRACE_MS)),
    ]);
    if (stoppedInTime) return "cancelled";
    running.settle(new Error("cancelled"));
    if (this.running === running) this.running = null;
    await this.terminate();
    return "restarted";
  }

  private reset() {
    this.db = null;
    this.conn = null;
    this.loaded.clear();
  }

  async terminate(): Promise<void> {
    const db = this.db;
    this.reset();
    await db?.terminate().catch(() => undefined);
  }
}
