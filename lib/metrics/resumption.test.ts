import { describe, expect, it } from "vitest";
import { binByLoad, clusterRobust, fitLogistic, type LoadPoint, type LogisticFit, predictLogistic } from "./resumption";

const points = (rows: ReadonlyArray<readonly [number, number]>): LoadPoint[] => rows.map(([x, y]) => ({ x, y }));

/** Points with `successes` of `n` outcomes 1 at load x. */
const group = (x: number, n: number, successes: number): LoadPoint[] =>
  Array.from({ length: n }, (_, i) => ({ x, y: i < successes ? 1 : 0 }));

function fitted(data: LoadPoint[]): LogisticFit {
  const r = fitLogistic(data);
  if (r.fit === null) throw new Error(`no fit: ${r.reason}`);
  return r.fit;
}

describe("binByLoad", () => {
  it("bins by hand with Wilson intervals", () => {
    // Edges [0, 2, 5, ∞): loads 0, 1, 1.5, 1.9 → bin 1 (3 of 4 resolved); 2 (the edge opens bin 2), 3, 4.99 → bin 2
    // (0 of 3); 5, 40 → bin 3 (1 of 2).
    // Wilson (z² = 3.841459): 3/4: center (3 + 1.920729)/7.841459 = 0.627527, half 1.959964·sqrt(3·1/4 +
    //   0.960365)/7.841459 = 1.959964·1.307809/7.841459 = 0.326885 → [0.300642, 0.954413];
    //   0/3: hi = 3.841459/6.841459 = 0.561497; 1/2: center 0.5, half 1.959964·sqrt(0.5 + 0.960365)/5.841459
    //   = 1.959964·1.208456/5.841459 = 0.405469 → [0.094531, 0.905469].
    const data = points([
      [0, 1],
      [1, 1],
      [1.5, 0],
      [1.9, 1],
      [2, 0],
      [3, 0],
      [4.99, 0],
      [5, 1],
      [40, 0],
    ]);
    const { bins, outside } = binByLoad(data, [0, 2, 5, Number.POSITIVE_INFINITY]);
    expect(outside).toBe(0);
    expect(bins.map(({ lo, hi, n, successes, rate }) => [lo, hi, n, successes, rate])).toEqual([
      [0, 2, 4, 3, 0.75],
      [2, 5, 3, 0, 0],
      [5, Number.POSITIVE_INFINITY, 2, 1, 0.5],
    ]);
    expect(bins[0]!.ci.lo).toBeCloseTo(0.300642, 6);
    expect(bins[0]!.ci.hi).toBeCloseTo(0.954413, 6);
    expect(bins[1]!.ci).toEqual({ lo: 0, hi: expect.closeTo(0.561497, 6) });
    expect(bins[2]!.ci.lo).toBeCloseTo(0.094531, 6);
    expect(bins[2]!.ci.hi).toBeCloseTo(0.905469, 6);
  });

  it("closes the last bin, counts loads outside and keeps empty bins", () => {
    // [1, 3), [3, 10]: 10 is in the last bin; 0.5 and 11 are outside; nothing lands in [1, 3).
    const { bins, outside } = binByLoad(
      points([
        [0.5, 1],
        [10, 1],
        [3, 0],
        [11, 1],
      ]),
      [1, 3, 10],
    );
    expect(outside).toBe(2);
    expect(bins[0]).toMatchObject({ n: 0, successes: 0, ci: { lo: 0, hi: 1 } });
    expect(Number.isNaN(bins[0]!.rate)).toBe(true);
    expect(bins[1]).toMatchObject({ n: 2, successes: 1, rate: 0.5 });
  });

  it("gives each bin the Wilson interval at its runs' effective sample size", () => {
    // Edges [0, 2, ∞). Bin 0: run a 3 of 3 (loads 0, 1, 1), run b 0 of 2 (1, 1.5): n 5, k 3, p̂ 0.6;
    // Σ(y_g − p̂ m_g)² = (3 − 1.8)² + (0 − 1.2)² = 2.88, CR1 v = 2·2.88/25 = 0.2304, binomial 0.24/5 = 0.048,
    // deff 4.8, n_eff 5/4.8 = 1.041667, k_eff 0.625 → Wilson [0.079753, 0.962911].
    // Bin 1: run c 2 of 2 (3, 4), run d 0 of 1 (5): p̂ 2/3, Σ = (2 − 4/3)² + (2/3)² = 8/9, v = 2·(8/9)/9 = 16/81,
    // binomial (2/9)/3 = 2/27, deff 8/3, n_eff 9/8, k_eff 3/4 → Wilson [0.103584, 0.971923].
    const data: LoadPoint[] = [
      { x: 0, y: 1, cluster: "a" },
      { x: 1, y: 1, cluster: "a" },
      { x: 1, y: 0, cluster: "b" },
      { x: 3, y: 1, cluster: "c" },
      { x: 1, y: 1, cluster: "a" },
      { x: 1.5, y: 0, cluster: "b" },
      { x: 4, y: 1, cluster: "c" },
      { x: 5, y: 0, cluster: "d" },
    ];
    const { bins } = binByLoad(data, [0, 2, Number.POSITIVE_INFINITY]);
    const [b0, b1] = bins.map((b) => b.clustered);
    expect(b0).toMatchObject({ clusters: 2, n: 5, successes: 3 });
    expect(b0!.designEffect).toBeCloseTo(4.8, 12);
    expect(b0!.effectiveN).toBeCloseTo(5 / 4.8, 12);
    expect([b0!.ci.lo, b0!.ci.hi].map((v) => Number(v.toFixed(6)))).toEqual([0.079753, 0.962911]);
    expect(b1).toMatchObject({ clusters: 2, n: 3, successes: 2 });
    expect(b1!.designEffect).toBeCloseTo(8 / 3, 12);
    expect([b1!.ci.lo, b1!.ci.hi].map((v) => Number(v.toFixed(6)))).toEqual([0.103584, 0.971923]);
    // The plain interval is still there, and narrower.
    expect(bins[0]!.ci.hi - bins[0]!.ci.lo).toBeLessThan(b0!.ci.hi - b0!.ci.lo);
  });

  it("counts a point without a run as a run of its own, and an empty bin as no cluster", () => {
    // Three points, no cluster keys: three singleton clusters, deff = G/(G − 1) = 1.5 (clustered-wilson.ts).
    const { bins } = binByLoad(
      points([
        [0, 1],
        [0, 0],
        [0, 0],
      ]),
      [0, 1, 2],
    );
    expect(bins[0]!.clustered).toMatchObject({ clusters: 3, designEffect: expect.closeTo(1.5, 12) });
    expect(bins[1]!.clustered).toMatchObject({ clusters: 0, n: 0, ci: { lo: 0, hi: 1 } });
  });

  it("rejects bad edges and points", () => {
    expect(() => binByLoad([], [1])).toThrow(RangeError);
    expect(() => binByLoad([], [0, 2, 2])).toThrow(RangeError);
    expect(() => binByLoad([], [0, Number.POSITIVE_INFINITY, 5])).toThrow(RangeError);
    expect(() => binByLoad([], [Number.NaN, 1])).toThrow(RangeError);
    expect(() => binByLoad(points([[-1, 0]]), [0, 1])).toThrow(RangeError);
    expect(() => binByLoad(points([[1, 2]]), [0, 1])).toThrow(RangeError);
  });
});

