// DuckDB-WASM in the browser, started once and only when a view asks for a query the static HTML cannot
// answer. The wasm and worker files are emitted by the bundler under our own origin (never a CDN).
// Each release gets its own schema, so two releases (e.g. published + local results) never collide.
import type { AsyncDuckDB, AsyncDuckDBConnection } from "@duckdb/duckdb-wasm";
import type { Db, Row } from "./types";
import { arrowRowsSliced } from "./arrow-rows";
import { concatIpcStreams } from "./ipc-concat";

let started: Promise<AsyncDuckDB> | null = null;

// performance marks (duckdb:*) let the benchmark and the diagnostics page see where a first query's time goes;
// every query is also a performance.measure named "duckdb:query" (scripts/bench/scale-site.ts reads them).
const QUERY_MEASURE = "duckdb:query";

const mark = (name: string) => typeof performance !== "undefined" && performance.mark(`duckdb:${name}`);

/** A fresh DuckDB-WASM instance in its own worker (the SQL console keeps one apart from the views'). */
export async function newWasmDuckDb(): Promise<AsyncDuckDB> {
  mark("start");
  const duckdb = await import("@duckdb/duckdb-wasm");
  mark("js");
  const bundles = {
    mvp: {
      mainModule: new URL("@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm", import.meta.url).toString(),
      mainWorker: new URL("@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js", import.meta.url).toString(),
    },
    eh: {
      mainModule: new URL("@duckdb/duckdb-wasm/dist/duckdb-eh.wasm", import.meta.url).toString(),
      mainWorker: new URL("@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js", import.meta.url).toString(),
    },
  };
  const bundle = await duckdb.selectBundle(bundles);
  const worker = new Worker(bundle.mainWorker!);
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
  mark("instantiated");
  return db;
}

/** The one DuckDB-WASM instance of this page; concurrent callers share the same start. */
export function wasmDuckDb(): Promise<AsyncDuckDB> {
  started ??= newWasmDuckDb().catch((err) => {
    started = null;
    throw err;
  });
  return started;
}

function schemaName(releaseId: string): string {
  return `r_${releaseId.replace(/[^a-z0-9]/g, "_")}`;
}

interface ReleaseDb {
  conn: Promise<AsyncDuckDBConnection>;
  loaded: Map<string, Promise<void>>;
  /** Tables made of parts (loadTableParts): the appends run one after another. */
  created?: Set<string>;
  appending?: Promise<void>;
}

const releases = new Map<string, ReleaseDb>();

async function openRelease(releaseId: string): Promise<AsyncDuckDBConnection> {
  const db = await wasmDuckDb();
  const conn = await db.connect();
  const schema = schemaName(releaseId);
  // One round trip to the worker: the first statements on a fresh DuckDB are slow enough to matter.
  await conn.query(`CREATE SCHEMA IF NOT EXISTS ${schema}; SET search_path = '${schema}'`);
  mark(`open:${releaseId}`);
  return conn;
}

function releaseEntry(releaseId: string): ReleaseDb {
  let rel = releases.get(releaseId);
  if (!rel) {
    const entry: ReleaseDb = { conn: openRelease(releaseId), loaded: new Map() };
    // A failed start (e.g. the wasm request blocked) is forgotten, so the next query tries again.
    entry.conn.catch(() => releases.get(releaseId) === entry && releases.delete(releaseId));
    releases.set(releaseId, entry);
    rel = entry;
  }
  return rel;
}

/** Runs `make` once per key (a failure is forgotten, so the next caller tries again); later callers wait for it. */
export function once(done: Map<string, Promise<void>>, key: string, make: () => Promise<unknown>): Promise<void> {
  let made = done.get(key);
  if (!made) {
    made = make().then(() => undefined);
    made.catch(() => done.delete(key));
    done.set(key, made);
  }
  return made;
}

const prefetched = new Map<string, Promise<Uint8Array>>();

/** Starts downloading table files a load will ask for soon (each is handed over once, then forgotten). */
export function prefetchTables(urls: readonly string[]): void {
  for (const url of urls) {
    if (prefetched.has(url)) continue;
    const bytes = fetchBytes(url);
    bytes.catch(() => prefetched.get(url) === bytes && prefetched.delete(url));
    prefetched.set(url, bytes);
  }
}

function fetchTable(url: string): Promise<Uint8Array> {
  const early = prefetched.get(url);
  if (early) {
    prefetched.delete(url);
    return early;
  }
  return fetchBytes(url);
}

/** A file's bytes, or an error naming the file and the HTTP status. */
export async function fetchBytes(url: string): Promise<Uint8Array> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
  return new Uint8Array(await res.arrayBuffer());
}

export interface PartsTransform {
  /** Creates the (empty) table, run once before the first part. */
  create: string;
  /** Appends a part read into the named staging table. */
  append: (staging: string) => string;
}

