import { tableFromIPC } from "apache-arrow";
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
