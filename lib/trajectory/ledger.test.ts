import { describe, expect, it } from "vitest";
import { detectRequirementStateLoss } from "./detect-state-loss";
import { ledgerFacts, requirementLedger } from "./ledger";
import { segmentSteps } from "./segment";
import type { VerdictTest } from "./verdict-test";
import { agent, edit, schedule, steps, user } from "./testing";

// Focus F has three stages in checkout /work/w00; B is an interruption in /work/w01. Stage 3's request
// never runs (the run ended early), so stage 3 is "never implemented" whatever the verdict says.
const WS = { "/work/w00": "F", "/work/w01": "B" };
const PLAN = schedule(
  [
    { task: "F", stage: 1, workspace: "/work/w00" },
    { task: "B", stage: 1, workspace: "/work/w01" },
    { task: "F", stage: 2, workspace: "/work/w00" },
    { task: "F", stage: 3, workspace: "/work/w00", ran: false },
    { task: "F", stage: "submit", workspace: "/work/w00", ran: false },
  ],
  "F",
);

const BASE = "def resolve(self, value):\n    return value";
const S1 = "def resolve(self, value):\n    if value is None:\n        value = self.literal_default\n    return value";
// Stage 2 rewrites the function and drops both stage-1 lines (the paper's E.2 shape).
const S2_DROPS = "def resolve(self, value):\n    if callable(value):\n        value = value()\n    return value";
// Stage 2 keeps `value = self.literal_default` but rewrites its guard.
const S2_MODIFIES =
  "def resolve(self, value):\n    if value in (None, ''):\n        value = self.literal_default\n    if callable(value):\n        value = value()\n    return value";
const S2_KEEPS =
  "def resolve(self, value):\n    if value is None:\n        value = self.literal_default\n    if callable(value):\n        value = value()\n    return value";

const verdict = (s1: string, s2: string): VerdictTest[] => [
  { testId: "t::literal_a", kind: "F2P", stage: 1, status: s1 },
  { testId: "t::literal_b", kind: "F2P", stage: 1, status: "passed" },
  { testId: "t::callable", kind: "F2P", stage: 2, status: s2 },
  { testId: "t::later", kind: "F2P", stage: 3, status: "failed" },
  { testId: "t::old", kind: "P2P", stage: null, status: "passed" },
];

function ledger(stage2: string, v: VerdictTest[] | null) {
  const s = steps([
    user("[workspace /work/w00] F1"),
    agent("a", [edit("/work/w00/src/opt.py", BASE, S1)]),
    user("[workspace /work/w01] B1"),
    agent("b", [edit("/work/w01/src/opt.py", BASE, S1)]),
    user("[workspace /work/w00] F2"),
    agent("c", [edit("src/opt.py", S1, stage2)]),
  ]);
  return requirementLedger({
    steps: s,
    segmentation: segmentSteps(s, PLAN),
    schedule: PLAN,
    focusTaskId: "F",
    stages: [1, 2, 3],
    workspaces: WS,
    verdict: v,
  });
}