/**
 * Inserts one Arrow IPC part into `schema.table` (`create`: the part that makes the table), through a staging
 * table when `transform` derives columns from each part (step_texts' hay). The SQL console's engine uses it too.
 */
export async function appendPart(
  conn: AsyncDuckDBConnection,
  schema: string,
  table: string,
  data: Uint8Array,
  create: boolean,
  transform?: PartsTransform,
): Promise<void> {
  if (!transform) return conn.insertArrowFromIPCStream(data, { name: table, schema, create });
  const staging = `_part_${table}`;
  if (create) await conn.query(transform.create);
  await conn.insertArrowFromIPCStream(data, { name: staging, schema, create: true });
  await conn.query(`${transform.append(staging)}; DROP TABLE "${schema}"."${staging}"`);
}

/**
 * Appends Arrow IPC parts (shards) to one table of the release's schema, each part at most once and one at a
 * time (the first creates the table, or `transform.create` does); `joined` appends the parts as one. Parts are
 * fetched in parallel while DuckDB-WASM starts.
 */
export async function loadTableParts(
  releaseId: string,
  table: string,
  urls: readonly string[],
  transform?: PartsTransform,
  options: { joined?: boolean } = {},
): Promise<void> {
  const rel = releaseEntry(releaseId);
  const keyOf = (url: string) => `${table}:${url}`;
  // Joined: the parts not loaded yet go in as one Arrow stream, one insert (lib/db/ipc-concat.ts); parts
  // without dictionaries only (the steps index's integer shards).
  const groups = options.joined
    ? [urls.filter((u) => !rel.loaded.has(keyOf(u)))].filter((g) => g.length > 0)
    : urls.filter((u) => !rel.loaded.has(keyOf(u))).map((u) => [u]);
  for (const group of groups) {
    const parts = group.map(fetchTable);
    for (const p of parts) p.catch(() => undefined);
    const load = (async () => {
      const conn = await rel.conn;
      const data = group.length === 1 ? await parts[0]! : concatIpcStreams(await Promise.all(parts));
      mark(`fetched:${group.join(",")}`);
      const append = (rel.appending ?? Promise.resolve()).then(async () => {
        const create = !(rel.created ??= new Set()).has(table);
        await appendPart(conn, schemaName(releaseId), table, data, create, transform);
        rel.created.add(table);
      });
      rel.appending = append.catch(() => undefined);
      await append;
      mark(`loaded:${group.join(",")}`);
    })();
    for (const url of group) {
      const key = keyOf(url);
      load.catch(() => rel.loaded.get(key) === load && rel.loaded.delete(key));
      rel.loaded.set(key, load);
    }
  }
  await Promise.all(urls.map((u) => rel.loaded.get(keyOf(u)) ?? Promise.resolve()));
}

/** Whether every part is loaded or loading (a search that needs nothing new skips its partial answer). */
export function partsRequested(releaseId: string, table: string, urls: readonly string[]): boolean {
  const rel = releases.get(releaseId);
  return Boolean(rel && urls.every((u) => rel.loaded.has(`${table}:${u}`)));
}

export interface TableSource {
  /** Where the Arrow IPC file of a table is served, e.g. /data/sample/runs.arrow. */
  url(table: string): string;
}

/** Where a file the build wrote for a published release is served (a table, a part of the steps index). */
export const publishedFile = (releaseId: string, file: string): string => `/data/${releaseId}/${file}`;

export const publishedTables = (releaseId: string): TableSource => ({
  url: (table) => publishedFile(releaseId, `${table}.arrow`),
});

/**
 * Loads Arrow IPC tables into the release's schema (each at most once) and adds a query door over them.
 * The table files are fetched while DuckDB-WASM starts, not after it: on a first query both are on the clock.
 */
export async function releaseDb(
  releaseId: string,
  tables: readonly string[],
  source = publishedTables(releaseId),
): Promise<Db> {
  const rel = releaseEntry(releaseId);
  await Promise.all(
    tables.map((table) =>
      once(rel.loaded, table, async () => {
        const bytes = fetchTable(source.url(table));
        bytes.catch(() => undefined); // reported through the load, once the connection is there
        const conn = await rel.conn;
        const data = await bytes;
        mark(`fetched:${table}`);
        await conn.insertArrowFromIPCStream(data, { name: table, schema: schemaName(releaseId), create: true });
        mark(`loaded:${table}`);
      }),
    ),
  );
  const conn = await rel.conn;
  return {
    async query<T = Row>(sql: string): Promise<T[]> {
      const begun = performance.now();
      const result = await conn.query(sql);
      mark(`query:${sql.slice(0, 40).replace(/\s+/g, " ")}`);
      // A long result is made JavaScript in slices, yielding to the page between them (lib/db/arrow-rows.ts).
      const rows = await arrowRowsSliced<T>(result);
      // The query with its rows made JavaScript, as one entry: the scale bench times a warm subset by these.
      performance.measure(QUERY_MEASURE, { start: begun, detail: sql });
      return rows;
    },
  };
}
