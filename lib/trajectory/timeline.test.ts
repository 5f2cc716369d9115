import { describe, expect, it } from "vitest";
import { StepRows } from "./packed-rows";
import { stepRow } from "./rows";
import { segmentSteps } from "./segment";
import { agent, schedule, steps, user } from "./testing";
import { timelineLayout } from "./timeline";

const PLAN = schedule([
  { task: "F", stage: 1, workspace: "/work/w00" },
  { task: "B", stage: 1, workspace: "/work/w01" },
  { task: "F", stage: 2, workspace: "/work/w00" },
  { task: "F", stage: "submit", workspace: "/work/w00", ran: false },
]);
// Warm-up step, then request 0 (3 steps, 330 tokens), request 1 (2 steps, 110), request 2 (2 steps, 110).
const S = steps([
  agent("warm-up", [], {}),
  user("F1"),
  agent("a"),
  agent("b"),
  user("B1"),
  agent("c"),
  user("F2"),
  agent("d"),
]);
const SEG = segmentSteps(S, PLAN);
const input = {
  segments: SEG.segments,
  rows: StepRows.of(S.map(stepRow)),
  requests: PLAN,
  workspaces: { "/work/w01": "B", "/work/w00": "F" },
  focusTaskId: "F",
  tags: [
    {
      id: "t",
      signature: "requirement_state_loss" as const,
      position: 2,
      steps: [3, 8],
      note: "",
      author: { kind: "detector" as const },
      origin: "detector" as const,
      strength: "strong" as const,
      reasons: [],
    },
  ],
  mismatchPositions: new Set([1]),
};

describe("timelineLayout", () => {
  it("puts the focus checkout first and one block per scheduled request, in order", () => {
    const { lanes, blocks } = timelineLayout({ ...input, size: "steps" });
    expect(lanes.map((l) => [l.key, l.focus])).toEqual([
      ["/work/w00", true],
      ["/work/w01", false],
      ["(no request)", false],
    ]);
    expect(blocks.map((b) => [b.position, b.lane, b.steps, b.first, b.ran])).toEqual([
      [null, 2, 1, 1, true],
      [0, 0, 3, 2, true],
      [1, 1, 2, 5, true],
      [2, 0, 2, 7, true],
      [3, 0, 0, null, false],
    ]);
    expect(blocks.map((b) => [b.focusReturn, b.workspaceSwitch, b.mismatch])).toEqual([
      [false, false, false],
      [false, false, false],
      [false, true, true],
      [true, true, false],
      [false, false, false],
    ]);
    expect(blocks[1]!.signatures).toEqual(["requirement_state_loss"]);
    expect(blocks[3]!.signatures).toEqual(["requirement_state_loss"]);
  });

  it("sizes blocks by steps or by tokens, keeping a sliver for requests that never ran", () => {
    const bySteps = timelineLayout({ ...input, size: "steps" }).blocks;
    const byTokens = timelineLayout({ ...input, size: "tokens" }).blocks;
    // 8 steps: the not-run block gets 0.4 % of 8 = 0.032 steps; widths are shares of 8.032.
    expect(bySteps[1]!.width).toBeCloseTo((3 / 8.032) * 100, 6);
    // Tokens: warm-up 0, requests 220, 110, 110 (user steps have none): 440; min share 1.76.
    expect(byTokens[1]!.width).toBeCloseTo((220 / (1.76 + 220 + 110 + 110 + 1.76)) * 100, 6);
    expect(byTokens.reduce((a, b) => a + b.width, 0)).toBeCloseTo(100, 9);
    expect(byTokens[2]!.left).toBeCloseTo(byTokens[1]!.left + byTokens[1]!.width, 9);
  });
});
