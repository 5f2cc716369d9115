import { describe, expect, it } from "vitest";
import { batches } from "./batches";

describe("batches", () => {
  it("cuts a list into consecutive batches of at most the size, the last one shorter", () => {
    // 7 items by 3: [0,1,2], [3,4,5], [6].
    expect(batches([0, 1, 2, 3, 4, 5, 6], 3)).toEqual([[0, 1, 2], [3, 4, 5], [6]]);
    expect(batches([0, 1, 2, 3, 4, 5], 3)).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    expect(batches(["a"], 5_000)).toEqual([["a"]]);
  });

  it("no items, no batches; a size under 1 still moves on one at a time", () => {
    expect(batches([], 3)).toEqual([]);
    expect(batches([1, 2], 0)).toEqual([[1], [2]]);
  });
});
