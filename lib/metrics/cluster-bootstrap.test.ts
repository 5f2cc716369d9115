import { describe, expect, it } from "vitest";
import { clusterBootstrap, farMinusNear, withinClusterDifference } from "./cluster-bootstrap";
import twoRepos from "./fixtures/cluster-two-repos/data.json";
import { DEFAULT_BOOTSTRAP_REPS, DEFAULT_BOOTSTRAP_SEED } from "./paired-interval";

// The worked numbers are in fixtures/cluster-two-repos/README.md: 4 equally likely repository draws AA, AB, BA, BB.
describe("clusterBootstrap on two repositories (exact enumeration in the README)", () => {
  const reps = 40_000;
  const r = clusterBootstrap(twoRepos.resolution.values, twoRepos.resolution.clusters, { reps });

  it("gives the estimate and counts", () => {
    expect(r.estimate).toBe(0.5);
    expect(r.clusters).toBe(2);
    expect(r.tasks).toBe(8);
  });

  it("approaches the exact cluster distribution: 0.2, 0.5, 1 with 1/4, 1/2, 1/4", () => {
    // mean 0.55 (se 0.0014 over 40 000 draws), variance 0.0825 (se 0.0004); the interval lies in the end atoms.
    expect(Math.abs(r.cluster.mean - 0.55)).toBeLessThan(0.0065);
    expect(Math.abs(r.cluster.variance - 0.0825)).toBeLessThan(0.002);
    expect([r.cluster.lo, r.cluster.hi]).toEqual([0.2, 1]);
  });

  it("approaches the exact task bootstrap: Binomial(8, 1/2)/8", () => {
    expect(Math.abs(r.task.mean - 0.5)).toBeLessThan(0.004);
    expect(Math.abs(r.task.variance - 1 / 32)).toBeLessThan(0.001);
    expect([r.task.lo, r.task.hi]).toEqual([0.125, 0.875]);
  });

  it("approaches the exact design effect 0.0825 / 0.03125 = 2.64", () => {
    expect(Math.abs(r.designEffect - 2.64)).toBeLessThan(0.1);
    expect(r.designEffect).toBeCloseTo(r.cluster.variance / r.task.variance, 12);
  });
});

describe("farMinusNear on two repositories (exact enumeration in the README)", () => {
  const reps = 40_000;
  const r = farMinusNear(twoRepos.near, twoRepos.far, { reps });

  it("gives far − near = 2/3 − 1/4 = 5/12", () => {
    expect(r.near).toBe(0.25);
    expect(r.far).toBeCloseTo(2 / 3, 15);
    expect(r.estimate).toBeCloseTo(5 / 12, 15);
  });

  it("resamples repositories for both groups at once: 1/2, 5/12, 0 with 1/4, 1/2, 1/4", () => {
    expect(r.cluster.draws).toBe(reps); // every repository has both groups: nothing dropped
    expect(Math.abs(r.cluster.mean - 1 / 3)).toBeLessThan(0.005);
    expect(Math.abs(r.cluster.variance - 11 / 288)).toBeLessThan(0.001);
    expect([r.cluster.lo, r.cluster.hi]).toEqual([0, 0.5]);
  });

  it("gives the plain task interval beside it (variance 209/1728) and the design effect 66/209", () => {
    expect(Math.abs(r.task.mean - 5 / 12)).toBeLessThan(0.008);
    expect(Math.abs(r.task.variance - 209 / 1728)).toBeLessThan(0.004);
    expect(r.task.hi).toBe(1); // P(difference < 1) = 0.906 < 0.975
    expect(Math.abs(r.designEffect - 66 / 209)).toBeLessThan(0.015);
  });
});

