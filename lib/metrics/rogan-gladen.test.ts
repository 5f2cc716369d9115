import { describe, expect, it } from "vitest";
import {
  MAX_ROGAN_GLADEN_REPS,
  roganGladen,
  roganGladenBootstrap,
  roganGladenDelta,
  roganGladenOfCounts,
} from "./rogan-gladen";

describe("roganGladen", () => {
  it("corrects the tagged share: (p + Sp − 1)/(Se + Sp − 1)", () => {
    // Se 0.7, Sp 0.9: J = 0.6; p = 0.5 → 0.4/0.6; p = 0.2 → 0.1/0.6
    expect(roganGladen(0.5, 0.7, 0.9)).toBeCloseTo(2 / 3, 12);
    expect(roganGladen(0.2, 0.7, 0.9)).toBeCloseTo(1 / 6, 12);
    expect(roganGladen(0.37, 1, 1)).toBeCloseTo(0.37, 12);
  });

  it("clips to [0, 1] where sampling noise puts the raw value outside", () => {
    // p = 0.05 < 1 − Sp = 0.1: raw −1/12; p = 0.8 > Se = 0.7: raw 7/6
    expect(roganGladen(0.05, 0.7, 0.9)).toBe(0);
    expect(roganGladen(0.8, 0.7, 0.9)).toBe(1);
  });

  it("has no correction when the detector is no better than chance", () => {
    expect(roganGladen(0.5, 0.6, 0.4)).toBeNull();
    expect(roganGladen(0.5, 0.3, 0.5)).toBeNull();
    expect(roganGladen(0.5, 0, 0)).toBeNull();
  });

  it("refuses values that are not proportions", () => {
    expect(() => roganGladen(1.2, 0.7, 0.9)).toThrow(RangeError);
    expect(() => roganGladen(0.5, Number.NaN, 0.9)).toThrow(RangeError);
    expect(() => roganGladen(0.5, 0.7, -0.1)).toThrow(RangeError);
  });
});

describe("roganGladenOfCounts", () => {
  it("decides Se + Sp − 1 ≤ 0 on integers and needs runs of both labels", () => {
    // Se 3/10, Sp 7/10: tp·tn = 21 = fn·fp
    expect(roganGladenOfCounts({ k: 5, n: 10 }, { tp: 3, fp: 3, fn: 7, tn: 7 })).toBeNull();
    expect(roganGladenOfCounts({ k: 5, n: 10 }, { tp: 0, fp: 1, fn: 0, tn: 9 })).toBeNull();
    expect(roganGladenOfCounts({ k: 5, n: 10 }, { tp: 3, fp: 0, fn: 1, tn: 0 })).toBeNull();
    expect(roganGladenOfCounts({ k: 0, n: 0 }, { tp: 7, fp: 1, fn: 3, tn: 9 })).toBeNull();
    expect(roganGladenOfCounts({ k: 10, n: 20 }, { tp: 7, fp: 1, fn: 3, tn: 9 })).toBeCloseTo(2 / 3, 12);
  });
});

