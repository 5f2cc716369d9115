import { describe, expect, it } from "vitest";
import { fnv1a } from "./fnv";

describe("fnv1a", () => {
  it("gives the published FNV-1a 32-bit values", () => {
    // Reference values of FNV-1a 32 (offset basis 0x811c9dc5, prime 0x01000193).
    expect(fnv1a("")).toBe(0x811c9dc5);
    expect(fnv1a("a")).toBe(0xe40c292c);
    expect(fnv1a("foobar")).toBe(0xbf9cf968);
  });
});
