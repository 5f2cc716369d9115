import { describe, expect, it } from "vitest";
import { mcnemarExact } from "./mcnemar";
import { DEFAULT_BOOTSTRAP_SEED } from "./paired-interval";
import {
  bootstrapRanks,
  competitionRanks,
  DEFAULT_RANK_REPS,
  rankIntervals,
  tieGroups,
  type StratumKey,
} from "./rank-intervals";

// ---------------------------------------------------------------------------------------------------------------
// Exact enumeration of a stratified bootstrap, written independently of the code under test: every way to draw
// each stratum's n tasks with replacement is a count vector (w_1 … w_n) summing to n, drawn with multinomial
// probability n! / (w_1! … w_n!) / n^n; the strata are drawn independently, so a joint resample's probability is
// the product. Ranks are counted directly: 1 + the number of configurations with a strictly better weighted sum
// (every resample keeps the same number of tasks, so sums rank like means).

function compositions(n: number, parts: number): number[][] {
  if (parts === 1) return [[n]];
  const out: number[][] = [];
  for (let first = 0; first <= n; first++) {
    for (const rest of compositions(n - first, parts - 1)) out.push([first, ...rest]);
  }
  return out;
}

const factorial = (n: number): number => (n <= 1 ? 1 : n * factorial(n - 1));

function multinomialProbability(counts: number[]): number {
  const n = counts.reduce((s, v) => s + v, 0);
  return factorial(n) / counts.reduce((d, w) => d * factorial(w), 1) / n ** counts.length;
}

/** exact[c][r] = P(configuration c has rank r), tasks of each stratum contiguous in `sizes` order. */
function exactRankDistribution(matrix: number[][], sizes: number[], higherIsBetter: boolean): number[][] {
  const configs = matrix.length;
  const exact = matrix.map(() => new Array<number>(configs + 2).fill(0));
  let joint: Array<{ weights: number[]; probability: number }> = [{ weights: [], probability: 1 }];
  for (const size of sizes) {
    joint = joint.flatMap(({ weights, probability }) =>
      compositions(size, size).map((counts) => ({
        weights: [...weights, ...counts],
        probability: probability * multinomialProbability(counts),
      })),
    );
  }
  for (const { weights, probability } of joint) {
    const sums = matrix.map((row) => row.reduce((s, v, t) => s + weights[t]! * v, 0));
    sums.forEach((mine, c) => {
      const better = sums.filter((other) => (higherIsBetter ? other > mine : other < mine)).length;
      exact[c]![1 + better]! += probability;
    });
  }
  return exact;
}

/** The smallest rank r with P(rank ≤ r) ≥ q (type-1 quantile of the exact distribution). */
function exactQuantile(distribution: number[], q: number): number {
  let cumulative = 0;
  for (let r = 1; r < distribution.length; r++) {
    cumulative += distribution[r]!;
    if (cumulative >= q - 1e-12) return r;
  }
  return distribution.length - 1;
}

