import { describe, expect, it } from "vitest";
import { newSeed, parseReviewUrl, serializeReviewUrl } from "./url";

describe("review page URL", () => {
  it("round-trips the seed and k, leaving the default k out", () => {
    expect(parseReviewUrl("?seed=abc&k=3")).toEqual({ seed: "abc", k: 3 });
    expect(serializeReviewUrl({ seed: "abc", k: 3 })).toBe("?seed=abc&k=3");
    expect(serializeReviewUrl({ seed: "abc", k: 2 })).toBe("?seed=abc");
    expect(serializeReviewUrl({ seed: null, k: 2 })).toBe("");
  });

  it("falls back on the defaults for a missing or odd value", () => {
    expect(parseReviewUrl("")).toEqual({ seed: null, k: 2 });
    expect(parseReviewUrl("?k=0").k).toBe(2);
    expect(parseReviewUrl("?k=2.5").k).toBe(2);
    expect(parseReviewUrl("?k=500").k).toBe(2);
    expect(parseReviewUrl(`?seed=${"x".repeat(101)}`).seed).toBeNull();
  });

  it("draws eight base-36 characters", () => {
    expect(newSeed(() => 0.5)).toBe("iiiiiiii");
    expect(newSeed()).toMatch(/^[0-9a-z]{8}$/);
  });
});