describe("roganGladenBootstrap", () => {
  const big = { tp: 80, fp: 10, fn: 20, tn: 190 };

  it("agrees with the delta method where the samples are large", () => {
    // Se 0.8, Sp 0.95, J 0.75, p 0.3 → θ = 0.25/0.75 = 1/3. Var θ = [0.21/200 + (1/9)·0.16/100 + (4/9)·0.0475/200]/0.5625
    // = (0.00105 + 0.000177778 + 0.000105556)/0.5625 = 0.00237037; se 0.0486864; ± 1.959964·se = ± 0.0954236
    const delta = roganGladenDelta(big, { k: 60, n: 200 });
    expect(delta.lo).toBeCloseTo(0.2379097, 6);
    expect(delta.hi).toBeCloseTo(0.428757, 6);
    const ci = roganGladenBootstrap(big, { k: 60, n: 200 });
    expect(ci.estimate).toBeCloseTo(1 / 3, 12);
    expect(Math.abs(ci.lo! - delta.lo!)).toBeLessThan(0.01);
    expect(Math.abs(ci.hi! - delta.hi!)).toBeLessThan(0.01);
    // Pinned: seed 20261129, 2000 replicates.
    expect(ci).toMatchObject({ reps: 2000, withoutCorrection: 0, seed: 20261129 });
    expect(ci.lo).toBeCloseTo(0.2451603632609673, 12);
    expect(ci.hi).toBeCloseTo(0.4291355655641746, 12);
  });

  it("is a pure function of its inputs and seed", () => {
    const tagged = { k: 60, n: 200 };
    expect(roganGladenBootstrap(big, tagged)).toEqual(roganGladenBootstrap(big, tagged));
    const other = roganGladenBootstrap(big, tagged, { seed: 7 });
    expect(other.lo).toBeCloseTo(0.24108754303461077, 12);
    expect(other.hi).toBeCloseTo(0.4300549215442723, 12);
  });

  it("counts the replicates without a correction, at their exact probability", () => {
    // fp = 0, so Sp* = 1 whenever tn* > 0 and Se* + Sp* − 1 = Se*: a replicate has no correction exactly when it
    // draws no tp run or no tn run. With shares 0.3 (tp) and 0.6 (tn) of 10 runs:
    // P = 0.7^10 + 0.4^10 − 0.1^10 = 0.0282475 + 0.0001049 − 1e-10 = 0.0283524 → 567.05 of 20,000 (sd 23.5).
    const ci = roganGladenBootstrap({ tp: 3, fp: 0, fn: 1, tn: 6 }, { k: 5, n: 10 }, { reps: 20_000 });
    expect(Math.abs(ci.withoutCorrection - 567.05)).toBeLessThan(4 * 23.5);
    expect(ci.withoutCorrection).toBe(567);
  });

  it("keeps each stratum's size", () => {
    // Stratum 1 is 2 tp runs, stratum 2 is 2 tn runs: every replicate has Se* = Sp* = 1, so θ* = p* and the
    // interval is the tagged share's own: k* ~ Bin(10, 0.5), P(k* ≤ 1) = 11/1024 < 2.5 % < P(k* ≤ 2) = 56/1024.
    const strata = [
      { tp: 2, fp: 0, fn: 0, tn: 0 },
      { tp: 0, fp: 0, fn: 0, tn: 2 },
    ];
    const ci = roganGladenBootstrap(strata, { k: 5, n: 10 });
    expect(ci).toMatchObject({ estimate: 0.5, hi: 0.8, withoutCorrection: 0 });
    expect(ci.lo).toBeCloseTo(0.2, 12);
    // Pooled into one stratum, a replicate may draw only tp or only tn runs: 2·(1/2)^4 = 1/8 of them (≈ 250).
    const pooled = roganGladenBootstrap({ tp: 2, fp: 0, fn: 0, tn: 2 }, { k: 5, n: 10 });
    expect(pooled.withoutCorrection).toBe(272);
  });

  it("gives zero-width intervals at the edges and nothing without a correction", () => {
    const audit = { tp: 7, fp: 1, fn: 3, tn: 9 };
    // k = 0: p* = 0, so p* + Sp* − 1 ≤ 0 in every replicate; k = n: p* = 1 ≥ Se*.
    expect(roganGladenBootstrap(audit, { k: 0, n: 5 })).toMatchObject({ estimate: 0, lo: 0, hi: 0 });
    expect(roganGladenBootstrap(audit, { k: 5, n: 5 })).toMatchObject({ estimate: 1, lo: 1, hi: 1 });
    const chance = roganGladenBootstrap({ tp: 3, fp: 3, fn: 7, tn: 7 }, { k: 5, n: 10 });
    expect(chance).toEqual({ estimate: null, lo: null, hi: null, reps: 2000, withoutCorrection: 2000, seed: 20261129 });
    expect(roganGladenDelta({ tp: 3, fp: 3, fn: 7, tn: 7 }, { k: 5, n: 10 })).toEqual({
      estimate: null,
      lo: null,
      hi: null,
      se: null,
    });
  });

  it("checks sizes before allocating", () => {
    const audit = { tp: 7, fp: 1, fn: 3, tn: 9 };
    const tagged = { k: 4, n: 20 };
    expect(() => roganGladenBootstrap(audit, tagged, { reps: 0 })).toThrow(RangeError);
    expect(() => roganGladenBootstrap(audit, tagged, { reps: MAX_ROGAN_GLADEN_REPS + 1 })).toThrow(/reps/);
    expect(() => roganGladenBootstrap(audit, tagged, { reps: 1.5 })).toThrow(RangeError);
    expect(() => roganGladenBootstrap(audit, tagged, { level: 1 })).toThrow(/level/);
    expect(() => roganGladenBootstrap(audit, { k: 5, n: 4 })).toThrow(/k <= n/);
    expect(() => roganGladenBootstrap(audit, { k: 0, n: 0 })).toThrow(RangeError);
    expect(() => roganGladenBootstrap({ ...audit, fp: -1 }, tagged)).toThrow(/non-negative/);
    expect(() => roganGladenBootstrap({ ...audit, tn: 2.5 }, tagged)).toThrow(/non-negative/);
    expect(() => roganGladenBootstrap(audit, { k: 1, n: 10_000 }, { reps: MAX_ROGAN_GLADEN_REPS })).toThrow(/draws/);
  });
});