describe("design effect", () => {
  // 16 repositories of 4 tasks, 32 of 64 resolved either way. Task bootstrap variance: 0.25/64 = 1/256.
  const clusters = Array.from({ length: 64 }, (_, t) => `repo${Math.floor(t / 4)}`);

  it("is about the repository size (4) when a repository's tasks share one outcome", () => {
    // Cluster means 1 (8 repositories) and 0 (8): variance of a draw's mean of 16 = 0.25/16 = 1/64 → 4.
    const values = clusters.map((_, t) => (Math.floor(t / 4) % 2 === 0 ? 1 : 0));
    const r = clusterBootstrap(values, clusters, { reps: 20_000 });
    expect(r.estimate).toBe(0.5);
    expect(Math.abs(r.designEffect - 4)).toBeLessThan(0.25);
    expect(r.cluster.hi - r.cluster.lo).toBeGreaterThan(1.8 * (r.task.hi - r.task.lo));
  });

  it("is about 1 when outcomes do not depend on the repository", () => {
    // Repository sums 0, 1, 2, 3, 4 resolved out of 4, for 1, 4, 6, 4, 1 repositories: exactly Binomial(4, 1/2),
    // as if every task were an independent coin. Cluster means then vary by Var(Bin(4, 1/2))/16 = 1/16, so a
    // draw's mean of 16 varies by 1/256, the task bootstrap's variance: design effect 1.
    const sums = [0, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 4];
    const values = clusters.map((_, t): number => (t % 4 < sums[Math.floor(t / 4)]! ? 1 : 0));
    expect(values.reduce((s, v) => s + v, 0)).toBe(32);
    const r = clusterBootstrap(values, clusters, { reps: 20_000 });
    expect(Math.abs(r.cluster.variance - 1 / 256)).toBeLessThan(0.0002);
    expect(Math.abs(r.task.variance - 1 / 256)).toBeLessThan(0.0002);
    expect(Math.abs(r.designEffect - 1)).toBeLessThan(0.06);
  });

  it("is exactly 1 with one task per repository: the two bootstraps draw identically", () => {
    const values = [0.5, 1, 0, 0, 1, -1, 1, 0.25];
    const r = clusterBootstrap(
      values,
      values.map((_, i) => i),
      { reps: 500, seed: 9 },
    );
    expect(r.cluster).toEqual(r.task);
    expect(r.designEffect).toBe(1);
  });
});

describe("farMinusNear pairing", () => {
  it("cancels what near and far share within a repository", () => {
    // Far gaps are the near gaps + 0.25 task by task, in the same repositories: every repository draw moves both
    // groups alike, so the clustered difference is 0.25 in every draw; resampling tasks separately cannot see that.
    const nearValues = [1, 0, 0, 1, 1, 0, 1, 0, 0, 0];
    const clusters = ["a", "a", "b", "b", "b", "c", "c", "d", "d", "d"];
    const r = farMinusNear(
      { values: nearValues, clusters },
      { values: nearValues.map((v) => v + 0.25), clusters },
      { reps: 2000 },
    );
    expect(r.estimate).toBeCloseTo(0.25, 12);
    expect(r.cluster.lo).toBeCloseTo(0.25, 12);
    expect(r.cluster.hi).toBeCloseTo(0.25, 12);
    expect(r.cluster.variance).toBeLessThan(1e-20);
    expect(r.task.hi - r.task.lo).toBeGreaterThan(0.5);
  });

  it("drops draws that lack a group", () => {
    // Near tasks only in A, far only in B: draws AA and BB (half of them) have no difference; the rest give
    // 1 − 0.5 = 0.5. Over 4000 draws the kept count is Binomial(4000, 1/2): 2000 ± 32 (sd).
    const r = farMinusNear(
      { values: [0.5], clusters: ["A"] },
      { values: [1, 1], clusters: ["B", "B"] },
      { reps: 4000 },
    );
    expect(Math.abs(r.cluster.draws - 2000)).toBeLessThan(150);
    expect([r.cluster.lo, r.cluster.hi, r.estimate]).toEqual([0.5, 0.5, 0.5]);
  });

  it("returns NaN without tasks in a group", () => {
    const r = farMinusNear({ values: [], clusters: [] }, { values: [1], clusters: ["A"] });
    expect([r.estimate, r.cluster.lo, r.task.hi, r.designEffect].every(Number.isNaN)).toBe(true);
    expect(r.cluster.draws).toBe(0);
  });
});

describe("options and input", () => {
  const values = [1, 0, 1, 1, 0, 0, 1, 0, 1, 1];
  const clusters = ["a", "a", "a", "b", "b", "c", "c", "c", "d", "d"];

  it("is deterministic for a seed and defaults to DEFAULT_BOOTSTRAP_SEED and DEFAULT_BOOTSTRAP_REPS", () => {
    const a = clusterBootstrap(values, clusters, { seed: 1 });
    expect(clusterBootstrap(values, clusters, { seed: 1 })).toEqual(a);
    expect(clusterBootstrap(values, clusters, { seed: 2 }).cluster).not.toEqual(a.cluster);
    expect(clusterBootstrap(values, clusters)).toEqual(
      clusterBootstrap(values, clusters, { seed: DEFAULT_BOOTSTRAP_SEED, reps: DEFAULT_BOOTSTRAP_REPS }),
    );
  });

  it("returns NaN without tasks and rejects bad input", () => {
    const empty = clusterBootstrap([], []);
    expect([empty.estimate, empty.cluster.lo, empty.task.variance, empty.designEffect].every(Number.isNaN)).toBe(true);
    expect(() => clusterBootstrap([1, 0], ["a"])).toThrow(RangeError);
    expect(() => clusterBootstrap([1, Number.NaN], ["a", "b"])).toThrow(RangeError);
    expect(() => clusterBootstrap(values, clusters, { reps: 0 })).toThrow(RangeError);
    expect(() => clusterBootstrap(values, clusters, { level: 0 })).toThrow(RangeError);
    expect(() => farMinusNear({ values: [1], clusters: [] }, { values: [1], clusters: ["a"] })).toThrow(RangeError);
  });
});

