import { describe, expect, it } from "vitest";
import { extremeMarks } from "./marks";

describe("extremeMarks", () => {
  it("marks ties on both ends", () => {
    expect(extremeMarks([50, 25, 50], true)).toEqual([
      { best: true, worst: false },
      { best: false, worst: true },
      { best: true, worst: false },
    ]);
  });
  it("lowest is best when lower is better (gaps)", () => {
    expect(extremeMarks([25, 50, 0], false).map((m) => [m.best, m.worst])).toEqual([
      [false, false],
      [false, true],
      [true, false],
    ]);
  });
  it("compares exactly, not at display precision", () => {
    expect(extremeMarks([6.0, 5.96, 7], false).map((m) => m.best)).toEqual([false, true, false]);
    expect(extremeMarks([100 / 6, 16.666666666666668, 20], false).map((m) => m.best)).toEqual([true, true, false]);
  });
  it("leaves unknown values unmarked", () => {
    expect(extremeMarks([null, 3, undefined, 1], true).map((m) => [m.best, m.worst])).toEqual([
      [false, false],
      [true, false],
      [false, false],
      [false, true],
    ]);
  });
});
