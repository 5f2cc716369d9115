import { describe, expect, it } from "vitest";
import { FIRST_ROWS, firstItems, OVERSCAN, rowWindow, WINDOW_FROM } from "./row-window";

describe("rowWindow", () => {
  it("renders every row of a short table", () => {
    expect(rowWindow(WINDOW_FROM, -5000, 800, 40)).toEqual({ start: 0, end: WINDOW_FROM, before: 0, after: 0 });
  });
  it("renders the first rows before anything is measured", () => {
    expect(rowWindow(1100, null, 800, 40)).toEqual({
      start: 0,
      end: FIRST_ROWS,
      before: 0,
      after: (1100 - FIRST_ROWS) * 40,
    });
  });
  it("renders the rows on screen and a margin, spacers for the rest", () => {
    // Body top 4,000 px above the viewport, 40 px rows: row 100 is the first on screen, 20 rows fit in 800 px.
    expect(rowWindow(1100, -4000, 800, 40)).toEqual({
      start: 100 - OVERSCAN,
      end: 120 + OVERSCAN,
      before: 80 * 40,
      after: (1100 - 140) * 40,
    });
    // Scrolled past the end: the last row still renders.
    expect(rowWindow(1100, -1e6, 800, 40)).toMatchObject({ start: 1099, end: 1100, after: 0 });
    // The table below the fold: the first rows.
    expect(rowWindow(1100, 600, 800, 40)).toMatchObject({ start: 0, end: 20 + OVERSCAN, before: 0 });
  });
});

describe("firstItems", () => {
  const ids = Array.from({ length: 33 }, (_, i) => `c${i}`);
  it("keeps the first 30 in their order and counts the rest", () => {
    const { shown, hidden } = firstItems(ids, false);
    expect(shown).toEqual(ids.slice(0, 30));
    expect(shown.at(-1)).toBe("c29");
    expect(hidden).toBe(3);
  });
  it("shows every item once asked, and a short list whole", () => {
    expect(firstItems(ids, true)).toEqual({ shown: ids, hidden: 0 });
    expect(firstItems(ids.slice(0, 11), false)).toEqual({ shown: ids.slice(0, 11), hidden: 0 });
  });
});