// Two strata (repositories "a": tasks 0–1, "b": tasks 2–4), three configurations:
//   C0 = [1 1 | 1 1 0]  mean 4/5  → point rank 1
//   C1 = [1 1 | 0 0 0]  mean 2/5  → point rank 3
//   C2 = [0 1 | 1 0 1]  mean 3/5  → point rank 2
// 3 resamples of stratum a (weights (2,0), (1,1), (0,2) with probabilities 1/4, 1/2, 1/4) × 10 of stratum b
// (weights summing to 3, probability 3!/(w2! w3! w4!)/27) = 30 joint resamples, every probability a multiple
// of 1/108.
// By hand for C1: its sum is w0 + w1 = 2 in every resample. C0's is 2 + w2 + w3 = 5 − w4 ≥ 2 (equal only when
// w4 = 3), so C1 never ranks 1; C2's is w1 + w2 + w4. C1 ranks 2 when exactly one of C0, C2 beats 2:
//   w4 = 3 (C0 ties at 2, C2 ≥ 3 beats it): 1/27 = 4/108;
//   w4 < 3 and w1 + w2 + w4 ≤ 2, with w1 ~ Bin(2, 1/2) and u = w2 + w4 ~ Bin(3, 2/3):
//     w1 = 0: P(u ≤ 2) = 1 − 8/27 = 19/27;  w1 = 1: P(u ≤ 1) = 7/27;  w1 = 2: P(u = 0) = 1/27
//     → (1/4)(19/27) + (1/2)(7/27) + (1/4)(1/27) = 34/108.
// So P(C1 rank 2) = 38/108 = 19/54 and P(C1 rank 3) = 35/54. The enumeration gives, for the other two,
//   C0: P(1) = 89/108, P(2) = 19/108                       → 95% rank interval 1–2 (F(1) = 0.824 < 0.975)
//   C2: P(1) = 41/108, P(2) = 58/108, P(3) = 9/108         → 1–3 (F(2) = 0.917 < 0.975)
//   C1: P(2) = 38/108, P(3) = 70/108                       → 2–3 (F(1) = 0 < 0.025)
// and with lower-is-better (the gap's direction):
//   C0: P(1) = 4/108, P(2) = 37/108, P(3) = 67/108         → 1–3 (F(1) = 0.037 ≥ 0.025)
//   C1: P(1) = 99/108, P(2) = 9/108                        → 1–2 (F(1) = 0.917 < 0.975)
//   C2: P(1) = 34/108, P(2) = 55/108, P(3) = 19/108        → 1–3
// No cumulative probability lies within 0.01 of 0.025 or 0.975, i.e. more than 20 standard errors of an
// empirical frequency over 100 000 draws, so the bootstrap's quantiles must equal the exact ones.
const ENUM_MATRIX = [
  [1, 1, 1, 1, 0],
  [1, 1, 0, 0, 0],
  [0, 1, 1, 0, 1],
];
const ENUM_STRATA: StratumKey[] = ["a", "a", "b", "b", "b"];
const ENUM_REPS = 100_000;

