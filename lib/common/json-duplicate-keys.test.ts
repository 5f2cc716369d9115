import { describe, expect, it } from "vitest";
import { duplicateKeyPath } from "./json-duplicate-keys";

describe("duplicateKeyPath", () => {
  it("finds a key written twice, at any depth, as JSON.parse reads keys", () => {
    expect(duplicateKeyPath('{"author": {"kind": "human", "kind": "detector"}}')).toBe("author.kind");
    expect(duplicateKeyPath('{"a": 1, "\\u0061": 2}')).toBe("a");
    expect(duplicateKeyPath('{"x": [{"k": 1}, {"k": 2, "k": 3}]}')).toBe("x[].k");
    expect(duplicateKeyPath('{"note": "x", "review": {"audit": {"seed": "s", "seed": "t"}}}')).toBe(
      "review.audit.seed",
    );
  });

  it("takes keys of different objects, and strings that look like keys, as different", () => {
    expect(duplicateKeyPath('{"a": {"b": 1}, "c": {"b": 2}}')).toBeNull();
    expect(duplicateKeyPath('{"a": "\\"a\\": 1, \\"a\\"", "b": ["a", "a"]}')).toBeNull();
    expect(duplicateKeyPath('{"a\\\\": 1, "a": 2}')).toBeNull();
    expect(duplicateKeyPath("[1, 2, 3]")).toBeNull();
  });

  it("reads 1 MB of escapes in linear time", () => {
    const text = JSON.stringify({ a: '\\"'.repeat(500_000), b: 1, a2: 2 });
    const started = performance.now();
    expect(duplicateKeyPath(text)).toBeNull();
    // Budget for 1.5 MB of text on a shared machine; a scan that counted back over every escape would take minutes.
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
