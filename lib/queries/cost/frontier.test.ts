import { describe, expect, it } from "vitest";
import { paretoFrontier } from "./frontier";

describe("paretoFrontier", () => {
  it("keeps the points no other point beats on both axes, cheapest first", () => {
    const points = [
      { id: "cheap-weak", cost: 1, resolution: 20 },
      { id: "mid", cost: 5, resolution: 40 },
      { id: "dominated", cost: 6, resolution: 35 },
      { id: "dear-strong", cost: 9, resolution: 50 },
      { id: "dear-weak", cost: 9, resolution: 10 },
    ];
    expect(paretoFrontier(points)).toEqual(["cheap-weak", "mid", "dear-strong"]);
  });

  it("drops a point that only ties another on one axis and loses on the other", () => {
    expect(
      paretoFrontier([
        { id: "a", cost: 2, resolution: 50 },
        { id: "b", cost: 3, resolution: 50 },
        { id: "c", cost: 2, resolution: 40 },
      ]),
    ).toEqual(["a"]);
  });

  it("keeps identical points together and skips unknown costs", () => {
    expect(
      paretoFrontier([
        { id: "y", cost: 6000, resolution: 75 },
        { id: "x", cost: 6000, resolution: 75 },
        { id: "z", cost: null, resolution: 99 },
      ]),
    ).toEqual(["x", "y"]);
  });
});
