// Label spots worked out by hand: 6 px a character, 12 px a line, so a label of n characters is 6n × 12 px; a spot
// is 7 px from the point (right: starts at x + 7; left: ends at x − 7; above: centred 7 + 6 = 13 px higher), and a
// point keeps 5 px clear around it.
import { describe, expect, it } from "vitest";
import { placeLabels } from "./label-placement";

const PLOT = { x0: 0, y0: 0, x1: 300, y1: 200 };
const M = { charWidth: 6, height: 12 };

describe("placeLabels", () => {
  it("puts a lone label right of its point", () => {
    expect(placeLabels([{ x: 100, y: 100, text: "abc" }], PLOT, M)).toEqual([
      { at: { x: 107, y: 100, anchor: "start" } },
    ]);
  });

  it("left of the point when the right spot leaves the plot (297 + 18 > 300)", () => {
    expect(placeLabels([{ x: 290, y: 100, text: "abc" }], PLOT, M)).toEqual([
      { at: { x: 283, y: 100, anchor: "end" } },
    ]);
  });

  it("points at one place: right, then left, then above", () => {
    const same = ["aaa", "bbb", "ccc"].map((text) => ({ x: 100, y: 100, text }));
    expect(placeLabels(same, PLOT, M).map((l) => l.at)).toEqual([
      { x: 107, y: 100, anchor: "start" },
      { x: 93, y: 100, anchor: "end" },
      { x: 100, y: 87, anchor: "middle" },
    ]);
  });

  it("crowded at the plot's right edge, where only left spots fit: left, upper left, lower left, then twice as high", () => {
    // Four points at (290, 100); "aaaaaa" is 36 px wide, so a right spot (297–333) or a centred one (272–308) leaves
    // the plot (x1 = 300).
    const same = ["a", "b", "c", "d"].map((t) => ({ x: 290, y: 100, text: t.repeat(6) }));
    expect(placeLabels(same, PLOT, M).map((l) => l.at)).toEqual([
      { x: 283, y: 100, anchor: "end" },
      { x: 283, y: 87, anchor: "end" },
      { x: 283, y: 113, anchor: "end" },
      // Upper left twice as high: 13 + 12 = 25 px above the point.
      { x: 283, y: 75, anchor: "end" },
    ]);
  });

  it("a label does not cover another point: 107–131 would cover the dot at 110–120, so it goes left", () => {
    const placed = placeLabels(
      [
        { x: 100, y: 100, text: "aaaa" },
        { x: 115, y: 100, text: "b" },
      ],
      PLOT,
      M,
    );
    expect(placed[0]!.at).toEqual({ x: 93, y: 100, anchor: "end" });
    // b: right of it (122–128) is free.
    expect(placed[1]!.at).toEqual({ x: 122, y: 100, anchor: "start" });
  });

  it("no spot inside the plot: unlabelled", () => {
    expect(placeLabels([{ x: 10, y: 10, text: "a long name" }], { x0: 0, y0: 0, x1: 20, y1: 20 }, M)).toEqual([
      { at: null },
    ]);
  });
});
