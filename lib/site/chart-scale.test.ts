import { describe, expect, it } from "vitest";
import { linearScale, niceStep, niceTicks, rankTicks } from "./chart-scale";

describe("linearScale", () => {
  it("maps the domain's ends onto the range's, and points between proportionally", () => {
    const x = linearScale([-10, 30], [100, 300]);
    expect(x(-10)).toBe(100);
    expect(x(30)).toBe(300);
    expect(x(0)).toBe(150); // 10 of 40 → a quarter of 200
  });
  it("maps a zero-width domain to the middle", () => {
    expect(linearScale([5, 5], [0, 80])(5)).toBe(40);
  });
});

describe("niceTicks", () => {
  it("widens to round ends: -7.3…23.9 in steps of 10 (span 31.2 / 5 = 6.24 → 10)", () => {
    expect(niceTicks(-7.3, 23.9)).toEqual({ lo: -10, hi: 30, ticks: [-10, 0, 10, 20, 30] });
  });
  it("steps of 0.2 for 0.1…0.9 (0.8 / 5 = 0.16 → 0.2), without float noise", () => {
    expect(niceTicks(0.1, 0.9).ticks).toEqual([0, 0.2, 0.4, 0.6, 0.8, 1]);
  });
  it("a single value gets a domain of ±1 around it; reversed ends are swapped", () => {
    expect(niceTicks(3, 3, 4)).toEqual({ lo: 2, hi: 4, ticks: [2, 2.5, 3, 3.5, 4] });
    expect(niceTicks(20, 0).ticks).toEqual([0, 5, 10, 15, 20]);
  });
  it("falls back to 0…1 for non-finite ends", () => {
    expect(niceTicks(Number.NaN, 3)).toEqual({ lo: 0, hi: 1, ticks: [0, 1] });
  });
  it("niceStep picks 1, 2 or 5 × 10^k", () => {
    expect(niceStep(100, 5)).toBe(20);
    expect(niceStep(7, 5)).toBe(2);
    expect(niceStep(30, 10)).toBe(5);
    expect(niceStep(0, 5)).toBe(1);
  });
});

describe("rankTicks", () => {
  it("every rank up to ten", () => {
    expect(rankTicks(1)).toEqual([1]);
    expect(rankTicks(4)).toEqual([1, 2, 3, 4]);
  });
  it("round ranks beyond, 1 and n always there: 11 → step 2 (10 / 8 = 1.25), 1100 → step 200 (1099 / 8 ≈ 137)", () => {
    // 10 stays beside 11: a tick is dropped only when closer than half a step to n.
    expect(rankTicks(11)).toEqual([1, 2, 4, 6, 8, 10, 11]);
    expect(rankTicks(1100)).toEqual([1, 200, 400, 600, 800, 1000, 1100]);
    // 1050 is 50 from n, under half a step of 200: it goes.
    expect(rankTicks(1050)).toEqual([1, 200, 400, 600, 800, 1050]);
  });
});
