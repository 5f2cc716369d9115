import { describe, expect, it } from "vitest";
import type { ConsoleResult } from "../source/console";
import { cellParts, linkNote, resultRecords, resultStatus } from "./console-view";

const result = (over: Partial<ConsoleResult>): ConsoleResult => ({
  columns: [
    { name: "a", type: "Utf8" },
    { name: "a", type: "Int32" },
  ],
  rows: [
    [`${"x".repeat(3)}… (truncated: 250 characters)`, 1],
    ["=cmd", null],
  ],
  cuts: new Map([[0, "250 characters"]]),
  capped: false,
  stopped: false,
  ms: 12.4,
  ...over,
});

describe("the console's words about a result", () => {
  it("the status names the rows, the truncated cells, and the bounds that applied", () => {
    expect(resultStatus(result({}), 100_000)).toBe("2 rows · 1 cell truncated to 20,000 characters · 12 ms");
    expect(resultStatus(result({ cuts: new Map(), capped: true }), 2)).toBe("2 rows (the first 2) · 12 ms");
    expect(resultStatus(result({ cuts: new Map(), stopped: true }), 100_000)).toBe(
      "2 rows kept: the result passed the bound of 5,000,000 characters a result holds, so the rows after the first 2 were not read · 12 ms",
    );
  });

  it("a truncated cell's kept text apart from its mark; other cells as they are", () => {
    const r = result({});
    expect(cellParts(r, 0, 0)).toEqual({ text: "xxx", cut: "250 characters" });
    expect(cellParts(r, 0, 1)).toEqual({ text: "1", cut: null });
    expect(cellParts(r, 1, 1)).toEqual({ text: null, cut: null });
  });

  it("exports the bounded cells, the truncation mark in the cell, repeated column names told apart", () => {
    expect(resultRecords(result({}))).toEqual([
      { a: "xxx… (truncated: 250 characters)", "a (2)": 1 },
      { a: "=cmd", "a (2)": null },
    ]);
  });

  it("a statement longer than a link carries runs without the address, and the page says so", () => {
    expect(linkNote("x".repeat(8000))).toBeNull();
    expect(linkNote("x".repeat(8001))).toBe(
      "This statement is 8,001 characters long, more than the 8,000 a link carries: it ran, but the address was not changed, so a link to this page does not hold it (copy the statement instead).",
    );
  });
});
