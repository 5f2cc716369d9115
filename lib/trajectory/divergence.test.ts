// First divergence on hand-made steps and on the comparecalc trajectories (EXPECTED.md, "Trajectories").
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { alignRequests } from "./align";
import { readTrajectory } from "./chain";
import {
  actionKeys,
  actionsByPosition,
  compareFocus,
  requestActions,
  stageTests,
  type SideEvidence,
} from "./divergence";
import { segmentSteps } from "./segment";
import type { VerdictTest } from "./verdict-test";
import { agent, bash, edit, schedule, steps, user } from "./testing";

const W0 = "/work/w00";
const PLAN_U = schedule([
  { task: "N1", stage: 1, workspace: W0 },
  { task: "N1", stage: 2, workspace: W0 },
  { task: "N1", stage: "submit", workspace: W0 },
]);
const PLAN_S = schedule([
  { task: "N1", stage: 1, workspace: W0 },
  { task: "WI1", stage: 1, workspace: "/work/w01" },
  { task: "WI2", stage: 1, workspace: "/work/w02" },
  { task: "N1", stage: 2, workspace: W0 },
  { task: "WI3", stage: 1, workspace: "/work/w03" },
  { task: "WI4", stage: 1, workspace: "/work/w04" },
  { task: "N1", stage: "submit", workspace: W0 },
]);

describe("actionKeys", () => {
  it("names what a call did whatever the harness calls the tool", () => {
    const call = (name: string, args: unknown) => ({ id: "x", name, args });
    expect(actionKeys(call("bash", { command: "git  -C /work/w00\n diff" }))).toEqual(
      actionKeys(call("shell", { command: ["bash", "-lc", "git -C /work/w00 diff"] })),
    );
    expect(actionKeys(call("Edit", { file_path: "a.py", old_string: "x", new_string: "y" }))).toEqual(
      actionKeys(call("replace", { file_path: "a.py", old_string: "x", new_string: "y" })),
    );
    expect(actionKeys(call("edit", { file_path: "a.py", old_string: "x", new_string: "y" }))).not.toEqual(
      actionKeys(call("edit", { file_path: "a.py", old_string: "x", new_string: "z" })),
    );
    expect(actionKeys(call("Search", { b: 1, a: [2, { d: 3, c: 4 }] }))).toEqual(
      actionKeys(call("search", { a: [2, { c: 4, d: 3 }], b: 1 })),
    );
    expect(
      actionKeys(
        call("apply_patch", {
          input: "*** Begin Patch\n*** Update File: a.py\n-x\n+y\n*** Update File: b.py\n+z\n*** End Patch",
        }),
      ),
    ).toHaveLength(2);
  });

  it("takes a request's actions from its agent steps only, replayed context left out", () => {
    const s = steps([
      user("[workspace /work/w00] N1 1"),
      agent("a", [bash("ls"), edit("a.py", "1", "2")]),
      {
        source: "agent",
        message: "old",
        is_copied_context: true,
        tool_calls: [{ tool_call_id: "z", function_name: "bash", arguments: { command: "rm -rf /" } }],
      },
    ]);
    const seg = segmentSteps(s, null).segments[0]!;
    expect(requestActions(s, seg)).toEqual(["run ls", `edit a.py ${JSON.stringify(["1", "2"])}`]);
  });
});

describe("stageTests", () => {
  it("picks a stage's F2P tests, and for finalization the tests no stage justifies", () => {
    const v: VerdictTest[] = [
      { testId: "t1", kind: "F2P", stage: 1, status: "passed" },
      { testId: "t2", kind: "F2P", stage: 2, status: "failed" },
      { testId: "p", kind: "P2P", stage: null, status: "passed" },
    ];
    expect([...stageTests(v, 2)]).toEqual([["t2", "failed"]]);
    expect([...stageTests(v, null)]).toEqual([["p", "passed"]]);
  });
});

