import { describe, expect, it } from "vitest";
import {
  binomialRatio,
  flipRate,
  outcomeConsistency,
  passAtK,
  passHatK,
  repeatMetrics,
  type TaskRepeats,
} from "./pass-k";

// Three tasks, worked by hand at k = 2 (C(4, 2) = 6, C(5, 2) = 10):
//   T1: n = 4, c = 4  pass@2 = 1 − C(0, 2)/6 = 1 − 0 = 1      pass^2 = C(4, 2)/6 = 6/6 = 1
//                     agrees (c = n)                          (2·4/4 − 1)² = 1
//   T2: n = 4, c = 1  pass@2 = 1 − C(3, 2)/6 = 1 − 3/6 = 1/2  pass^2 = C(1, 2)/6 = 0
//                     flips                                   (2·1/4 − 1)² = (−1/2)² = 1/4
//   T3: n = 5, c = 3  pass@2 = 1 − C(2, 2)/10 = 9/10          pass^2 = C(3, 2)/10 = 3/10
//                     flips                                   (2·3/5 − 1)² = (1/5)² = 1/25
// pass@2 = (1 + 1/2 + 9/10)/3 = 2.4/3 = 0.8
// pass^2 = (1 + 0 + 3/10)/3 = 1.3/3 = 0.4333…
// flip rate = 2/3
// consistency = (1 + 1/4 + 1/25)/3 = 1.29/3 = 0.43
// At k = 1 both pass@1 and pass^1 are the mean success rate (1 + 1/4 + 3/5)/3 = 1.85/3 = 0.61666…
const THREE: TaskRepeats[] = [
  { n: 4, c: 4 },
  { n: 4, c: 1 },
  { n: 5, c: 3 },
];

describe("pass@k and pass^k", () => {
  it("match the three-task example worked by hand", () => {
    expect(passAtK(THREE, 2)).toBeCloseTo(0.8, 15);
    expect(passHatK(THREE, 2)).toBeCloseTo(1.3 / 3, 15);
    expect(passAtK(THREE, 1)).toBeCloseTo(1.85 / 3, 15);
    expect(passHatK(THREE, 1)).toBeCloseTo(1.85 / 3, 15);
  });

  it("reach the edges at k = n", () => {
    // k = 4 on T1, T2 and a 4-run T3' = (4, 3): pass@4 = 1 if any run succeeded → (1 + 1 + 1)/3 = 1;
    // pass^4 = 1 only if all did → (1 + 0 + 0)/3 = 1/3.
    const atFour = [THREE[0]!, THREE[1]!, { n: 4, c: 3 }];
    expect(passAtK(atFour, 4)).toBe(1);
    expect(passHatK(atFour, 4)).toBeCloseTo(1 / 3, 15);
    expect(passAtK([{ n: 3, c: 0 }], 2)).toBe(0);
    expect(passHatK([{ n: 3, c: 3 }], 3)).toBe(1);
  });

  it("equals exact big-integer binomials at n = 200", () => {
    // C(100, 50)/C(200, 50) ≈ 2.2e-19 (float factorials overflow long before: 200! > 1e308)
    const choose = (n: bigint, k: bigint): bigint => {
      let r = 1n;
      for (let i = 0n; i < k; i++) r = (r * (n - i)) / (i + 1n);
      return r;
    };
    const exact = Number((choose(100n, 50n) * 10n ** 60n) / choose(200n, 50n)) / 1e60;
    expect(binomialRatio(100, 200, 50) / exact).toBeCloseTo(1, 12);
    expect(passHatK([{ n: 200, c: 100 }], 50) / exact).toBeCloseTo(1, 12);
    // pass@20 with 5 successes of 200: 1 − C(195, 20)/C(200, 20) = 0.41283…
    const miss = Number((choose(195n, 20n) * 10n ** 30n) / choose(200n, 20n)) / 1e30;
    expect(1 - miss).toBeCloseTo(0.41283398, 8);
    expect(passAtK([{ n: 200, c: 5 }], 20)).toBeCloseTo(1 - miss, 14);
    expect(binomialRatio(3, 10, 4)).toBe(0);
  });

  it("rejects k larger than a task's runs or not a positive integer", () => {
    expect(() => passAtK(THREE, 5)).toThrow(RangeError); // T1 and T2 have 4 runs
    expect(() => passHatK(THREE, 0)).toThrow(RangeError);
    expect(() => passAtK(THREE, 1.5)).toThrow(RangeError);
    expect(Number.isNaN(passAtK([], 3))).toBe(true);
  });
});

describe("flip rate and outcome consistency", () => {
  it("match the three-task example worked by hand", () => {
    expect(flipRate(THREE)).toBeCloseTo(2 / 3, 15);
    expect(outcomeConsistency(THREE)).toBeCloseTo(0.43, 15);
  });

  it("count only tasks with two or more runs", () => {
    // The one-run task is ignored: flips 1 of 2 (the 2-of-4 task), consistency (0 + 1)/2 = 1/2.
    const tasks = [
      { n: 1, c: 1 },
      { n: 4, c: 2 },
      { n: 3, c: 0 },
    ];
    expect(flipRate(tasks)).toBe(0.5);
    expect(outcomeConsistency(tasks)).toBe(0.5);
    expect(Number.isNaN(flipRate([{ n: 1, c: 0 }]))).toBe(true);
    expect(Number.isNaN(outcomeConsistency([]))).toBe(true);
  });

  it("rejects impossible counts", () => {
    expect(() => flipRate([{ n: 3, c: 4 }])).toThrow(RangeError);
    expect(() => outcomeConsistency([{ n: 0, c: 0 }])).toThrow(RangeError);
    expect(() => flipRate([{ n: 2, c: -1 }])).toThrow(RangeError);
    expect(() => passAtK([{ n: 2.5, c: 1 }], 1)).toThrow(RangeError);
  });
});

describe("repeatMetrics", () => {
  it("collects the four metrics", () => {
    const m = repeatMetrics(THREE, 2);
    expect(m).toMatchObject({ tasks: 3, repeatedTasks: 3, k: 2 });
    expect(m.passAtK).toBeCloseTo(0.8, 15);
    expect(m.passHatK).toBeCloseTo(1.3 / 3, 15);
    expect(m.flipRate).toBeCloseTo(2 / 3, 15);
    expect(m.consistency).toBeCloseTo(0.43, 15);
  });
});