describe("fitLogistic", () => {
  it("finds slope 0 on a symmetric dataset, with the inverse information by hand", () => {
    // One success and one failure at each of x = 0, 1, 2: p̂ = 1/2 everywhere, so a = b = 0 (the score is zero at
    // the start and Newton stops after one step). Information with w = 1/4: Σw = 1.5, Σwx = 1.5, Σwx² = 2.5;
    // det = 3.75 − 2.25 = 1.5; inverse [[2.5, −1.5], [−1.5, 1.5]]/1.5 → var(a) = 5/3, var(b) = 1, cov = −1.
    // At x = 1: logit 0, var 5/3 + 1 − 2 = 2/3, se 0.816497; ±1.959964·0.816497 = ±1.600304 →
    // [σ(−1.600304), σ(1.600304)] = [0.167939, 0.832061].
    const fit = fitted(points([0, 0, 1, 1, 2, 2].map((x, i) => [x, i % 2] as const)));
    expect(fit.intercept).toBeCloseTo(0, 12);
    expect(fit.slope).toBeCloseTo(0, 12);
    expect(fit.iterations).toBe(1);
    expect(fit.seIntercept).toBeCloseTo(Math.sqrt(5 / 3), 10);
    expect(fit.seSlope).toBeCloseTo(1, 10);
    expect(fit.covariance).toBeCloseTo(-1, 10);
    expect(fit.logLikelihood).toBeCloseTo(6 * Math.log(0.5), 12);
    const at1 = predictLogistic(fit, 1);
    expect(at1.p).toBeCloseTo(0.5, 12);
    expect(at1.lo).toBeCloseTo(0.1679391, 6);
    expect(at1.hi).toBeCloseTo(0.8320609, 6);
  });

  it("matches the closed form for a binary load (log odds ratio, Woolf's standard error)", () => {
    // x = 0: 1 of 4 resolved; x = 1: 3 of 4. The model is saturated: a = logit(1/4) = −ln 3,
    // b = logit(3/4) − logit(1/4) = 2 ln 3; se(a) = sqrt(1/1 + 1/3) = sqrt(4/3), se(b) = sqrt(1 + 1/3 + 1/3 + 1)
    // = sqrt(8/3), cov = −4/3. At x = 0 the fitted p is 1/4 with [σ(−ln 3 ∓ 1.959964·1.154701)] =
    // [0.0335114, 0.7621602].
    const fit = fitted([...group(0, 4, 1), ...group(1, 4, 3)]);
    expect(fit.intercept).toBeCloseTo(-Math.log(3), 9);
    expect(fit.slope).toBeCloseTo(2 * Math.log(3), 9);
    expect(fit.seIntercept).toBeCloseTo(Math.sqrt(4 / 3), 8);
    expect(fit.seSlope).toBeCloseTo(Math.sqrt(8 / 3), 8);
    expect(fit.covariance).toBeCloseTo(-4 / 3, 8);
    const at0 = predictLogistic(fit, 0);
    expect(at0.p).toBeCloseTo(0.25, 9);
    expect(at0.lo).toBeCloseTo(0.0335114, 6);
    expect(at0.hi).toBeCloseTo(0.7621602, 6);
  });

  it("converges quadratically to a known MLE (Newton steps by hand)", () => {
    // x = 0, 1, 2 with 1, 2, 3 of 4 resolved. By symmetry about x = 1 the MLE has p(1) = 1/2 and the slope
    // equation 2·(3 − 4σ(b)) = 0 gives σ(b) = 3/4: b = ln 3 = 1.0986123, a = −ln 3.
    // Newton from (0, 0): p = 1/2, w = 1/4; score g = Σ(y − p)(1, x) = (0, 2); information Σw = 3, Σwx = 3,
    //   Σwx² = 5, det 6, inverse [[5, −3], [−3, 3]]/6 → step (−1, 1): (a, b) = (−1, 1).
    // Step 2: p = σ(−1), 1/2, σ(1) = 0.268941, 0.5, 0.731059; g = (0, 2·(3 − 2.924234)) = (0, 0.151533);
    //   w = 0.196612, 0.25, 0.196612 → Σw = Σwx = 2.572895, Σwx² = 4.145791, det = 2.572895·1.572895 = 4.046893;
    //   Δb = 2.572895·0.151533/4.046893 = 0.096339 = −Δa → (−1.096339, 1.096339).
    // Step 3 → (−1.098611, 1.098611) (moved 2.3e-3), step 4 moves 1.3e-6, step 5 ~1e-12 < 1e-10: converged
    // after 5 steps, as quadratic convergence predicts (the error squares each step).
    // At the MLE w = 3/16, 1/4, 3/16 (×4): Σw = 2.5, Σwx = 2.5, Σwx² = 4; det 3.75 → var(a) = 4/3.75 = 16/15,
    // var(b) = 2.5/3.75 = 2/3, cov = −2/3.
    // (Newton's method is invariant under the affine change of scale the fit uses, so the standardised
    // iterates are these, mapped.)
    const fit = fitted([...group(0, 4, 1), ...group(1, 4, 2), ...group(2, 4, 3)]);
    expect(fit.slope).toBeCloseTo(Math.log(3), 10);
    expect(fit.intercept).toBeCloseTo(-Math.log(3), 10);
    expect(fit.iterations).toBe(5);
    expect(fit.seIntercept).toBeCloseTo(Math.sqrt(16 / 15), 9);
    expect(fit.seSlope).toBeCloseTo(Math.sqrt(2 / 3), 9);
    expect(fit.covariance).toBeCloseTo(-2 / 3, 9);
    expect(fitLogistic([...group(0, 4, 1), ...group(1, 4, 2), ...group(2, 4, 3)], { maxIterations: 4 })).toEqual({
      fit: null,
      reason: "no-convergence",
    });
  });

  // Hours studied and exam passed, 20 students: Wikipedia's "Logistic regression" example (R's glm gives the same):
  // intercept −4.0777 (se 1.7610), hours 1.5046 (se 0.6287); pass probability 0.26 at 2 h and 0.87 at 4 h.
  const HOURS = [0.5, 0.75, 1, 1.25, 1.5, 1.75, 1.75, 2, 2.25, 2.5, 2.75, 3, 3.25, 3.5, 4, 4.25, 4.5, 4.75, 5, 5.5];
  const PASS = [0, 0, 0, 0, 0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1];
  const exam = HOURS.map((x, i) => ({ x, y: PASS[i]! }));

  it("matches the textbook hours-studied example", () => {
    const fit = fitted(exam);
    expect(fit.intercept).toBeCloseTo(-4.0777, 4);
    expect(fit.slope).toBeCloseTo(1.5046, 4);
    expect(fit.seIntercept).toBeCloseTo(1.761, 3);
    expect(fit.seSlope).toBeCloseTo(0.6287, 4);
    expect(fit.logLikelihood).toBeCloseTo(-8.0299, 4);
    // At 2 h: logit −4.0777 + 2·1.5046 = −1.0685 → 0.2557; var = 3.1011 + 4·0.39529 − 4·1.03450 = 0.5443,
    // se 0.7378: −1.0685 ∓ 1.959964·0.7378 = [−2.5145, 0.3775] → [0.074858, 0.593271].
    const at2 = predictLogistic(fit, 2);
    expect(at2.p).toBeCloseTo(0.2557, 4);
    expect(at2.lo).toBeCloseTo(0.074858, 5);
    expect(at2.hi).toBeCloseTo(0.593271, 5);
    expect(predictLogistic(fit, 4).p).toBeCloseTo(0.8744, 4);
  });

  it("stays accurate on loads in the hundreds of thousands (token counts)", () => {
    // Loads 10 000·hours + 50 000: the slope divides by 10 000, predictions at the mapped loads are unchanged.
    const fit = fitted(exam);
    const big = fitted(exam.map(({ x, y }) => ({ x: 10_000 * x + 50_000, y })));
    expect(big.slope * 10_000).toBeCloseTo(fit.slope, 8);
    expect(big.seSlope * 10_000).toBeCloseTo(fit.seSlope, 8);
    const small = predictLogistic(fit, 2);
    const large = predictLogistic(big, 70_000);
    expect(large.p).toBeCloseTo(small.p, 10);
    expect(large.lo).toBeCloseTo(small.lo, 10);
    expect(large.hi).toBeCloseTo(small.hi, 10);
  });

  it("refuses data without a finite MLE, with the reason", () => {
    expect(fitLogistic([])).toEqual({ fit: null, reason: "empty" });
    expect(fitLogistic(group(1, 5, 5))).toEqual({ fit: null, reason: "one-outcome" });
    expect(fitLogistic([...group(3, 4, 1), ...group(3, 2, 2)])).toEqual({ fit: null, reason: "no-variation-in-x" });
    // Complete separation: failures at 0, 1, successes at 2, 3 (and the reverse).
    const separated = points([
      [0, 0],
      [1, 0],
      [2, 1],
      [3, 1],
    ]);
    expect(fitLogistic(separated)).toEqual({ fit: null, reason: "separation" });
    expect(fitLogistic(separated.map(({ x, y }) => ({ x, y: 1 - y })))).toEqual({ fit: null, reason: "separation" });
    // Quasi-complete: the classes meet at x = 1 only; the likelihood still grows without bound in b.
    expect(
      fitLogistic(
        points([
          [0, 0],
          [1, 0],
          [1, 1],
          [2, 1],
        ]),
      ),
    ).toEqual({ fit: null, reason: "separation" });
    // One point of overlap more and the MLE exists.
    expect(
      fitLogistic(
        points([
          [0, 0],
          [1, 0],
          [1, 1],
          [2, 1],
          [2, 0],
        ]),
      ).reason,
    ).toBeNull();
  });

  describe("clusterRobust (CR1 sandwich) on the symmetric dataset: a = b = 0, p = 1/2, A⁻¹ = [[5/3, −1], [−1, 1]]", () => {
    const xs = [0, 0, 1, 1, 2, 2];

    it("successes in one run, failures in another: se(a) 2, se(b) 0, and the band takes the larger error", () => {
      // Residuals ±1/2: run S's score Σ r(1, x) = (3/2, 3/2), run F's (−3/2, −3/2); B = 2·(9/4)[[1, 1], [1, 1]].
      // A⁻¹B = [[3, 3], [0, 0]], A⁻¹BA⁻¹ = [[2, 0], [0, 0]], × G/(G − 1) = 2 → var(a) 4, var(b) 0, cov 0.
      // At x = 1: model var 5/3 + 1 − 2 = 2/3, clustered 4 → se 2: [σ(−3.919928), σ(3.919928)] = [0.019456,
      // 0.980544].
      const data = xs.map((x, i) => ({ x, y: i % 2, cluster: i % 2 ? "S" : "F" }));
      const fit = fitted(data);
      const robust = clusterRobust(fit, data)!;
      expect(robust.clusters).toBe(2);
      expect(robust.seIntercept).toBeCloseTo(2, 9);
      expect(robust.seSlope).toBeCloseTo(0, 6);
      expect(robust.covariance).toBeCloseTo(0, 9);
      const at1 = predictLogistic(fit, 1, undefined, robust);
      expect(at1.lo).toBeCloseTo(0.019456, 6);
      expect(at1.hi).toBeCloseTo(0.980544, 6);
      // Without it, the model's band (the test above).
      expect(predictLogistic(fit, 1).lo).toBeCloseTo(0.1679391, 6);
    });

    it("every point its own run: B = Σ r²(1, x)(1, x)ᵀ = A here (r² = w = 1/4), so V = G/(G − 1)·A⁻¹ = 1.2·A⁻¹", () => {
      const data = xs.map((x, i) => ({ x, y: i % 2 }));
      const fit = fitted(data);
      const robust = clusterRobust(fit, data)!;
      expect(robust.clusters).toBe(6);
      expect(robust.seIntercept).toBeCloseTo(Math.sqrt(1.2 * (5 / 3)), 9);
      expect(robust.seSlope).toBeCloseTo(Math.sqrt(1.2), 9);
      expect(robust.covariance).toBeCloseTo(-1.2, 9);
      // At x = 1 the logit's variance is 1.2·2/3 = 0.8 > 2/3: [σ(∓1.959964·√0.8)] = [0.147664, 0.852336].
      const at1 = predictLogistic(fit, 1, undefined, robust);
      expect(at1.lo).toBeCloseTo(0.147664, 6);
      expect(at1.hi).toBeCloseTo(0.852336, 6);
    });

    it("needs two runs, and the fit's own points", () => {
      const one = xs.map((x, i) => ({ x, y: i % 2, cluster: "only" }));
      expect(clusterRobust(fitted(one), one)).toBeNull();
      expect(() => clusterRobust(fitted(one), one.slice(1))).toThrow(RangeError);
    });
  });

  it("rejects bad input", () => {
    expect(() => fitLogistic(points([[Number.NaN, 1]]))).toThrow(RangeError);
    expect(() => fitLogistic(points([[1, 0.5]]))).toThrow(RangeError);
    expect(() => fitLogistic(exam, { maxIterations: 0 })).toThrow(RangeError);
    const fit = fitted(exam);
    expect(() => predictLogistic(fit, Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => predictLogistic(fit, 1, 0)).toThrow(RangeError);
  });
});
