// Concatenated Arrow IPC streams read back with apache-arrow: every row of every part, in order, once.
import { tableFromArrays, tableFromIPC, tableToIPC } from "apache-arrow";
import { describe, expect, it } from "vitest";
import { rowsToArrowIPC } from "../data/arrow-ipc";
import { concatIpcStreams } from "./ipc-concat";

const part = (from: number, n: number) =>
  rowsToArrowIPC(
    { run: "INTEGER", step: "INTEGER" },
    Array.from({ length: n }, (_, i) => ({ run: from + i, step: i % 2 === 0 ? i : null })),
  );

describe("concatIpcStreams", () => {
  it("three parts (3, 0 and 2 rows) read back as one table of their 5 rows in order, nulls kept", () => {
    const t = tableFromIPC(concatIpcStreams([part(10, 3), part(0, 0), part(20, 2)]));
    expect(t.numRows).toBe(5);
    expect(t.toArray().map((r: { run: number; step: number | null }) => [r.run, r.step])).toEqual([
      [10, 0],
      [11, null],
      [12, 2],
      [20, 0],
      [21, null],
    ]);
  });

  it("one part is returned as it is; no part and a non-stream are refused", () => {
    const p = part(0, 2);
    expect(concatIpcStreams([p])).toBe(p);
    expect(() => concatIpcStreams([])).toThrow(/no Arrow IPC stream/);
    const file = tableToIPC(tableFromArrays({ a: Int32Array.from([1]) }), "file");
    expect(() => concatIpcStreams([p, file])).toThrow(/not an Arrow IPC stream/);
  });
});
