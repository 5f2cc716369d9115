import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count";

describe("formatCount", () => {
  it("groups the digits of whole numbers by three, as en-US does", () => {
    expect([0, 7, 999, 1_000, 49_999, 50_000, 1_234_567].map(formatCount)).toEqual([
      "0",
      "7",
      "999",
      "1,000",
      "49,999",
      "50,000",
      "1,234,567",
    ]);
    expect([-1_234, 12.6, 999.5, -0.4].map(formatCount)).toEqual(["-1,234", "13", "1,000", "0"]);
    expect([Number.NaN, Number.POSITIVE_INFINITY].map(formatCount)).toEqual(["NaN", "Infinity"]);
  });

  it("writes what toLocaleString('en-US') writes for whole numbers", () => {
    for (const n of [0, 5, 12, 100, 1_001, 65_536, 9_007_199_254_740_991, -42_000])
      expect(formatCount(n)).toBe(n.toLocaleString("en-US"));
  });
});