describe("requirementLedger", () => {
  it("E.2: stage 1 lost at the step that removed its lines; stage 2 kept; stage 3 never implemented", () => {
    const rows = ledger(S2_DROPS, verdict("failed", "passed"));
    expect(rows.map((r) => [r.stage, r.status, r.lines])).toEqual([
      [1, "lost", "reverted"],
      [2, "kept", "kept"],
      [3, "never_implemented", null],
    ]);
    const [s1, s2, s3] = rows;
    // Steps: 1 user F1, 2 agent (stage-1 edit), 3 user B1, 4 agent (edit in w01: not the focus checkout),
    // 5 user F2, 6 agent (relative path, resolved against the active focus checkout).
    expect(s1!.requests).toEqual([{ position: 0, step: 1, ran: true }]);
    expect(s1!.edits).toEqual([{ step: 2, position: 0, path: "src/opt.py", added: 2 }]);
    expect(s1!.changes).toEqual([
      {
        step: 6,
        position: 2,
        taskId: "F",
        stage: 2,
        path: "src/opt.py",
        removed: ["if value is None:", "value = self.literal_default"],
        kind: "reverted",
      },
    ]);
    expect(s1!.tests).toEqual({ passed: 1, total: 2, notRun: 0 });
    expect(s1!.reason).toBe("Step 6 removed the last of the lines this stage's edits added.");
    // Stage 2 added `if callable(value):` and `value = value()` (8+ chars with a letter: both significant).
    expect(s2!.edits).toEqual([{ step: 6, position: 2, path: "src/opt.py", added: 2 }]);
    expect(s2!.tests).toEqual({ passed: 1, total: 1, notRun: 0 });
    expect(s3!.reason).toBe("The stage's request never ran.");
    expect(s3!.requests).toEqual([{ position: 3, step: null, ran: false }]);
  });

  it("modified lines: kept while the stage's tests pass, lost when they fail", () => {
    const passing = ledger(S2_MODIFIES, verdict("passed", "passed"))[0]!;
    expect([passing.status, passing.lines, passing.changes.map((c) => [c.kind, c.removed])]).toEqual([
      "kept",
      "modified",
      [["modified", ["if value is None:"]]],
    ]);
    const failing = ledger(S2_MODIFIES, verdict("failed", "passed"))[0]!;
    expect([failing.status, failing.lines]).toEqual(["lost", "modified"]);
    expect(failing.reason).toBe(
      "Later edits removed some of this stage's lines (last at step 6) and the final verdict fails its F2P tests.",
    );
  });

  it("does not track changelog and documentation lines", () => {
    const s = steps([
      user("[workspace /work/w00] F1"),
      agent("a", [
        edit("/work/w00/src/opt.py", BASE, S1),
        edit("/work/w00/CHANGES.rst", "Unreleased", "Unreleased\n-   Keep the literal default."),
      ]),
      user("[workspace /work/w01] B1"),
      agent("b"),
      user("[workspace /work/w00] F2"),
      agent("c", [edit("src/opt.py", S1, S2_DROPS)]),
    ]);
    const [s1] = requirementLedger({
      steps: s,
      segmentation: segmentSteps(s, PLAN),
      schedule: PLAN,
      focusTaskId: "F",
      stages: [1, 2, 3],
      workspaces: WS,
      verdict: null,
    });
    // The changelog line survives, yet the stage's code is gone: reverted, lost (no verdict needed).
    expect([s1!.status, s1!.lines, s1!.edits.map((e) => e.path)]).toEqual(["lost", "reverted", ["src/opt.py"]]);
  });

  it("kept lines stay kept, and without a verdict the tests are unknown", () => {
    const rows = ledger(S2_KEEPS, null);
    expect(rows.map((r) => r.status)).toEqual(["kept", "kept", "never_implemented"]);
    expect(rows[0]!.changes).toEqual([]);
    expect(rows[0]!.tests).toBeNull();
  });

  it("unknown for every stage without a trajectory, the requests and tests still listed", () => {
    const rows = requirementLedger({
      steps: null,
      segmentation: null,
      schedule: PLAN,
      focusTaskId: "F",
      stages: [1, 2, 3],
      workspaces: WS,
      verdict: verdict("failed", "passed"),
    });
    expect(rows.map((r) => r.status)).toEqual(["unknown", "unknown", "unknown"]);
    expect(rows[1]!.requests).toEqual([{ position: 2, step: null, ran: true }]);
    expect(rows[0]!.tests).toEqual({ passed: 1, total: 2, notRun: 0 });
  });

  it("gives flat facts for the detector", () => {
    expect(ledgerFacts(ledger(S2_DROPS, verdict("failed", "passed")))).toEqual([
      {
        stage: 1,
        status: "lost",
        lines: "reverted",
        edit_steps: "2",
        change_steps: "6",
        lost_at_step: 6,
        f2p_passed: 1,
        f2p_total: 2,
      },
      {
        stage: 2,
        status: "kept",
        lines: "kept",
        edit_steps: "6",
        change_steps: "",
        lost_at_step: null,
        f2p_passed: 1,
        f2p_total: 1,
      },
      {
        stage: 3,
        status: "never_implemented",
        lines: null,
        edit_steps: "",
        change_steps: "",
        lost_at_step: null,
        f2p_passed: 0,
        f2p_total: 1,
      },
    ]);
  });
});

