import { describe, expect, it } from "vitest";
import { mcnemarExact } from "./mcnemar";

// Expected values: p = min(1, 2·Σ_{i≤k} C(n,i)/2^n) with k = min(b,c), n = b + c, summed by hand as exact
// fractions (and cross-checked against scipy.stats.binomtest(k, n, 0.5).pvalue).
describe("mcnemarExact", () => {
  it("is 1 without discordant pairs or with one", () => {
    expect(mcnemarExact(0, 0)).toBe(1);
    expect(mcnemarExact(1, 0)).toBe(1); // 2·C(1,0)/2 = 1
  });

  it("matches small exact fractions", () => {
    expect(mcnemarExact(0, 5)).toBe(0.0625); // 2·1/32 = 1/16
    expect(mcnemarExact(2, 8)).toBe(0.109375); // 2·(1 + 10 + 45)/1024 = 112/1024 = 7/64
    expect(mcnemarExact(3, 3)).toBe(1); // 2·(1+6+15+20)/64 = 84/64 → capped
    expect(mcnemarExact(5, 6)).toBe(1); // 2·(C(11,0..5) = 1024)/2048 = 1
  });

  it("matches (10, 20)", () => {
    // Σ_{i≤10} C(30,i) = 53 009 102; p = 2·53 009 102 / 2^30 = 26 504 551 / 268 435 456
    expect(mcnemarExact(10, 20)).toBeCloseTo(26_504_551 / 268_435_456, 15);
    expect(mcnemarExact(10, 20)).toBeCloseTo(0.0987371467, 10);
  });

  it("is symmetric in b and c", () => {
    for (const [b, c] of [
      [2, 8],
      [10, 20],
      [0, 7],
      [37, 52],
      [150, 250],
    ] as const) {
      expect(mcnemarExact(b, c)).toBe(mcnemarExact(c, b));
    }
  });

  it("stays accurate in the far tail at n = 400", () => {
    // 0 vs 400: 2/2^400 = 2^-399 exactly
    expect(mcnemarExact(0, 400)).toBe(2 ** -399);
    expect(mcnemarExact(0, 400)).toBeGreaterThan(0);
    // 1 vs 400: 2·(1 + 401)/2^401 = 402·2^-400 ≈ 1.5567819497694259e-118
    expect(mcnemarExact(1, 400)).toBe(402 * 2 ** -400);
    // scipy: 6.5318192128384266e-07 and 0.34212239608405104 (relative agreement to 1e-12)
    expect(mcnemarExact(150, 250) / 6.5318192128384266e-7).toBeCloseTo(1, 12);
    expect(mcnemarExact(190, 210) / 0.34212239608405104).toBeCloseTo(1, 12);
    expect(mcnemarExact(200, 200)).toBe(1);
  });

  it("rejects non-count input", () => {
    expect(() => mcnemarExact(-1, 3)).toThrow(RangeError);
    expect(() => mcnemarExact(1.5, 3)).toThrow(RangeError);
    expect(() => mcnemarExact(Number.NaN, 3)).toThrow(RangeError);
  });
});
