import { describe, expect, it } from "vitest";
import { commonDenominator, denominatorOf, percentDifference } from "./exact-scale";

describe("denominatorOf", () => {
  it("reads thirds, sixths and their floating-point differences", () => {
    expect(denominatorOf(1 / 3)).toBe(3);
    expect(denominatorOf(2 / 3)).toBe(3);
    // 1 − 2/3 in floating point is 0.33333333333333337, not 1/3.
    expect(denominatorOf(1 - 2 / 3)).toBe(3);
    expect(denominatorOf(-5 / 6)).toBe(6);
    expect(denominatorOf(0.25)).toBe(4);
    expect(denominatorOf(7)).toBe(1);
  });

  it("finds none for numbers that are no small fraction", () => {
    expect(denominatorOf(Math.PI)).toBeNull();
    expect(denominatorOf(1 / 1009)).toBeNull();
    expect(denominatorOf(Number.NaN)).toBeNull();
  });
});

describe("commonDenominator", () => {
  it("is the least common multiple of the values' denominators, NaN skipped", () => {
    expect(commonDenominator([0, 1, 1 / 3, Number.NaN, 0.5, 1 - 2 / 3], 6)).toBe(6);
    expect(commonDenominator([0, 1, -1], 6)).toBe(1);
    expect(commonDenominator([], 0)).toBe(1);
  });

  it("turns the thirds that sum to 4.999999999999999 into integers that sum to 15", () => {
    const scores = [2 / 3, 1, 1, 1, 1, 1 / 3];
    expect(scores.reduce((a, b) => a + b, 0)).toBe(4.999999999999999);
    const d = commonDenominator(scores, scores.length)!;
    expect(scores.map((v) => Math.round(v * d)).reduce((a, b) => a + b, 0)).toBe(15);
  });

  it("gives up on values that are no small fraction, or sums that could leave exact integers", () => {
    expect(commonDenominator([0.1, Math.SQRT2], 2)).toBeNull();
    // 1/997 and 1/991 are fractions, but 997 (the largest scaled value) times 2^21 terms squared is past 2^50.
    expect(commonDenominator([1 / 997, 1 / 991], 2 ** 21)).toBeNull();
    expect(commonDenominator([1 / 997, 1 / 991], 10)).toBe(997 * 991);
    expect(commonDenominator([1 / 997, 1 / 991, 1 / 983], 10)).toBeNull();
  });
});

describe("percentDifference", () => {
  it("gives equal differences of rates the same number", () => {
    // 100 − 83.33… and 50 − 33.33… are both 16.67 pp; as differences of rounded percentages they are not equal.
    expect(100 - (100 * 15) / 18).not.toBe(50 - 100 / 3);
    expect(percentDifference(18, 18, 15, 18)).toBe(percentDifference(3, 6, 2, 6));
    expect(percentDifference(18, 18, 15, 18)).toBe(100 / 6);
    expect(percentDifference(1, 4, 3, 4)).toBe(-50);
  });
});
