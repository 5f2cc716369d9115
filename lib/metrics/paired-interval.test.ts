import { describe, expect, it } from "vitest";
import { differenceOfGaps, pairedBootstrap, pairedBootstrapOfDiffs, pairedDiffWald } from "./paired-interval";

/** n = 200 tasks: 30 resolved only under x, 10 only under y, 60 under both, 100 under neither. */
function discordant30vs10(): { x: number[]; y: number[] } {
  const x: number[] = [];
  const y: number[] = [];
  const push = (count: number, xi: number, yi: number) => {
    for (let i = 0; i < count; i++) {
      x.push(xi);
      y.push(yi);
    }
  };
  push(30, 1, 0);
  push(60, 1, 1);
  push(10, 0, 1);
  push(100, 0, 0);
  return { x, y };
}

describe("pairedBootstrapOfDiffs", () => {
  it("resamples tasks with the seeded generator", () => {
    // With seed 20261129 and n = 7 the first seven draws floor(u·7) are 3, 6, 5, 3, 2, 6, 0 (from the
    // reference sequence in prng.test.ts). Giving task i the value 10^i makes the resample's sum spell
    // out how often each task was drawn: 1×task0, 1×task2, 2×task3, 1×task5, 2×task6 → 2 102 101.
    const d = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000];
    const r = pairedBootstrapOfDiffs(d, { reps: 1 });
    expect(r.lo).toBeCloseTo(2_102_101 / 7, 9);
    expect(r.hi).toBeCloseTo(2_102_101 / 7, 9);
    expect(r.diff).toBeCloseTo(1_111_111 / 7, 9);

    // The second resample draws 4, 6, 1, 6, 0, 5, 3 → 2 111 011. Two sorted means m1 < m2 and level 0.5
    // put the quantiles at h = (2 − 1)·0.25 and 0.75 between them (linear interpolation, type 7).
    const m1 = 2_102_101 / 7;
    const m2 = 2_111_011 / 7;
    const two = pairedBootstrapOfDiffs(d, { reps: 2, level: 0.5 });
    expect(two.lo).toBeCloseTo(m1 + 0.25 * (m2 - m1), 9);
    expect(two.hi).toBeCloseTo(m1 + 0.75 * (m2 - m1), 9);
  });

  it("is deterministic for a seed and changes with the seed", () => {
    const d = Array.from({ length: 50 }, (_, i) => Math.sin(i * 1.7) * 0.4);
    const a = pairedBootstrapOfDiffs(d, { seed: 11 });
    expect(pairedBootstrapOfDiffs(d, { seed: 11 })).toEqual(a);
    expect(pairedBootstrapOfDiffs(d)).toEqual(pairedBootstrapOfDiffs(d, { seed: 20261129, reps: 10_000 }));
    const b = pairedBootstrapOfDiffs(d, { seed: 12 });
    expect(b.diff).toBe(a.diff);
    expect([b.lo, b.hi]).not.toEqual([a.lo, a.hi]);
  });

  it("collapses to the point when every task agrees", () => {
    expect(pairedBootstrapOfDiffs(new Array(100).fill(0))).toEqual({ diff: 0, lo: 0, hi: 0 });
    expect(pairedBootstrapOfDiffs([0.25])).toEqual({ diff: 0.25, lo: 0.25, hi: 0.25 });
  });

  it("spans the full range for two tasks that disagree", () => {
    // Resample means of d = [0, 1] are 0, 1/2, 1 with probabilities 1/4, 1/2, 1/4. The 2.5% and 97.5%
    // quantiles of 10 000 draws sit at order statistics ~250 and ~9750, well inside the ~2500 zeros and
    // ~2500 ones, so the interval is exactly [0, 1].
    expect(pairedBootstrapOfDiffs([0, 1])).toEqual({ diff: 0.5, lo: 0, hi: 1 });
  });

  it("nests a lower-level interval inside a higher-level one, both around the estimate", () => {
    const d = Array.from({ length: 80 }, (_, i) => (i % 5 === 0 ? 1 : i % 7 === 0 ? -1 : 0));
    // 16 multiples of 5 in 0..79 count +1; multiples of 7 that are not multiples of 5 (7,14,21,28,42,49,56,63,77) count −1
    const wide = pairedBootstrapOfDiffs(d);
    const narrow = pairedBootstrapOfDiffs(d, { level: 0.5 });
    expect(wide.diff).toBeCloseTo((16 - 9) / 80, 12);
    expect(narrow.lo).toBeGreaterThan(wide.lo);
    expect(narrow.hi).toBeLessThan(wide.hi);
    expect(narrow.lo).toBeLessThanOrEqual(wide.diff);
    expect(narrow.hi).toBeGreaterThanOrEqual(wide.diff);
  });

  it("returns NaN fields for no tasks and rejects bad input", () => {
    const empty = pairedBootstrapOfDiffs([]);
    expect([empty.diff, empty.lo, empty.hi].every(Number.isNaN)).toBe(true);
    expect(() => pairedBootstrapOfDiffs([0, Number.NaN])).toThrow(RangeError);
    expect(() => pairedBootstrapOfDiffs([0, 1], { reps: 0 })).toThrow(RangeError);
    expect(() => pairedBootstrapOfDiffs([0, 1], { reps: 2.5 })).toThrow(RangeError);
    expect(() => pairedBootstrapOfDiffs([0, 1], { level: 1 })).toThrow(RangeError);
    expect(() => pairedBootstrapOfDiffs([0, 1], { level: Number.NaN })).toThrow(RangeError);
  });
});

