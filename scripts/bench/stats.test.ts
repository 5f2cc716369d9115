import { describe, expect, it } from "vitest";
import { median, ratioOfMediansInterval } from "./stats";

describe("median", () => {
  it("takes the middle value, the upper middle one for an even count, without sorting its input", () => {
    const xs = [30, 10, 20];
    expect(median(xs)).toBe(20);
    expect(xs).toEqual([30, 10, 20]);
    expect(median([4, 1, 3, 2])).toBe(3);
  });
});

describe("ratioOfMediansInterval", () => {
  it("collapses to the ratio when every pair is the same", () => {
    expect(ratioOfMediansInterval([2, 2, 2], [1, 1, 1])).toEqual({ ratio: 2, lo: 2, hi: 2 });
  });

  it("spans the resampled medians: 3 pairs, numerators 10, 20, 30 over a constant 10", () => {
    // A resample of 3 pairs has median 10 when at least two picks are the first pair: 3·(1/3)²·(2/3) + (1/3)³ =
    // 7/27 ≈ 26%, as likely as 30. Both tails of a 95% interval (2.5% each) therefore sit on 1 and 3.
    const r = ratioOfMediansInterval([10, 20, 30], [10, 10, 10]);
    expect(r).toEqual({ ratio: 2, lo: 1, hi: 3 });
  });

  it("resamples pairs whole: numerators twice their denominators give exactly 2 in every resample", () => {
    // Resampled apart, the medians would come from different pairs (20 / 5 = 4 in some resamples).
    expect(ratioOfMediansInterval([10, 20, 30], [5, 10, 15])).toEqual({ ratio: 2, lo: 2, hi: 2 });
  });

  it("is a pure function of its input and seed", () => {
    const num = [210, 190, 260, 205, 230, 180, 240];
    const den = [110, 100, 150, 95, 120, 105, 130];
    expect(ratioOfMediansInterval(num, den)).toEqual(ratioOfMediansInterval(num, den));
    const r = ratioOfMediansInterval(num, den, { reps: 2000 });
    expect(r.ratio).toBeCloseTo(210 / 110, 12);
    expect(r.lo).toBeLessThan(r.ratio);
    expect(r.hi).toBeGreaterThan(r.ratio);
  });

  it("refuses what is not pairs of positive times, and gives NaN for none", () => {
    expect(() => ratioOfMediansInterval([1, 2], [1])).toThrow(/2 numerators against 1 denominators/);
    expect(() => ratioOfMediansInterval([1, Number.NaN], [1, 1])).toThrow(/pair 1/);
    expect(() => ratioOfMediansInterval([1], [0])).toThrow(/pair 0/);
    expect(() => ratioOfMediansInterval([1], [1], { level: 1 })).toThrow(/level/);
    const empty = ratioOfMediansInterval([], []);
    expect([empty.ratio, empty.lo, empty.hi].every(Number.isNaN)).toBe(true);
  });
});
