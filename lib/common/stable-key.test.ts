import { describe, expect, it } from "vitest";
import { stableKey } from "./stable-key";

describe("stableKey", () => {
  it("is equal for equal inputs, objects in any property order", () => {
    expect(stableKey({ a: 1, b: ["x", "y"] })).toBe(stableKey({ b: ["x", "y"], a: 1 }));
    expect(stableKey(["sample", null, 3])).toBe(stableKey(["sample", null, 3]));
    // An absent property and an undefined one name the same inputs.
    expect(stableKey({ a: 1, b: undefined })).toBe(stableKey({ a: 1 }));
  });

  it("tells apart inputs that a joined string would confuse", () => {
    expect(stableKey(["a,b"])).not.toBe(stableKey(["a", "b"]));
    expect(stableKey(["1"])).not.toBe(stableKey([1]));
    expect(stableKey([null])).not.toBe(stableKey(["null"]));
    expect(stableKey([true])).not.toBe(stableKey(["true"]));
    expect(stableKey(["x", ["y"]])).not.toBe(stableKey([["x"], "y"]));
    expect(stableKey([])).not.toBe(stableKey([[]]));
    // A string that looks like an encoded one cannot collide: its length is part of the key.
    expect(stableKey(["s1:a"])).not.toBe(stableKey(["a"]));
  });

  it("keeps array order (a set is sorted by its caller)", () => {
    expect(stableKey(["b", "a"])).not.toBe(stableKey(["a", "b"]));
  });
});
