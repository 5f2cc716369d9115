// Bounded console cells from real Arrow record batches (apache-arrow builds them here as DuckDB-WASM hands them:
// Utf8 and LargeUtf8 with offsets, lists, structs, maps, dictionaries, binary). Every expected text is written
// out by hand from the inputs.
import {
  Binary,
  Dictionary,
  Field,
  Int32,
  LargeUtf8,
  List,
  Map_,
  Struct,
  Table,
  Utf8,
  vectorFromArray,
  type Vector,
} from "apache-arrow";
import { describe, expect, it } from "vitest";
import { BoundedRows, type ArrowBatch } from "./console-arrow";

/** One record batch of the given columns. */
function batch(columns: Record<string, Vector>): ArrowBatch {
  return new Table(columns).batches[0]! as unknown as ArrowBatch;
}

/** The rows (and cuts) of one batch read under a cell limit and a total. */
function read(columns: Record<string, Vector>, cell: number, total = 1_000_000, maxRows = 100) {
  const rows = new BoundedRows(maxRows, cell, total);
  const more = rows.add(batch(columns));
  return { ...rows.result, more };
}

const strings = (values: (string | null)[], type: Utf8 | LargeUtf8 = new Utf8()) => vectorFromArray(values, type);

describe("bounded console cells", () => {
  it("a 250-character string under a 100-character limit: its first 100 and its whole length", () => {
    const r = read({ big: strings(["x".repeat(250), "short", null]) }, 100);
    expect(r.rows).toEqual([[`${"x".repeat(100)}… (truncated: 250 characters)`], ["short"], [null]]);
    expect([...r.cuts]).toEqual([[0, "250 characters"]]);
  });

  it("counts characters, not bytes: 150 'é' (300 bytes) keep 100; 60 emoji (120 characters) keep 50 at 101", () => {
    expect(read({ s: strings(["é".repeat(150)]) }, 100).rows[0]).toEqual([
      `${"é".repeat(100)}… (truncated: 150 characters)`,
    ]);
    expect(read({ s: strings(["é".repeat(100)]) }, 100).rows[0]).toEqual(["é".repeat(100)]);
    expect(read({ s: strings(["😀".repeat(60)]) }, 101).rows[0]).toEqual([
      `${"😀".repeat(50)}… (truncated: 120 characters)`,
    ]);
  });

  it("reads LargeUtf8 (64-bit offsets) the same way", () => {
    expect(read({ s: strings(["ab".repeat(100)], new LargeUtf8()) }, 10).rows[0]).toEqual([
      "ababababab… (truncated: 200 characters)",
    ]);
  });

  it("the total stops at the first row that does not fit: 30 + 1 characters a row, 100 in all, keeps 3", () => {
    const r = read(
      {
        s: strings(["a".repeat(30), "b".repeat(30), "c".repeat(30), "d".repeat(30), "e"]),
        n: vectorFromArray([1, 2, 3, 4, 5], new Int32()),
      },
      1000,
      100,
    );
    expect(r.rows.map((row) => row[1])).toEqual([1, 2, 3]);
    expect(r.stopped).toBe(true);
    expect(r.capped).toBe(false);
    expect(r.more).toBe(false);
  });

  it("the row cap keeps that many rows and says so", () => {
    const r = read({ n: vectorFromArray([1, 2, 3], new Int32()) }, 100, 1000, 2);
    expect(r.rows).toEqual([[1], [2]]);
    expect([r.capped, r.stopped, r.more]).toEqual([true, false, false]);
  });

  it("a list of 10,000 integers under 50 characters: [0,…,19 and its element count", () => {
    const list = vectorFromArray(
      [Array.from({ length: 10_000 }, (_, i) => i)],
      new List(new Field("item", new Int32())),
    );
    const numbers = Array.from({ length: 20 }, (_, i) => i).join(",");
    expect(`[${numbers}`.length).toBe(50);
    expect(read({ l: list }, 50).rows[0]).toEqual([`[${numbers}… (truncated: a list of 10,000 elements)`]);
    // A short list is its JSON.
    const small = vectorFromArray([[1, 2, 3]], new List(new Field("item", new Int32())));
    expect(read({ l: small }, 50).rows[0]).toEqual(["[1,2,3]"]);
  });

  it("a struct whose string field is long: cut inside the string, which names its length", () => {
    const type = new Struct([new Field("a", new Int32()), new Field("b", new Utf8())]);
    const v = vectorFromArray([{ a: 1, b: "x".repeat(1000) }], type);
    // {"a":1,"b": is 11 characters; the 19 left take the opening quote and 18 x.
    expect(read({ s: v }, 30).rows[0]).toEqual([
      `{"a":1,"b":"${"x".repeat(18)}… (truncated: a string of 1,000 characters)`,
    ]);
    expect(read({ s: vectorFromArray([{ a: 2, b: "q" }], type) }, 30).rows[0]).toEqual(['{"a":2,"b":"q"}']);
  });

  it("maps, dictionaries and binary values", () => {
    const entries = new Struct([new Field("key", new Utf8(), false), new Field("value", new Int32())]);
    const map = vectorFromArray([new Map([["k", 1]])], new Map_(new Field("entries", entries)));
    const dict = vectorFromArray(["red", "green", "red"], new Dictionary(new Utf8(), new Int32()));
    const bin = vectorFromArray([new Uint8Array(3), new Uint8Array(1500), null, null], new Binary());
    const r = read({ m: vectorFromArray([null, null, null], map.type), d: dict, b: bin.slice(0, 3) }, 100);
    expect(r.rows).toEqual([
      [null, "red", "<3 bytes>"],
      [null, "green", "<1,500 bytes>"],
      [null, "red", null],
    ]);
    expect(read({ m: map }, 100).rows[0]).toEqual(['{"k":1}']);
    expect(read({ d: vectorFromArray(["y".repeat(30)], new Dictionary(new Utf8(), new Int32())) }, 10).rows[0]).toEqual(
      ["yyyyyyyyyy… (truncated: 30 characters)"],
    );
  });

  it("column names and types are kept", () => {
    const r = read({ ["n".repeat(30)]: vectorFromArray([1], new Int32()) }, 100);
    expect(r.columns).toEqual([{ name: "n".repeat(30), type: "Int32" }]);
  });
});