describe("compareFocus on hand-made steps", () => {
  const unint = steps([
    user("[workspace /work/w00] N1 1"),
    agent("a", [edit("n1.py", "0", "1")]),
    user("[workspace /work/w00] N1 2"),
    agent("b", [edit("n1.py", "1", "2")]),
    user("[workspace /work/w00] submit"),
    agent("c", [bash("git diff")]),
  ]);
  const ev = (
    s: ReturnType<typeof steps> | null,
    plan: typeof PLAN_U,
    verdict: VerdictTest[] | null,
  ): SideEvidence => ({
    actions: s ? actionsByPosition(s, segmentSteps(s, plan).segments) : null,
    verdict,
  });
  const pass: VerdictTest[] = [
    { testId: "t1", kind: "F2P", stage: 1, status: "passed" },
    { testId: "t2", kind: "F2P", stage: 2, status: "passed" },
  ];

  it("finds the first focus request whose actions differ and names the differing action", () => {
    const other = steps([
      user("[workspace /work/w00] N1 1"),
      agent("a", [edit("n1.py", "0", "1")]),
      user("[workspace /work/w00] N1 2"),
      agent("b", [bash("pytest"), edit("n1.py", "1", "3")]),
      user("[workspace /work/w00] submit"),
      agent("c", [bash("git diff")]),
    ]);
    const d = compareFocus(alignRequests(PLAN_U, PLAN_U), ev(unint, PLAN_U, pass), ev(other, PLAN_U, pass));
    expect([d.first, d.firstAction, d.firstTests]).toEqual([1, 1, null]);
    expect(d.focus[1]).toMatchObject({
      actions: "differ",
      actionIndex: 0,
      leftAction: `edit n1.py ${JSON.stringify(["1", "2"])}`,
      rightAction: "run pytest",
      leftCount: 1,
      rightCount: 2,
      tests: "same",
    });
    expect(d.focus.map((c) => c.actions)).toEqual(["same", "differ", "same"]);
  });

  it("diverges on a stage's tests alone when the actions agree", () => {
    const failed = pass.map((t) => (t.testId === "t2" ? { ...t, status: "failed" } : t));
    const d = compareFocus(alignRequests(PLAN_U, PLAN_U), ev(unint, PLAN_U, pass), ev(unint, PLAN_U, failed));
    expect([d.first, d.firstAction, d.firstTests]).toEqual([1, null, 1]);
    expect(d.focus[1]!.testDiffs).toEqual([{ testId: "t2", left: "passed", right: "failed" }]);
  });

  it("cannot compare actions without a trajectory, and counts a request that never ran as no actions", () => {
    const d = compareFocus(alignRequests(PLAN_U, PLAN_U), ev(unint, PLAN_U, pass), ev(null, PLAN_U, pass));
    expect(d.focus.map((c) => c.actions)).toEqual(["unknown", "unknown", "unknown"]);
    expect(d.first).toBeNull();
    const early = steps([user("[workspace /work/w00] N1 1"), agent("a", [edit("n1.py", "0", "1")])]);
    const e = compareFocus(alignRequests(PLAN_U, PLAN_U), ev(unint, PLAN_U, null), ev(early, PLAN_U, null));
    expect(e.focus.map((c) => [c.actions, c.tests])).toEqual([
      ["same", "unknown"],
      ["differ", "unknown"],
      ["differ", "unknown"],
    ]);
    expect(e.focus[1]).toMatchObject({ actionIndex: 0, rightAction: null, rightCount: 0 });
  });
});

describe("compareFocus on the comparecalc trajectories", () => {
  const DIR = "e2e/fixtures/releases/comparecalc/trajectories";
  const side = (run: string, plan: typeof PLAN_U, failed: string[]): SideEvidence => {
    const t = readTrajectory(JSON.parse(readFileSync(`${DIR}/${run}.json`, "utf8")) as unknown);
    const seg = segmentSteps(t.steps, plan);
    expect(seg.mismatches).toEqual([]);
    const status = (id: string) => (failed.includes(id) ? "failed" : "passed");
    const verdict: VerdictTest[] = [
      {
        testId: "tests/test_n1.py::test_stage1",
        kind: "F2P",
        stage: 1,
        status: status("tests/test_n1.py::test_stage1"),
      },
      {
        testId: "tests/test_n1.py::test_stage2",
        kind: "F2P",
        stage: 2,
        status: status("tests/test_n1.py::test_stage2"),
      },
      { testId: "tests/test_n1.py::test_existing", kind: "P2P", stage: null, status: "passed" },
    ];
    return { actions: actionsByPosition(t.steps, seg.segments), verdict };
  };
  const annaU = () => side("anna.u-N1", PLAN_U, []);
  const annaS = () => side("anna.s-N1", PLAN_S, []);
  const bertU = () => side("bert.u-N1", PLAN_U, []);
  const bertS = () => side("bert.s-N1", PLAN_S, ["tests/test_n1.py::test_stage1"]);

  it("anna vs bert switched: tests diverge at focus request 0, actions at focus request 1 (position 3)", () => {
    const d = compareFocus(alignRequests(PLAN_S, PLAN_S), annaS(), bertS());
    expect([d.first, d.firstTests, d.firstAction]).toEqual([0, 0, 1]);
    expect(d.focus.map((c) => [c.left, c.right, c.actions, c.tests])).toEqual([
      [0, 0, "same", "differ"],
      [3, 3, "differ", "same"],
      [6, 6, "same", "same"],
    ]);
    expect(d.focus[0]!.testDiffs).toEqual([
      { testId: "tests/test_n1.py::test_stage1", left: "passed", right: "failed" },
    ]);
    expect(d.focus[1]!.rightAction).toContain("return 2");
  });

  it("bert uninterrupted vs switched: the same, with positions 1 and 3 facing", () => {
    const d = compareFocus(alignRequests(PLAN_U, PLAN_S), bertU(), bertS());
    expect([d.first, d.firstAction]).toEqual([0, 1]);
    expect(d.focus.map((c) => [c.left, c.right])).toEqual([
      [0, 0],
      [1, 3],
      [2, 6],
    ]);
  });

  it("anna uninterrupted vs switched: no divergence", () => {
    const d = compareFocus(alignRequests(PLAN_U, PLAN_S), annaU(), annaS());
    expect([d.first, d.firstAction, d.firstTests]).toEqual([null, null, null]);
    expect(d.focus.every((c) => c.actions === "same" && c.tests === "same")).toBe(true);
  });
});
