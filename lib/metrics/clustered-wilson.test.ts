import { describe, expect, it } from "vitest";
import { clusteredWilson, clusterMoments } from "./clustered-wilson";
import { wilsonInterval } from "./wilson";

const of = (pairs: ReadonlyArray<readonly [number, number]>) =>
  clusteredWilson(clusterMoments(pairs.map(([n, successes]) => ({ n, successes }))));

// Wilson by hand below: z = 1.959964, z² = 3.841459; centre (k + z²/2)/(n + z²), half z·√(k(n − k)/n + z²/4)/(n + z²).
describe("clusteredWilson", () => {
  it("three runs of two tasks, 1, 2 and 2 resolved: deff 1.2, n_eff 5 (resumecalc's configuration p)", () => {
    // p̂ = 5/6; Σ(y_g − p̂ m_g)² = (1 − 5/3)² + 2·(2 − 5/3)² = 4/9 + 2/9 = 2/3; CR1 v = 3/2 · (2/3)/6² = 1/36;
    // binomial p̂(1 − p̂)/n = (5/36)/6 = 5/216; deff = (1/36)/(5/216) = 6/5. n_eff = 6/1.2 = 5, k_eff = 25/6.
    // Wilson(25/6, 5): denominator 8.841459, centre 6.087396/8.841459 = 0.688505, half 1.959964·√(0.694444 +
    // 0.960365)/8.841459 = 1.959964·1.286394/8.841459 = 0.285167 → [0.403340, 0.973672].
    const r = of([
      [2, 1],
      [2, 2],
      [2, 2],
    ]);
    expect(r).toMatchObject({ clusters: 3, n: 6, successes: 5 });
    expect(r.designEffect).toBeCloseTo(1.2, 12);
    expect(r.effectiveN).toBeCloseTo(5, 12);
    expect(r.ci.lo).toBeCloseTo(0.40334, 5);
    expect(r.ci.hi).toBeCloseTo(0.973672, 5);
  });

  it("one outcome per cluster: deff is CR1's G/(G − 1)", () => {
    // 1 of 3, three runs of one: Σ(y − p̂)² = (2/3)² + 2·(1/3)² = 2/3, v = 3/2 · (2/3)/9 = 1/9, binomial 2/27:
    // deff 3/2, n_eff 2, k_eff 2/3. Wilson(2/3, 2): denominator 5.841459, centre 2.587396/5.841459 = 0.442937,
    // k(n − k)/n = (2/3)(4/3)/2 = 0.444444, half 1.959964·√(0.444444 + 0.960365)/5.841459 = 1.959964·1.185246/
    // 5.841459 = 0.397682 → [0.045255, 0.840619].
    const r = of([
      [1, 1],
      [1, 0],
      [1, 0],
    ]);
    expect(r.designEffect).toBeCloseTo(1.5, 12);
    expect(r.ci.lo).toBeCloseTo(0.045255, 5);
    expect(r.ci.hi).toBeCloseTo(0.840618, 5);
  });

  it("never narrower than Wilson: a design effect below 1 is taken as 1", () => {
    // Two runs of 1 of 2: every y_g = p̂ m_g, the clustered variance is 0 and deff would be 0.
    const r = of([
      [2, 1],
      [2, 1],
    ]);
    expect(r.designEffect).toBe(1);
    expect(r.ci).toEqual(wilsonInterval(2, 4));
  });

  it("all outcomes equal: no variance to compare, the plain interval", () => {
    const r = of([
      [3, 3],
      [2, 2],
    ]);
    expect(r.designEffect).toBe(1);
    expect(r.ci).toEqual(wilsonInterval(5, 5));
    expect(r.ci.hi).toBe(1);
  });

  it("one cluster is one piece of evidence: n_eff = 1", () => {
    // 3 of 4 in one run: Wilson(0.75, 1): denominator 4.841459, centre 2.670729/4.841459 = 0.551632, half
    // 1.959964·√(0.1875 + 0.960365)/4.841459 = 1.959964·1.071385/4.841459 = 0.433722 → [0.117910, 0.985354].
    const r = of([[4, 3]]);
    expect([r.designEffect, r.effectiveN]).toEqual([4, 1]);
    expect(r.ci.lo).toBeCloseTo(0.11791, 5);
    expect(r.ci.hi).toBeCloseTo(0.985365, 5);
  });

  it("no outcomes: the whole range; clusters without outcomes are not counted", () => {
    const r = of([[0, 0]]);
    expect(r).toMatchObject({ clusters: 0, n: 0, designEffect: 1, effectiveN: 0, ci: { lo: 0, hi: 1 } });
  });

  it("is the same from moments a query sums (Σy², Σym, Σm²)", () => {
    const pairs = [
      [2, 1],
      [2, 2],
      [2, 2],
    ] as const;
    const direct = of(pairs);
    const fromSql = clusteredWilson({ clusters: 3, n: 6, successes: 5, successesSq: 9, cross: 10, sizesSq: 12 });
    expect(fromSql).toEqual(direct);
  });

  it("rejects impossible moments", () => {
    const ok = { clusters: 2, n: 4, successes: 3, successesSq: 5, cross: 6, sizesSq: 8 };
    expect(() => clusteredWilson({ ...ok, successes: 5 })).toThrow(/5 successes of 4/);
    expect(() => clusteredWilson({ ...ok, clusters: 0 })).toThrow(/0 clusters/);
    expect(() => clusteredWilson({ ...ok, clusters: 5 })).toThrow(/5 clusters/);
    expect(() => clusteredWilson({ ...ok, cross: Number.NaN })).toThrow(RangeError);
    expect(() => clusteredWilson({ ...ok, sizesSq: -1 })).toThrow(RangeError);
  });
});
