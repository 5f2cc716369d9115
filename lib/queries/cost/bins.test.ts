import { describe, expect, it } from "vitest";
import { binRange, niceBins, niceWidth } from "./bins";

describe("niceBins", () => {
  it("rounds the width up to 1, 2 or 5 times a power of ten", () => {
    expect([
      niceWidth(0.3),
      niceWidth(1.5),
      niceWidth(3),
      niceWidth(7),
      niceWidth(1500),
      niceWidth(2000),
      niceWidth(2001),
    ]).toEqual([1, 2, 5, 10, 2000, 2000, 5000]);
  });

  it("covers [min, max] with round edges", () => {
    // range 18000 / 20 = 900 → width 1000; lo = floor(4000 / 1000) · 1000 = 4000; (22000 − 4000) / 1000 = 18 → 19 bins
    const bins = niceBins(4000, 22000);
    expect(bins).toEqual({ lo: 4000, width: 1000, count: 19 });
    expect(binRange(bins, 18)).toEqual([22000, 23000]);
    expect(niceBins(4000, 22000, 12)).toEqual({ lo: 4000, width: 2000, count: 10 });
  });

  it("handles negative differences and a single value", () => {
    // 10 M / 20 = 0.5 M; lo = floor(−5) · 0.5 M; (7.5 + 2.5) / 0.5 = 20 → 21 bins
    expect(niceBins(-2_500_000, 7_500_000)).toEqual({ lo: -2_500_000, width: 500_000, count: 21 });
    expect(niceBins(-2_500_000, 7_500_000, 12)).toEqual({ lo: -3_000_000, width: 1_000_000, count: 11 });
    expect(niceBins(22000, 22000)).toEqual({ lo: 22000, width: 1, count: 1 });
    expect(niceBins(null, null).count).toBe(0);
  });
});