describe("requirementLedger follows an amended line (line-replay.ts `amend` events)", () => {
  // F's stage 1 makes `size()` call `compute()`; stage 2 bounds it, then (in a second edit) drops it. B is an
  // interruption that edits nothing. Steps: 1 F1, 2 stage-1 edit, 3 B1, 4 B's step, 5 F2, 6 the bounding edit,
  // 7 the dropping edit (when present), then the finalization request and its step.
  const plan = schedule([
    { task: "F", stage: 1, workspace: "/work/w00" },
    { task: "B", stage: 1, workspace: "/work/w01" },
    { task: "F", stage: 2, workspace: "/work/w00" },
    { task: "F", stage: "submit", workspace: "/work/w00" },
  ]);
  const file = "/work/w00/src/size.py";
  const base = "def size(self, width):\n    return width";
  const s1 = "def size(self, width):\n    return compute(width)";
  const bounded = "def size(self, width):\n    return min(compute(width), self.limit)";
  const dropped = "def size(self, width):\n    return self.limit";
  const failing: VerdictTest[] = [
    { testId: "t::compute", kind: "F2P", stage: 1, status: "failed" },
    { testId: "t::limit", kind: "F2P", stage: 2, status: "passed" },
  ];
  const input = (stage2: [string, Record<string, unknown>, string][]) => {
    const s = steps([
      user("[workspace /work/w00] F1"),
      agent("a", [edit(file, base, s1)]),
      user("[workspace /work/w01] B1"),
      agent("b"),
      user("[workspace /work/w00] F2"),
      ...stage2.map((call, i) => agent(`c${i}`, [call])),
      user("[workspace /work/w00] submit"),
      agent("d"),
    ]);
    const common = { steps: s, segmentation: segmentSteps(s, plan), focusTaskId: "F", workspaces: WS };
    const rows = requirementLedger({ ...common, schedule: plan, stages: [1, 2], verdict: failing });
    return { common, rows };
  };

  it("a stage-1 line rewritten into a longer form of itself is still stage 1's: kept, with no change", () => {
    // `return compute(width)` → `return min(compute(width), self.limit)` keeps every token of the line, in order,
    // and adds no negation: an amendment. Stage 1's one line lives on under its new text, so nothing of it was
    // removed (no change) and its lines are kept, though its F2P test fails. Stage 2 added no line of its own
    // (its one new line is the amended one), so it is never implemented.
    const { rows } = input([edit(file, s1, bounded)]);
    expect(rows.map((r) => [r.stage, r.status, r.lines, r.changes.length])).toEqual([
      [1, "kept", "kept", 0],
      [2, "never_implemented", null, 0],
    ]);
  });

  it("a later removal of the amended line is stage 1's loss, at the removing step", () => {
    // Step 7 removes `return min(compute(width), self.limit)`, the amended text of stage 1's only line: stage 1
    // has none of its lines left (reverted), its F2P test fails, so it is lost at step 7. Were the amendment not
    // followed, the removal would name a line stage 1 never had, and stage 1 would look kept. Step 7's own line,
    // `return self.limit`, is stage 2's: kept.
    const { common, rows } = input([edit(file, s1, bounded), edit(file, bounded, dropped)]);
    expect(rows.map((r) => [r.stage, r.status, r.lines])).toEqual([
      [1, "lost", "reverted"],
      [2, "kept", "kept"],
    ]);
    const facts = ledgerFacts(rows);
    expect(facts[0]).toMatchObject({ edit_steps: "2", change_steps: "7", lost_at_step: 7 });
    // The detector, judged by that ledger, tags the removal: stage 1's edit (step 2) and the removal (step 7).
    const tags = detectRequirementStateLoss({ ...common, verdict: failing, ledger: facts });
    expect(tags.map((t) => [t.strength, t.steps, t.reasons.map((r) => r.kind)])).toEqual([
      ["strong", [2, 7], ["earlier-stage-lines", "dropped-requirement"]],
    ]);
  });
});
