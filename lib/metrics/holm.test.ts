import { describe, expect, it } from "vitest";
import { holm, holmAdjust } from "./holm";

describe("holmAdjust", () => {
  it("matches the worked example", () => {
    // p = [0.01, 0.04, 0.03, 0.005], m = 4. Ascending: 0.005 (#4), 0.01 (#1), 0.03 (#3), 0.04 (#2).
    //   j = 1: 4·0.005 = 0.02
    //   j = 2: 3·0.01  = 0.03  → max(0.02, 0.03) = 0.03
    //   j = 3: 2·0.03  = 0.06  → max(0.03, 0.06) = 0.06
    //   j = 4: 1·0.04  = 0.04  → max(0.06, 0.04) = 0.06   (the running maximum keeps it monotone)
    // In input order: [0.03, 0.06, 0.06, 0.02]; at alpha 0.05 #1 and #4 are rejected.
    const adjusted = holmAdjust([0.01, 0.04, 0.03, 0.005]);
    [0.03, 0.06, 0.06, 0.02].forEach((want, i) => expect(adjusted[i]).toBeCloseTo(want, 15));
    expect(holm([0.01, 0.04, 0.03, 0.005]).rejected).toEqual([true, false, false, true]);
  });

  it("stops at the first acceptance (step-down), unlike per-test thresholds", () => {
    // p = [0.03, 0.04]: 2·0.03 = 0.06 > 0.05 accepts the smallest, so 0.04 is accepted too although
    // 0.04 ≤ alpha/1: adjusted [0.06, max(0.06, 0.04) = 0.06].
    const r = holm([0.03, 0.04]);
    r.adjusted.forEach((p) => expect(p).toBeCloseTo(0.06, 15));
    expect(r.rejected).toEqual([false, false]);
    // p = [0.02, 0.03]: 2·0.02 = 0.04 ≤ 0.05, then 1·0.03 → max(0.04, 0.03) = 0.04: both rejected.
    const s = holm([0.02, 0.03]);
    s.adjusted.forEach((p) => expect(p).toBeCloseTo(0.04, 15));
    expect(s.rejected).toEqual([true, true]);
  });

  it("caps at 1, gives ties one value and leaves a single test alone", () => {
    // m = 3: 3·0.2 = 0.6, 2·0.2 = 0.4 → 0.6, 1·0.5 = 0.5 → 0.6; cap: 3·0.4 = 1.2 → 1
    const tied = holmAdjust([0.5, 0.2, 0.2]);
    tied.forEach((p) => expect(p).toBeCloseTo(0.6, 15));
    expect(new Set(tied).size).toBe(1);
    expect(holmAdjust([0.4, 0.9, 0.5])).toEqual([1, 1, 1]);
    expect(holmAdjust([0.037])).toEqual([0.037]);
    expect(holmAdjust([])).toEqual([]);
    expect(holm([]).rejected).toEqual([]);
  });

  it("decides on the adjusted value", () => {
    // m = 3, p = 0.01: 3·0.01 = 0.030000000000000002 > 0.03 in floating point, so not rejected at alpha 0.03;
    // what the reader sees (the adjusted p) and the decision agree.
    const r = holm([0.01, 0.5, 0.6], 0.03);
    expect(r.adjusted[0]).toBe(3 * 0.01);
    expect(r.rejected[0]).toBe(r.adjusted[0]! <= 0.03);
    expect(holm([0.01, 0.5, 0.6], 0.031).rejected).toEqual([true, false, false]);
  });

  it("is monotone in the raw p-values", () => {
    const p = [0.3, 0.001, 0.02, 0.02, 0.9, 0.004, 0.5, 0.049];
    const adjusted = holmAdjust(p);
    const order = p.map((_, i) => i).sort((a, b) => p[a]! - p[b]!);
    for (let j = 1; j < order.length; j++) {
      expect(adjusted[order[j]!]).toBeGreaterThanOrEqual(adjusted[order[j - 1]!]!);
    }
    p.forEach((raw, i) => expect(adjusted[i]).toBeGreaterThanOrEqual(raw));
  });

  it("rejects p-values outside [0, 1] and a bad alpha", () => {
    expect(() => holmAdjust([0.5, 1.2])).toThrow(RangeError);
    expect(() => holmAdjust([Number.NaN])).toThrow(RangeError);
    expect(() => holmAdjust([-0.1])).toThrow(RangeError);
    expect(() => holm([0.5], 0)).toThrow(RangeError);
    expect(() => holm([0.5], 1)).toThrow(RangeError);
  });
});