describe("pairedBootstrap", () => {
  it("gives the exact paired difference of a hand-made case", () => {
    // x − y = [1, 0, 0, 1, −1] → mean 1/5
    const r = pairedBootstrap([1, 1, 0, 1, 0], [0, 1, 0, 0, 1]);
    expect(r.diff).toBe(0.2);
    expect(r.lo).toBeLessThanOrEqual(0.2);
    expect(r.hi).toBeGreaterThanOrEqual(0.2);
    expect(r).toEqual(pairedBootstrapOfDiffs([1, 0, 0, 1, -1]));
  });

  it("agrees with the discordant-pair Wald interval at n = 200 (30 vs 10 discordant)", () => {
    const { x, y } = discordant30vs10();
    // Wald: diff = (30 − 10)/200 = 0.1; se = sqrt(30 + 10 − 20²/200)/200 = sqrt(38)/200 = 0.0308221;
    // 0.1 ∓ 1.959964·0.0308221 = [0.0395899, 0.1604101]
    const wald = pairedDiffWald(x, y);
    const boot = pairedBootstrap(x, y);
    expect(boot.diff).toBe(0.1);
    expect(boot.lo).toBeLessThan(boot.diff);
    expect(boot.hi).toBeGreaterThan(boot.diff);
    expect(Math.abs(boot.lo - wald.lo)).toBeLessThan(0.015);
    expect(Math.abs(boot.hi - wald.hi)).toBeLessThan(0.015);
  });

  it("honours the requested level", () => {
    // Bootstrap variance of a mean is exactly var_pop(d)/n, the Wald se², and the skew of this mean is
    // small (0.04), so percentile quantiles sit within a grid step (1/200) of the Wald bounds at any level;
    // a wrong tail probability moves them by ≥ 0.01.
    const { x, y } = discordant30vs10();
    for (const [level, z] of [
      [0.95, 1.959964],
      [0.9, 1.644854],
      [0.5, 0.67449],
    ] as const) {
      const wald = pairedDiffWald(x, y, z);
      const boot = pairedBootstrap(x, y, { level });
      expect(Math.abs(boot.lo - wald.lo)).toBeLessThan(0.005);
      expect(Math.abs(boot.hi - wald.hi)).toBeLessThan(0.005);
    }
  });

  it("is far narrower than an unpaired view when outcomes are correlated", () => {
    // 200 tasks, y identical to x except 4 tasks lost: the paired interval stays within ±0.03 of 0.02,
    // whereas two independent 95% intervals for ~0.5 would each be ±0.07 wide.
    const x = Array.from({ length: 200 }, (_, i) => (i % 2 === 0 ? 1 : 0));
    const y = x.map((v, i) => (i < 8 && v === 1 ? 0 : v));
    const r = pairedBootstrap(x, y);
    expect(r.diff).toBe(0.02);
    expect(r.lo).toBeGreaterThanOrEqual(0);
    expect(r.hi).toBeLessThanOrEqual(0.05);
  });

  it("rejects vectors of different lengths", () => {
    expect(() => pairedBootstrap([1, 0], [1])).toThrow(RangeError);
  });
});

describe("differenceOfGaps", () => {
  it("bootstraps the per-task difference of gaps", () => {
    // A: unint [1,1,0,0,1], switch [0,1,0,0,0] → gap 2/5; B: unint [1,0,1,0,1], switch [1,0,0,0,1] → gap 1/5
    // per task: (1−0)−(1−1)=1, (1−1)−(0−0)=0, (0−0)−(1−0)=−1, 0, (1−0)−(1−1)=1 → mean 1/5
    const aU = [1, 1, 0, 0, 1];
    const aS = [0, 1, 0, 0, 0];
    const bU = [1, 0, 1, 0, 1];
    const bS = [1, 0, 0, 0, 1];
    const r = differenceOfGaps(aU, aS, bU, bS, { seed: 5 });
    expect(r.diff).toBeCloseTo(0.2, 12);
    expect(r).toEqual(pairedBootstrapOfDiffs([1, 0, -1, 0, 1], { seed: 5 }));
  });

  it("rejects vectors of different lengths", () => {
    expect(() => differenceOfGaps([1], [0], [1], [0, 1])).toThrow(RangeError);
  });
});

describe("pairedDiffWald", () => {
  it("matches the discordant-pair formula on binary outcomes", () => {
    const { x, y } = discordant30vs10();
    const r = pairedDiffWald(x, y);
    expect(r.diff).toBeCloseTo(0.1, 12);
    expect(r.lo).toBeCloseTo(0.0395899, 6);
    expect(r.hi).toBeCloseTo(0.1604101, 6);
  });

  it("handles fractional outcomes", () => {
    // d = [1, 0, −0.5], mean 1/6, Σ(d − d̄)² = 25/36 + 1/36 + 16/36 = 7/6, se = sqrt(7/6)/3 = 0.3600411
    const r = pairedDiffWald([1, 0.5, 0], [0, 0.5, 0.5], 2);
    expect(r.diff).toBeCloseTo(1 / 6, 12);
    expect(r.lo).toBeCloseTo(1 / 6 - 2 * 0.3600411, 6);
    expect(r.hi).toBeCloseTo(1 / 6 + 2 * 0.3600411, 6);
  });

  it("returns NaN fields for no tasks", () => {
    const r = pairedDiffWald([], []);
    expect([r.diff, r.lo, r.hi].every(Number.isNaN)).toBe(true);
  });
});
