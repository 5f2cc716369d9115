import { describe, expect, it } from "vitest";
import { alignRequests, rowOfPosition } from "./align";
import { schedule } from "./testing";

const W0 = "/work/w00";
const unint = schedule([
  { task: "N1", stage: 1, workspace: W0 },
  { task: "N1", stage: 2, workspace: W0 },
  { task: "N1", stage: "submit", workspace: W0 },
]);
const switched = schedule([
  { task: "N1", stage: 1, workspace: W0 },
  { task: "I1", stage: 1, workspace: "/work/w01" },
  { task: "I2", stage: 1, workspace: "/work/w02" },
  { task: "N1", stage: 2, workspace: W0 },
  { task: "I3", stage: 1, workspace: "/work/w03" },
  { task: "I4", stage: 1, workspace: "/work/w04" },
  { task: "N1", stage: "submit", workspace: W0 },
]);

const brief = (rows: ReturnType<typeof alignRequests>) =>
  rows.map((r) =>
    r.kind === "focus"
      ? `F${r.k}:${r.left}|${r.right}${r.mismatch ? "!" : ""}`
      : `B:${r.left.join(",")}|${r.right.join(",")}`,
  );

describe("alignRequests", () => {
  it("puts uninterrupted focus request k beside switched focus request k, interruptions in bands on the switched side", () => {
    const rows = alignRequests(unint, switched);
    expect(brief(rows)).toEqual(["F0:0|0", "B:|1,2", "F1:1|3", "B:|4,5", "F2:2|6"]);
    expect(
      rows.filter((r) => r.kind === "focus").map((r) => (r.kind === "focus" ? [r.stage, r.isSubmit] : null)),
    ).toEqual([
      [1, false],
      [2, false],
      [null, true],
    ]);
  });

  it("faces two switched runs of one session position by position", () => {
    expect(brief(alignRequests(switched, switched))).toEqual(["F0:0|0", "B:1,2|1,2", "F1:3|3", "B:4,5|4,5", "F2:6|6"]);
  });

  it("keeps a side's extra focus requests and trailing work, and flags stages that disagree", () => {
    const short = schedule(
      [
        { task: "X", stage: 1, workspace: "/work/w01" },
        { task: "N1", stage: 1, workspace: W0 },
        { task: "N1", stage: 3, workspace: W0 },
        { task: "X", stage: 2, workspace: "/work/w01" },
      ],
      "N1",
    );
    expect(brief(alignRequests(short, unint))).toEqual(["B:0|", "F0:1|0", "F1:2|1!", "B:3|", "F2:null|2"]);
  });

  it("finds the row of a position on either side", () => {
    const rows = alignRequests(unint, switched);
    expect([
      rowOfPosition(rows, "right", 3),
      rowOfPosition(rows, "right", 5),
      rowOfPosition(rows, "left", 2),
      rowOfPosition(rows, "left", 9),
    ]).toEqual([2, 3, 4, -1]);
  });
});
