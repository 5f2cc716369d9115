import { describe, expect, it } from "vitest";
import { boundText, cellChars, distinctNames, ResultBudget, textPrefix, truncationMark } from "./result-bounds";

describe("boundText", () => {
  it("a 100-character limit on a 250-character string keeps 100 and names the whole length", () => {
    expect(boundText("x".repeat(250), 100)).toEqual({
      text: `${"x".repeat(100)}… (truncated: 250 characters)`,
      truncated: true,
    });
  });
  it("a string of exactly the limit is whole", () => {
    expect(boundText("y".repeat(100), 100)).toEqual({ text: "y".repeat(100), truncated: false });
  });
  it("never splits a surrogate pair: 3 emoji (6 characters) cut at 5 keep 2 (4 characters)", () => {
    expect(textPrefix("😀😀😀", 5)).toBe("😀😀");
    expect(boundText("😀😀😀", 5).text).toBe(`😀😀${truncationMark("6 characters")}`);
  });
  it("writes sizes with thousands separators", () => {
    expect(boundText("z".repeat(1234), 1).text).toBe("z… (truncated: 1,234 characters)");
  });
});

describe("ResultBudget", () => {
  it("rows of 30 characters under a total of 100: the first three fit (90), the fourth (120) does not", () => {
    const b = new ResultBudget(100);
    expect([30, 30, 30, 30].map((n) => b.take(n))).toEqual([true, true, true, false]);
    expect(b.used).toBe(90);
    // A row that fits the 10 left is still taken.
    expect(b.take(10)).toBe(true);
    expect(b.take(1)).toBe(false);
  });
  it("a cell costs its text's length, at least 1", () => {
    expect([cellChars("abc"), cellChars(""), cellChars(null), cellChars(-12.5), cellChars(true)]).toEqual([
      3, 1, 1, 5, 4,
    ]);
  });
});

describe("distinctNames", () => {
  it("numbers repeated names from the second on", () => {
    expect(distinctNames(["a", "b", "a", "a", "a (2)"])).toEqual(["a", "b", "a (2)", "a (3)", "a (2) (2)"]);
  });
});
