import { Bool, Float64, Int32, Int64, Table, tableFromIPC, tableToIPC, Utf8, vectorFromArray } from "apache-arrow";
import { describe, expect, it } from "vitest";
import { ArrowTableBuilder, rowsToArrowIPC } from "./arrow-ipc";

describe("rowsToArrowIPC", () => {
  it("dictionary-encodes repetitive strings and keeps them readable", () => {
    const rows = [{ s: "a", n: 1 }, { s: "a", n: 2 }, { s: "b", n: 3 }, { s: "a", n: 4 }];
    const t = tableFromIPC(rowsToArrowIPC({ s: "VARCHAR", n: "INTEGER" }, rows));
    expect(String(t.schema.fields[0]!.type)).toContain("Dictionary");
    expect(t.toArray().map((r) => r.toJSON())).toEqual(rows);
  });
  it("writes an empty table with plain string columns (no dictionary batch to miss)", () => {
    const t = tableFromIPC(rowsToArrowIPC({ s: "VARCHAR" }, []));
    expect(t.numRows).toBe(0);
    expect(String(t.schema.fields[0]!.type)).toBe("Utf8");
  });
  it("gathers a table chunk by chunk into the same rows, nulls kept, one dictionary across chunks", () => {
    const builder = new ArrowTableBuilder({ s: "VARCHAR", n: "BIGINT", b: "BOOLEAN" });
    // Two chunks as DuckDB hands them: 6 rows, strings {x, y} with one null (2 distinct ≤ 6/2: a dictionary).
    builder.push(0, ["x", null, "y"]);
    builder.push(1, [1n, 2n, null]);
    builder.push(2, [true, false, null]);
    builder.push(0, ["x", "x", "y"]);
    builder.push(1, [4n, 5n, 6n]);
    builder.push(2, [true, true, false]);
    const t = tableFromIPC(builder.toIPC());
    expect(String(t.schema.fields[0]!.type)).toContain("Dictionary");
    expect(t.getChild("s")!.toArray()).toEqual(["x", null, "y", "x", "x", "y"]);
    expect(t.getChild("s")!.nullCount).toBe(1);
    expect(t.getChild("n")!.toArray()).toEqual(new BigInt64Array([1n, 2n, 0n, 4n, 5n, 6n]));
    expect(t.getChild("n")!.nullCount).toBe(1);
    expect(Array.from({ length: 6 }, (_, i) => t.getChild("b")!.get(i))).toEqual([true, false, null, true, true, false]);
  });
  it("keeps mostly distinct strings plain (3 distinct of 4 rows > 4/2)", () => {
    const builder = new ArrowTableBuilder({ s: "VARCHAR" });
    builder.push(0, ["a", "b"]);
    builder.push(0, ["c", "a"]);
    const t = tableFromIPC(builder.toIPC());
    expect(String(t.schema.fields[0]!.type)).toBe("Utf8");
    expect(t.getChild("s")!.toArray()).toEqual(["a", "b", "c", "a"]);
  });
});

/** The column as apache-arrow's own builder writes it: what ArrowTableBuilder wrote before it filled buffers itself. */
function builderIPC(type: "VARCHAR" | "BIGINT" | "INTEGER" | "DOUBLE" | "BOOLEAN", values: unknown[]): Uint8Array {
  const arrow = { VARCHAR: new Utf8(), BIGINT: new Int64(), INTEGER: new Int32(), DOUBLE: new Float64(), BOOLEAN: new Bool() }[type];
  const cells = values.map((v) => (v === null ? null : type === "BIGINT" ? BigInt(v as number) : v));
  return tableToIPC(new Table({ c: vectorFromArray(cells, arrow) }), "stream");
}

describe("columns written straight into their buffers", () => {
  // Mostly distinct strings (kept plain) and numbers, with and without nulls, past one 64-byte bitmap, with
  // non-ASCII text (2-, 3- and 4-byte UTF-8, a NUL) and a buffer that must grow: byte for byte what the builder wrote.
  const strings = (n: number, nulls: boolean) =>
    Array.from({ length: n }, (_, i) => (nulls && i % 7 === 3 ? null : `${"é€😀\u0000x".slice(0, i % 6)}${"r".repeat(i % 40)}-${i}`));
  const numbers = (n: number, nulls: boolean) => Array.from({ length: n }, (_, i) => (nulls && i % 5 === 1 ? null : i * 3 - 700));
  for (const n of [0, 1, 9, 513, 3000])
    for (const nulls of [false, true]) {
      it(`${n} rows${nulls ? " with nulls" : ""}: the same bytes as apache-arrow's builder`, () => {
        const cases: ["VARCHAR" | "BIGINT" | "INTEGER" | "DOUBLE" | "BOOLEAN", unknown[]][] = [
          ["VARCHAR", strings(n, nulls)],
          ["BIGINT", numbers(n, nulls)],
          ["INTEGER", numbers(n, nulls)],
          ["DOUBLE", numbers(n, nulls).map((v) => (v === null ? null : v / 8))],
          ["BOOLEAN", numbers(n, nulls).map((v) => (v === null ? null : v % 3 === 0))],
        ];
        for (const [type, values] of cases) {
          const builder = new ArrowTableBuilder({ c: type });
          builder.push(0, values.slice(0, n >> 1));
          builder.push(0, values.slice(n >> 1));
          expect(Buffer.from(builder.toIPC()).equals(Buffer.from(builderIPC(type, values))), type).toBe(true);
        }
      });
    }
  it("reads back every string, non-ASCII included", () => {
    const values = ["", "a", null, "é", "€uro", "😀 x", "a\u0000b"];
    const t = tableFromIPC(rowsToArrowIPC({ s: "VARCHAR" }, values.map((s) => ({ s }))));
    expect(t.getChild("s")!.toArray()).toEqual(values);
  });
});