describe("rank bootstrap against exact enumeration", () => {
  const exactHigh = exactRankDistribution(ENUM_MATRIX, [2, 3], true);
  const exactLow = exactRankDistribution(ENUM_MATRIX, [2, 3], false);

  it("enumerates the hand-worked distributions", () => {
    expect(exactHigh[1]![2]! * 108).toBeCloseTo(38, 10);
    expect(exactHigh[1]![3]! * 108).toBeCloseTo(70, 10);
    expect(exactHigh[1]![1]).toBe(0);
    expect(exactHigh[0]!.map((p) => Math.round(p * 108))).toEqual([0, 89, 19, 0, 0]);
    expect(exactHigh[2]!.map((p) => Math.round(p * 108))).toEqual([0, 41, 58, 9, 0]);
    expect(exactLow.map((d) => d.map((p) => Math.round(p * 108)))).toEqual([
      [0, 4, 37, 67, 0],
      [0, 99, 9, 0, 0],
      [0, 34, 55, 19, 0],
    ]);
    for (const d of [...exactHigh, ...exactLow]) expect(d.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
  });

  for (const [direction, higherIsBetter, exact, point, intervals] of [
    [
      "higher is better",
      true,
      exactHigh,
      [1, 3, 2],
      [
        [1, 2],
        [2, 3],
        [1, 3],
      ],
    ],
    [
      "lower is better",
      false,
      exactLow,
      [3, 1, 2],
      [
        [1, 3],
        [1, 2],
        [1, 3],
      ],
    ],
  ] as const) {
    it(`matches the exact rank frequencies and quantiles (${direction})`, () => {
      const ranks = bootstrapRanks(ENUM_MATRIX, ENUM_STRATA, { reps: ENUM_REPS, higherIsBetter });
      for (let c = 0; c < 3; c++) {
        const freq = new Array<number>(5).fill(0);
        for (let r = 0; r < ENUM_REPS; r++) freq[ranks[c * ENUM_REPS + r]!]! += 1 / ENUM_REPS;
        for (let rank = 1; rank <= 3; rank++) {
          const p = exact[c]![rank]!;
          // within 4.5 binomial standard errors (and exactly 0 where the rank is impossible)
          const se = Math.sqrt((p * (1 - p)) / ENUM_REPS);
          if (p === 0) expect(freq[rank]).toBe(0);
          else expect(Math.abs(freq[rank]! - p)).toBeLessThan(4.5 * se);
        }
      }
      const result = rankIntervals(ENUM_MATRIX, ENUM_STRATA, { reps: ENUM_REPS, higherIsBetter });
      expect(result.map((r) => r.rank)).toEqual(point);
      expect(result.map((r) => [r.lo, r.hi])).toEqual(intervals);
      result.forEach((r, c) => {
        expect(r.lo).toBe(exactQuantile(exact[c]!, 0.025));
        expect(r.hi).toBe(exactQuantile(exact[c]!, 0.975));
      });
      expect(result.map((r) => r.mean)).toEqual([4 / 5, 2 / 5, 3 / 5]);
    });
  }
});

describe("bootstrapRanks", () => {
  // 12 tasks in 3 repositories; rows made up but fixed.
  const strata = ["x", "x", "x", "x", "y", "y", "y", "z", "z", "z", "z", "z"];
  const base = [
    [1, 0, 1, 1, 0, 1, 0, 1, 1, 0, 0, 1],
    [0, 1, 1, 0, 1, 1, 0, 0, 1, 1, 0, 0],
    [1, 1, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0],
  ];

  it("uses one draw for every configuration (paired)", () => {
    // Row 3 repeats row 0: in every draw the two have the same sum, hence the same rank. Row 4 is row 1 with one
    // more task resolved: at least as good on every task, so it never ranks below row 1 in any draw. Independent
    // draws per configuration would break both within a few hundred draws.
    const dominating = [...base[1]!];
    dominating[0] = 1;
    const matrix = [...base, [...base[0]!], dominating];
    const reps = 2000;
    const ranks = bootstrapRanks(matrix, strata, { reps });
    let strictlyBetter = 0;
    for (let r = 0; r < reps; r++) {
      expect(ranks[3 * reps + r]).toBe(ranks[0 * reps + r]);
      expect(ranks[4 * reps + r]).toBeLessThanOrEqual(ranks[1 * reps + r]!);
      if (ranks[4 * reps + r]! < ranks[1 * reps + r]!) strictlyBetter++;
    }
    // …and the extra task does matter in some draws (it is drawn in ~1 − (3/4)^4 = 68% of them).
    expect(strictlyBetter).toBeGreaterThan(0);
  });

  it("keeps every stratum's size", () => {
    // One task per repository: every draw takes each task exactly once, so X and Y always tie at rank 1 and Z
    // (worse on both) is always 3. A draw ignoring the strata would give X = [1, 1] or Y = [1, 1] half the time.
    const ranks = bootstrapRanks(
      [
        [1, 0],
        [0, 1],
        [0, 0],
      ],
      ["r1", "r2"],
      { reps: 500 },
    );
    expect(new Set(ranks.subarray(0, 1000))).toEqual(new Set([1]));
    expect(new Set(ranks.subarray(1000))).toEqual(new Set([3]));
  });

  it("ranks the same whichever scoring path runs", () => {
    // 0/1 and −1/0/1 rows go through the bit-packed, counting path; halving every value (ranks are invariant
    // under a positive scale, and halving is exact) forces the general floating-point path.
    const gaps = base.map((row, c) => row.map((v, t) => v - base[(c + 1) % 3]![t]!));
    const withMissing = base.map((row, c) => row.map((v, t) => ((c + t) % 5 === 0 ? Number.NaN : v)));
    for (const [matrix, higherIsBetter] of [
      [base, true],
      [gaps, false],
      [withMissing, true],
    ] as const) {
      const half = matrix.map((row) => row.map((v) => v / 2));
      const opts = { reps: 3000, higherIsBetter };
      expect(bootstrapRanks(matrix, strata, opts)).toEqual(bootstrapRanks(half, strata, opts));
    }
  });

  it("is deterministic for a seed and defaults to DEFAULT_BOOTSTRAP_SEED and DEFAULT_RANK_REPS", () => {
    const a = bootstrapRanks(base, strata, { seed: 3, reps: 200 });
    expect(bootstrapRanks(base, strata, { seed: 3, reps: 200 })).toEqual(a);
    expect(bootstrapRanks(base, strata, { seed: 4, reps: 200 })).not.toEqual(a);
    const d = bootstrapRanks(base, strata);
    expect(d.length).toBe(3 * DEFAULT_RANK_REPS);
    expect(d).toEqual(bootstrapRanks(base, strata, { seed: DEFAULT_BOOTSTRAP_SEED, reps: DEFAULT_RANK_REPS }));
  });

  it("rejects bad input", () => {
    expect(() => bootstrapRanks([[1, 0]], ["a"])).toThrow(RangeError);
    expect(() => bootstrapRanks([[1, Number.POSITIVE_INFINITY]], ["a", "b"])).toThrow(RangeError);
    expect(() => bootstrapRanks([[1, 0]], ["a", "b"], { reps: 0 })).toThrow(RangeError);
    expect(() => bootstrapRanks([[1, 0]], ["a", "b"], { reps: 1.5 })).toThrow(RangeError);
    expect(() => rankIntervals([[1, 0]], ["a", "b"], { level: 1 })).toThrow(RangeError);
  });
});

describe("rankIntervals", () => {
  it("handles missing values: mean over present tasks, no-data rows left out", () => {
    const result = rankIntervals(
      [
        [1, Number.NaN, 1, 0], // 2/3
        [Number.NaN, Number.NaN, Number.NaN, Number.NaN],
        [1, 1, 0, 0], // 1/2
      ],
      ["a", "a", "b", "b"],
      { reps: 500 },
    );
    expect(result[0]).toMatchObject({ mean: 2 / 3, rank: 1 });
    expect(result[2]).toMatchObject({ mean: 1 / 2, rank: 2 });
    expect([result[1]!.mean, result[1]!.rank, result[1]!.lo, result[1]!.hi].every(Number.isNaN)).toBe(true);
    // Only two configurations compete, so no bootstrap rank exceeds 2.
    expect(result[0]!.lo).toBeGreaterThanOrEqual(1);
    expect(result[2]!.hi).toBeLessThanOrEqual(2);
  });

  it("gives degenerate intervals when every task agrees", () => {
    const result = rankIntervals(
      [
        [1, 1, 1],
        [0, 0, 0],
        [1, 1, 1],
      ],
      [1, 1, 2],
      { reps: 100 },
    );
    expect(result.map(({ rank, lo, hi }) => [rank, lo, hi])).toEqual([
      [1, 1, 1],
      [3, 3, 3],
      [1, 1, 1],
    ]);
  });
});

describe("exact arithmetic on repeat means", () => {
  // Three repeats: task scores in thirds. top resolves everything (6), exact 5 of 6 tasks (5), drift 2/3 + 4 + 1/3
  // (5, but 4.999999999999999 summed in floating point in this task order).
  const top = [1, 1, 1, 1, 1, 1];
  const exact = [1, 1, 1, 1, 1, 0];
  const drift = [2 / 3, 1, 1, 1, 1, 1 / 3];
  const strata = [0, 0, 0, 0, 0, 0];

  it("gives equal means the same point rank and the same mean", () => {
    expect(drift.reduce((a, b) => a + b, 0)).toBe(4.999999999999999);
    const result = rankIntervals([top, exact, drift], strata, { reps: 200 });
    expect(result.map((r) => r.rank)).toEqual([1, 2, 2]);
    expect(result[1]!.mean).toBe(result[2]!.mean);
    expect(result[2]!.mean).toBe(5 / 6);
  });

  it("anchors a tie group on the first of equal bests, by input order, whichever row sums lower in floats", () => {
    // drift first: its float sum is lower, yet it ties exact and anchors as the first of the two.
    const groups = tieGroups([drift, exact]);
    expect(groups.map((g) => g.anchor)).toEqual([true, false]);
    expect(groups.map((g) => g.sortKey)).toEqual([0, 1]);
  });
});

describe("competitionRanks", () => {
  it("gives tied scores the best rank of their group (1224)", () => {
    expect(competitionRanks([0.5, 0.7, 0.7, 0.2])).toEqual([3, 1, 1, 4]);
    expect(competitionRanks([0.5, 0.7, 0.7, 0.2], false)).toEqual([2, 3, 3, 1]);
    expect(competitionRanks([3, Number.NaN, 3, 9, Number.NaN])).toEqual([2, 4, 2, 1, 4]);
    expect(competitionRanks([])).toEqual([]);
  });
});

describe("tieGroups", () => {
  // 30 tasks. A resolves tasks 0–19; B loses 0–4; C loses 0–8; D loses 0–14 but gains 20–24.
  const row = (resolved: (t: number) => boolean) => Array.from({ length: 30 }, (_, t) => (resolved(t) ? 1 : 0));
  const A = row((t) => t < 20); // 20/30
  const B = row((t) => t >= 5 && t < 20); // 15/30
  const C = row((t) => t >= 9 && t < 20); // 11/30
  const D = row((t) => t >= 15 && t < 25); // 10/30

  it("matches McNemar and Holm worked by hand", () => {
    // Exact McNemar against the best (A); b = tasks only A resolves, c = tasks only the other resolves:
    //   B: b = 5,  c = 0: p = 2·C(5,0)/2^5 = 2/32 = 0.0625
    //   C: b = 9,  c = 0: p = 2/2^9 = 0.00390625
    //   D: b = 15, c = 5: p = 2·(C(20,0) + … + C(20,5))/2^20 = 2·(1 + 20 + 190 + 1140 + 4845 + 15504)/1048576
    //                       = 43400/1048576 = 0.04138946533203125
    // Holm over m = 3, ascending: C 3·0.00390625 = 0.01171875; D 2·0.0413894… = 0.0827789…;
    //   B 1·0.0625 = 0.0625, raised to the running maximum 0.0827789….
    // Only C is rejected at 0.05: group 1 = {A, B, D}; C, alone, anchors group 2. D's mean (1/3) is below C's
    // (11/30), yet sorting keeps D with its group: A, B, D, C.
    expect(mcnemarExact(15, 5)).toBe(43_400 / 1_048_576);
    const g = tieGroups([A, B, C, D]);
    expect(g.map((m) => m.group)).toEqual([1, 1, 2, 1]);
    expect(g.map((m) => m.anchor)).toEqual([true, false, true, false]);
    expect(g.map((m) => [m.b, m.c])).toEqual([
      [0, 0],
      [5, 0],
      [9, 0],
      [15, 5],
    ]);
    expect(g[1]!.p).toBe(0.0625);
    expect(g[2]!.p).toBe(0.00390625);
    expect(g[3]!.p).toBe(43_400 / 1_048_576);
    expect(g[1]!.adjustedP).toBeCloseTo(86_800 / 1_048_576, 15);
    expect(g[2]!.adjustedP).toBeCloseTo(0.01171875, 15);
    expect(g[3]!.adjustedP).toBeCloseTo(86_800 / 1_048_576, 15);
    expect(Number.isNaN(g[0]!.p) && Number.isNaN(g[0]!.adjustedP)).toBe(true);
    expect(g.map((m) => m.sortKey)).toEqual([0, 1, 3, 2]);
    expect(g.map((m) => m.mean)).toEqual([20 / 30, 15 / 30, 11 / 30, 10 / 30]);
  });

  it("repeats the procedure on the configurations left, in any input order", () => {
    // 20 tasks: P = Q resolve 0–15, R = S resolve 0–7, U resolves none. Input order U, R, P, S, Q.
    // Round 1, anchor P (first of the tied best): Q b = c = 0 → p = 1; R, S b = 8, c = 0 → p = 2/256 = 0.0078125;
    //   U b = 16, c = 0 → p = 2^-15. Holm (m = 4): U 4·2^-15, R 3·0.0078125 = 0.0234375, S max(2·0.0078125,
    //   0.0234375) = 0.0234375, Q 1 → U, R, S rejected: group 1 = {P, Q}.
    // Round 2, anchor R: S p = 1; U b = 8, c = 0 → p = 0.0078125, Holm (m = 2) 0.015625 → rejected: group 2 = {R, S}.
    // Round 3: U alone, group 3.
    const P = Array.from({ length: 20 }, (_, t) => (t < 16 ? 1 : 0));
    const R = Array.from({ length: 20 }, (_, t) => (t < 8 ? 1 : 0));
    const U = new Array<number>(20).fill(0);
    const g = tieGroups([U, R, P, [...R], [...P]]);
    expect(g.map((m) => m.group)).toEqual([3, 2, 1, 2, 1]);
    expect(g.map((m) => m.anchor)).toEqual([true, true, true, false, false]);
    expect(g[1]!.adjustedP).toBeCloseTo(0.0234375, 15);
    expect(g[3]!.adjustedP).toBe(1);
    expect(g[0]!.adjustedP).toBeCloseTo(0.015625, 15); // from the round that placed it (round 2)
    expect(g.map((m) => m.sortKey)).toEqual([4, 2, 0, 3, 1]);
  });

  it("takes the smallest mean as best when lower is better, and compares on shared tasks only", () => {
    // Per-task gaps over 10 tasks, lower is better. G0 (mean 0) and G2 (mean 0 over its 7 tasks) tie for best;
    // G0 comes first in the input, so it anchors. G1 is above G0 on 7 tasks and never below (the sign test counts
    // signs, so the 0.5 counts like a 1): b = 0, c = 7, p = 2/2^7 = 0.015625. G2 is missing exactly where it would
    // differ, so on the shared tasks b = c = 0, p = 1. Holm over the two: G1 2·0.015625 = 0.03125 → rejected;
    // G2 1 → tied. Group 1 = {G0, G2}, group 2 = {G1}.
    const G0 = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    const G1 = [1, 1, 1, 1, 1, 1, 0.5, 0, 0, 0];
    const G2 = [Number.NaN, Number.NaN, Number.NaN, 0, 0, 0, 0, 0, 0, 0];
    const g = tieGroups([G1, G0, G2], { higherIsBetter: false });
    expect(g.map((m) => m.group)).toEqual([2, 1, 1]);
    expect(g.map((m) => m.anchor)).toEqual([true, true, false]);
    expect(g[0]!.mean).toBeCloseTo(0.65, 15);
    expect(g[2]!.mean).toBe(0);
    expect([g[0]!.b, g[0]!.c, g[0]!.p]).toEqual([0, 7, 0.015625]);
    expect(g[0]!.adjustedP).toBe(0.03125);
    expect([g[2]!.b, g[2]!.c, g[2]!.p, g[2]!.adjustedP]).toEqual([0, 0, 1, 1]);
    expect(g.map((m) => m.sortKey)).toEqual([2, 0, 1]);
    // Ranked the other way round, G1 is the best and both others lose to it on 7 shared tasks or fewer.
    expect(tieGroups([G1, G0, G2]).map((m) => m.anchor)[0]).toBe(true);
  });

  it("leaves out configurations with no value and rejects a bad alpha", () => {
    const g = tieGroups([
      [1, 1],
      [Number.NaN, Number.NaN],
      [0, 0],
    ]);
    expect(Number.isNaN(g[1]!.group)).toBe(true);
    expect(g[1]!.sortKey).toBe(2);
    expect(() => tieGroups([[1]], { alpha: 0 })).toThrow(RangeError);
    expect(() => tieGroups([[1, 0], [1]])).toThrow(RangeError);
  });
});
