import { describe, expect, it } from "vitest";
import { fillUniformIndices, mulberry32, seedFromText } from "./prng";

describe("mulberry32", () => {
  it("reproduces the reference sequence", () => {
    // Reference values from an independent Python transcription of the algorithm using unsigned
    // 32-bit masks, which catches sign or overflow mistakes in the JavaScript bit operations.
    const a = mulberry32(20261129);
    expect([a(), a(), a()]).toEqual([0.5282446686178446, 0.892268625786528, 0.763774539809674]);
    const b = mulberry32(0);
    expect([b(), b(), b()]).toEqual([0.26642920868471265, 0.0003297457005828619, 0.2232720274478197]);
  });

  it("is deterministic per seed and differs across seeds", () => {
    const draw = (seed: number) => {
      const next = mulberry32(seed);
      return Array.from({ length: 5 }, () => next());
    };
    expect(draw(7)).toEqual(draw(7));
    expect(draw(7)).not.toEqual(draw(8));
  });

  it("stays in [0, 1) with a mean near 1/2", () => {
    const next = mulberry32(42);
    let sum = 0;
    let min = 1;
    let max = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const u = next();
      sum += u;
      min = Math.min(min, u);
      max = Math.max(max, u);
    }
    expect(min).toBeGreaterThanOrEqual(0);
    expect(max).toBeLessThan(1);
    // sd of the mean is sqrt(1/12/n) ≈ 0.0009; 0.005 is > 5 sd
    expect(Math.abs(sum / n - 0.5)).toBeLessThan(0.005);
  });

  it("fills indices exactly as floor(next() * bound) would, continuing across calls", () => {
    const next = mulberry32(20261129);
    const expected = Array.from({ length: 12 }, () => Math.floor(next() * 7));
    // first three from the reference sequence: floor(0.528·7) = 3, floor(0.892·7) = 6, floor(0.764·7) = 5
    expect(expected.slice(0, 3)).toEqual([3, 6, 5]);
    const buf = new Int32Array(6);
    let state = 20261129;
    state = fillUniformIndices(state, buf, 7);
    const first = Array.from(buf);
    fillUniformIndices(state, buf, 7);
    expect([...first, ...buf]).toEqual(expected);
  });
});

describe("seedFromText", () => {
  it("is FNV-1a: fixed values, and a different seed for a different text", () => {
    // FNV-1a 32-bit of "" is its offset basis, of "a" 0xe40c292c (the published test vectors), as signed ints.
    expect(seedFromText("")).toBe(0x811c9dc5 | 0);
    expect(seedFromText("a")).toBe(0xe40c292c | 0);
    expect(seedFromText("abc")).not.toBe(seedFromText("abd"));
  });
});
