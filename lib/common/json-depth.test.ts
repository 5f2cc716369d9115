import { describe, expect, it } from "vitest";
import { jsonDepthExcess, MAX_JSON_DEPTH } from "./json-depth";

const nested = (n: number, open = "[", close = "]") => open.repeat(n) + "1" + close.repeat(n);

describe("jsonDepthExcess", () => {
  it("accepts exactly the limit and refuses one level more, at the bracket that went over", () => {
    expect(jsonDepthExcess(nested(MAX_JSON_DEPTH))).toBeNull();
    // 101 "[": the 101st is at offset 100.
    expect(jsonDepthExcess(nested(MAX_JSON_DEPTH + 1))).toEqual({ limit: MAX_JSON_DEPTH, offset: MAX_JSON_DEPTH });
  });
  // Offsets by hand: {"a":"\\","b":[[1]] has the third opening bracket (the second "[") at index 15.
  it("counts objects and arrays alike and ignores brackets inside strings, escaped quotes included", () => {
    expect(jsonDepthExcess('{"a":[{"b":1}]}', 2)).toEqual({ limit: 2, offset: 6 });
    expect(jsonDepthExcess('{"a":"[[[[{{{{"}', 1)).toBeNull();
    expect(jsonDepthExcess('{"a":"\\"[[[["}', 1)).toBeNull();
    expect(jsonDepthExcess('{"a":"\\\\","b":[[1]]}', 2)).toEqual({ limit: 2, offset: 15 });
  });
  it("measures siblings, not their count: 10,000 flat objects in an array are two levels", () => {
    expect(jsonDepthExcess(`[${Array.from({ length: 10_000 }, () => "{}").join(",")}]`, 2)).toBeNull();
  });
  it("walks a million levels without recursion (a recursive walker would overflow its stack)", () => {
    expect(jsonDepthExcess(nested(1_000_000))?.offset).toBe(MAX_JSON_DEPTH);
    expect(jsonDepthExcess(nested(1_000_000), 2_000_000)).toBeNull();
  });
  it("guards what it claims to: 2,000 levels parse but structuredClone (postMessage) overflows", () => {
    const text = nested(2_000, '{"a":', "}");
    const value = JSON.parse(text);
    expect(() => structuredClone(value)).toThrow(RangeError);
    expect(jsonDepthExcess(text)).not.toBeNull();
  });
});