describe("one repository", () => {
  it("gives no clustered interval and no design effect, only the plain one", () => {
    const est = clusterBootstrap([1, 0, 1], ["a", "a", "a"], { reps: 200 });
    expect([est.cluster.lo, est.cluster.hi, est.designEffect].every(Number.isNaN)).toBe(true);
    expect(est.task.lo).toBeLessThan(est.task.hi);
    const d = farMinusNear(
      { values: [1, 0], clusters: ["a", "a"] },
      { values: [1, 1], clusters: ["a", "a"] },
      { reps: 200 },
    );
    expect([d.cluster.lo, d.cluster.hi, d.designEffect].every(Number.isNaN)).toBe(true);
    expect(d.estimate).toBe(0.5);
  });
});

describe("withinClusterDifference: far − near inside each repository, each repository equally", () => {
  // Repository A: near 1/3, 0 (mean 1/6), far 2/3 → 1/2. B: near 1/3, far 2/3, 1/3 (mean 1/2) → 1/6. C: near only.
  // Estimate (1/2 + 1/6)/2 = 1/3. Resampling A and B: 1/2 (AA, 1/4), 1/3 (AB, BA, 1/2), 1/6 (BB, 1/4); with 10,000 draws the 2.5% and 97.5% quantiles lie in the
  // end atoms: [1/6, 1/2].
  const near = { values: [1 / 3, 0, 1 / 3, 1], clusters: ["A", "A", "B", "C"] };
  const far = { values: [2 / 3, 2 / 3, 1 / 3], clusters: ["A", "B", "B"] };

  it("averages the repositories with both groups and counts the one without", () => {
    const r = withinClusterDifference(near, far);
    expect(r.estimate).toBeCloseTo(1 / 3, 12);
    expect([r.clusters, r.oneGroup]).toEqual([2, 1]);
    expect(r.lo).toBeCloseTo(1 / 6, 12);
    expect(r.hi).toBeCloseTo(1 / 2, 12);
  });

  it("weighs repositories, not tasks: a large repository counts once", () => {
    // A: 10 near tasks at 0, 10 far at 1 (d 1); B: 1 near at 0, 1 far at 0 (d 0). Tasks: far 10/11 − near 0 = 0.909;
    // repositories: (1 + 0)/2 = 0.5.
    const n = { values: [...Array<number>(10).fill(0), 0], clusters: [...Array<string>(10).fill("A"), "B"] };
    const f = { values: [...Array<number>(10).fill(1), 0], clusters: [...Array<string>(10).fill("A"), "B"] };
    expect(withinClusterDifference(n, f).estimate).toBe(0.5);
    expect(farMinusNear(n, f).estimate).toBeCloseTo(10 / 11, 12);
  });

  it("one repository: the estimate and no interval; none with both groups: NaN", () => {
    const one = withinClusterDifference({ values: [0], clusters: ["A"] }, { values: [1], clusters: ["A"] });
    expect([one.estimate, one.clusters]).toEqual([1, 1]);
    expect([one.lo, one.hi].every(Number.isNaN)).toBe(true);
    const none = withinClusterDifference({ values: [0], clusters: ["A"] }, { values: [1], clusters: ["B"] });
    expect(none).toMatchObject({ clusters: 0, oneGroup: 2 });
    expect([none.estimate, none.lo, none.hi].every(Number.isNaN)).toBe(true);
  });

  it("is deterministic for a seed and rejects bad input", () => {
    expect(withinClusterDifference(near, far, { seed: 7 })).toEqual(withinClusterDifference(near, far, { seed: 7 }));
    expect(() => withinClusterDifference({ values: [1], clusters: [] }, far)).toThrow(RangeError);
    expect(() => withinClusterDifference(near, { values: [Number.NaN], clusters: ["A"] })).toThrow(RangeError);
    expect(() => withinClusterDifference(near, far, { reps: 0 })).toThrow(RangeError);
  });
});
