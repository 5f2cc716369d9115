import { describe, expect, it } from "vitest";
import { nearestShown, nextFocusRequest, requestMove, stepMove } from "./navigation";
import { segmentSteps } from "./segment";
import { agent, schedule, steps, user } from "./testing";

// Steps 1–9: requests open at 1 (focus), 4 (other), 6 (focus), 8 (focus submit).
const S = steps([
  user("F1"),
  agent("a"),
  agent("b"),
  user("B1"),
  agent("c"),
  user("F2"),
  agent("d"),
  user("submit"),
  agent("e"),
]);
const SEG = segmentSteps(
  S,
  schedule([
    { task: "F", stage: 1, workspace: "/w0" },
    { task: "B", stage: 1, workspace: "/w1" },
    { task: "F", stage: 2, workspace: "/w0" },
    { task: "F", stage: "submit", workspace: "/w0" },
  ]),
);
const ALL = [1, 2, 3, 4, 5, 6, 7, 8, 9];

describe("stepMove (j/k)", () => {
  it("moves one shown step and stops at the ends", () => {
    expect(stepMove(3, ALL, 1)).toBe(4);
    expect(stepMove(3, ALL, -1)).toBe(2);
    expect(stepMove(9, ALL, 1)).toBe(9);
    expect(stepMove(1, ALL, -1)).toBe(1);
  });
  it("skips steps a filter hides, also from a hidden current step", () => {
    expect(stepMove(2, [2, 7], 1)).toBe(7);
    expect(stepMove(5, [2, 7], 1)).toBe(7);
    expect(stepMove(5, [2, 7], -1)).toBe(2);
    expect(stepMove(5, [], 1)).toBe(5);
  });
});

describe("requestMove (J/K) and nextFocusRequest (f)", () => {
  it("jumps between request starts", () => {
    expect(requestMove(2, SEG, ALL, 1)).toBe(4);
    expect(requestMove(4, SEG, ALL, 1)).toBe(6);
    expect(requestMove(9, SEG, ALL, 1)).toBe(9);
    expect(requestMove(5, SEG, ALL, -1)).toBe(4);
    expect(requestMove(4, SEG, ALL, -1)).toBe(1);
  });
  it("goes to the next focus request, skipping other tasks", () => {
    expect(nextFocusRequest(2, SEG, ALL)).toBe(6);
    expect(nextFocusRequest(6, SEG, ALL)).toBe(8);
    expect(nextFocusRequest(8, SEG, ALL)).toBe(8);
  });
  it("lands on the first shown step of a request when a filter is on", () => {
    expect(requestMove(1, SEG, [3, 7], 1)).toBe(7);
    expect(nextFocusRequest(1, SEG, [5, 9])).toBe(9);
  });
});

describe("nearestShown", () => {
  it("finds the closest shown step, preferring the earlier on a tie", () => {
    expect(nearestShown(5, [2, 8])).toBe(2);
    expect(nearestShown(6, [2, 8])).toBe(8);
    expect(nearestShown(9, [2, 8])).toBe(8);
    expect(nearestShown(1, [2, 8])).toBe(2);
    expect(nearestShown(4, [])).toBeNull();
  });
});
