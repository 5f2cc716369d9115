// Column-wise rows from a real DuckDB-WASM result (its Node build: the same wasm as the browser's) equal what the
// row proxies gave, value for value: nulls stay null, BIGINTs become numbers, timestamps and decimals keep Arrow's
// own reading.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { arrowRowsSliced, ROWS_PER_SLICE } from "./arrow-rows";

const require = createRequire(import.meta.url);

// DuckDB-WASM's own Arrow tables (its bundled apache-arrow), typed as far as the test reads them.
interface Table {
  numRows: number;
  schema: { fields: { name: string }[] };
  getChildAt(i: number): {
    length: number;
    nullCount: number;
    type: { typeId: number };
    get(i: number): unknown;
    toArray(): ArrayLike<unknown>;
  } | null;
  toArray(): { toJSON(): Record<string, unknown> }[];
}

let started: Promise<{ connect(): { query(sql: string): Table; close(): void } }> | null = null;

async function start() {
  const duckdb = require("@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs");
  const dist = require.resolve("@duckdb/duckdb-wasm/dist/duckdb-eh.wasm").replace(/duckdb-eh\.wasm$/, "");
  const db = await duckdb.createDuckDB(
    {
      mvp: { mainModule: `${dist}duckdb-mvp.wasm`, mainWorker: `${dist}duckdb-node-mvp.worker.cjs` },
      eh: { mainModule: `${dist}duckdb-eh.wasm`, mainWorker: `${dist}duckdb-node-eh.worker.cjs` },
    },
    new duckdb.VoidLogger(),
    duckdb.NODE_RUNTIME,
  );
  await db.instantiate();
  return db;
}

async function wasmQuery(sql: string): Promise<Table> {
  const conn = (await (started ??= start())).connect();
  const t = conn.query(sql);
  conn.close();
  return t;
}

const byProxy = (t: Table) =>
  t.toArray().map((r) => {
    const o = r.toJSON();
    for (const k of Object.keys(o)) if (typeof o[k] === "bigint") o[k] = Number(o[k]);
    return o;
  });

describe("arrowRowsSliced", () => {
  it("reads every column type the queries return as the row proxies did", async () => {
    const t = await wasmQuery(`
      SELECT * FROM (VALUES
        (1::INTEGER, 10::BIGINT, 0.5::DOUBLE, 'a', TRUE, TIMESTAMP '2026-01-02 03:04:05', 1.25::DECIMAL(6,2)),
        (NULL, NULL, NULL, NULL, NULL, NULL, NULL),
        (3, 9007199254740991, -2.0, 'c', FALSE, TIMESTAMP '1970-01-01 00:00:00', -3.5)
      ) v(i, b, d, s, f, ts, dec)`);
    const rows = await arrowRowsSliced<Record<string, unknown>>(t);
    expect(rows).toEqual(byProxy(t));
    expect(rows.map((r) => [r.i, r.b, r.d, r.s, r.f])).toEqual([
      [1, 10, 0.5, "a", true],
      [null, null, null, null, null],
      [3, 9007199254740991, -2, "c", false],
    ]);
    expect(rows[0]!.ts).toBe(Date.UTC(2026, 0, 2, 3, 4, 5));
  });

  it("a string column without nulls is cut from its decoded bytes; one with a non-ASCII value reads each value", async () => {
    // Many chunks (DuckDB-WASM hands back one record batch per 2,048 rows) and repeated values, as a subset's
    // config_id column; then é (two bytes in UTF-8), where cutting decoded text at byte offsets would be wrong.
    const many = await wasmQuery(
      "SELECT 'config-' || (range % 7)::VARCHAR AS c, range::VARCHAR AS n, '' AS e FROM range(5000)",
    );
    const rows = await arrowRowsSliced<{ c: string; n: string; e: string }>(many);
    expect(rows).toEqual(byProxy(many));
    expect(rows[4999]).toEqual({ c: "config-1", n: "4999", e: "" });
    const accents = await wasmQuery("SELECT * FROM (VALUES ('abc'), ('café'), ('naïve x')) v(s)");
    expect((await arrowRowsSliced<{ s: string }>(accents)).map((r) => r.s)).toEqual(["abc", "café", "naïve x"]);
  });

  it("an integer column without nulls is read from its typed array; an empty result is no rows", async () => {
    const t = await wasmQuery("SELECT range::INTEGER AS n, (range * 2)::BIGINT AS m FROM range(5)");
    expect(await arrowRowsSliced(t)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n, m: 2 * n })));
    expect(await arrowRowsSliced(await wasmQuery("SELECT 1 AS n WHERE FALSE"))).toEqual([]);
  });

  it("sliced: the same rows, one yield per slice of a result longer than a slice and none for a short one", async () => {
    // 10,000 rows at 4,000 a slice: slices 0–3,999, 4,000–7,999 and 8,000–9,999, so 3 yields.
    expect(ROWS_PER_SLICE).toBe(4_000);
    const t = await wasmQuery(
      "SELECT range::INTEGER AS n, 'r' || range::VARCHAR AS s, CASE WHEN range % 3 = 0 THEN NULL ELSE range::BIGINT END AS m FROM range(10000)",
    );
    let yields = 0;
    const pause = async () => void yields++;
    const rows = await arrowRowsSliced<{ n: number; s: string; m: number | null }>(t, pause);
    expect(yields).toBe(3);
    expect(rows).toEqual(byProxy(t));
    // m is null where n is a multiple of 3: 9,999 = 3 × 3,333 is, 9,998 is not.
    expect(rows[9_999]).toEqual({ n: 9_999, s: "r9999", m: null });
    expect(rows[9_998]).toEqual({ n: 9_998, s: "r9998", m: 9_998 });
    const short = await wasmQuery("SELECT range::INTEGER AS n FROM range(5)");
    expect(await arrowRowsSliced(short, pause)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n })));
    expect(yields).toBe(3);
  });
});
