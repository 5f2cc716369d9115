// Rows packed for the page and read back: every field of every row as it was, texts with any characters
// (non-ASCII, empty, separators), nulls kept apart from zeros and empty strings.
import { describe, expect, it } from "vitest";
import { packRows, StepRows } from "./packed-rows";
import type { StepRow } from "./rows";

const row = (n: number, fields: Partial<StepRow> = {}): StepRow => ({
  n,
  stepId: n,
  file: 0,
  source: "agent",
  preview: `step ${n}`,
  tools: [],
  command: null,
  tokens: 0,
  cost: null,
  copied: false,
  sidechain: false,
  reasoning: false,
  ...fields,
});

const ROWS: StepRow[] = [
  row(1, { source: "user", preview: "[workspace /work/w01] Fix ünïcödé 🚀 — \u0000 and \\n" }),
  row(2, { tools: ["bash", 'a "quoted", name'], command: "", tokens: 1_234, cost: 0 }),
  row(3, { stepId: null, file: 2, command: "grep -n x src/🚀.py", cost: 0.015, copied: true, reasoning: true }),
  row(4, { preview: "", source: "system", sidechain: true, tokens: 7 }),
];

describe("StepRows", () => {
  it("reads back every row as it was packed", () => {
    const rows = new StepRows(packRows(ROWS));
    expect(rows.length).toBe(4);
    expect([1, 2, 3, 4].map((n) => rows.row(n))).toEqual(ROWS);
    expect(rows.row(0)).toBeUndefined();
    expect(rows.row(5)).toBeUndefined();
  });

  it("gives a step's tokens without its texts, and the same object for a row asked twice", () => {
    const rows = StepRows.of(ROWS);
    expect([0, 1, 2, 3, 4, 5].map((n) => rows.tokens(n))).toEqual([0, 0, 1_234, 0, 7, 0]);
    expect(rows.row(2)).toBe(rows.row(2));
  });

  it("packs 100,000 rows into one text buffer and reads the last", () => {
    const many = Array.from({ length: 100_000 }, (_, i) => row(i + 1, { tokens: i }));
    const packed = packRows(many);
    // "step 1" … "step 100000": 5 + the digits of each number.
    const digits = many.reduce((a, r) => a + String(r.n).length, 0);
    expect(packed.text.length).toBe(100_000 * 5 + digits);
    expect(new StepRows(packed).row(100_000)).toEqual(many.at(-1));
  });
});
