// The requirement ledger as the judge of the state-loss detector's final state (detect-state-loss.ts,
// DetectorInput.ledger), through the page's own analysis (analyze.ts: ledger first, then the detectors).
// Hand-made trajectories; the working is in each test's comment.
import { describe, expect, it } from "vitest";
import { analyzeTrajectory } from "./analyze";
import { readTrajectory } from "./chain";
import { detectRequirementStateLoss } from "./detect-state-loss";
import { ledgerFacts, requirementLedger } from "./ledger";
import { segmentSteps } from "./segment";
import type { VerdictTest } from "./verdict-test";
import { agent, bash, edit, schedule, user } from "./testing";

const WS = { "/work/w00": "F", "/work/w01": "B" };
const PLAN = schedule([
  { task: "F", stage: 1, workspace: "/work/w00" },
  { task: "B", stage: 1, workspace: "/work/w01" },
  { task: "F", stage: 2, workspace: "/work/w00" },
  { task: "F", stage: "submit", workspace: "/work/w00" },
]);
const F = "/work/w00/src/opt.py";
const BASE = "def resolve(self, value):\n    return value";
const S1 = "def resolve(self, value):\n    if value is None:\n        value = self.literal_default\n    return value";
const S2_DROPS = "def resolve(self, value):\n    if callable(value):\n        value = value()\n    return value";
const S2_KEEPS =
  "def resolve(self, value):\n    if value is None:\n        value = self.literal_default\n    if callable(value):\n        value = value()\n    return value";
const VERDICT: VerdictTest[] = [
  { testId: "t::literal", kind: "F2P", stage: 1, status: "failed" },
  { testId: "t::callable", kind: "F2P", stage: 2, status: "passed" },
];

// Steps: 1 F1, 2 stage-1 edit, 3 B1, 4 B's step, 5 F2, 6.. stage-2 steps, then the finalization.
function trajectory(
  interruption: [string, Record<string, unknown>, string][],
  stage2: [string, Record<string, unknown>, string][][],
) {
  return readTrajectory({
    schema_version: "ATIF-v1.6",
    agent: { name: "test" },
    steps: [
      user("[workspace /work/w00] F1"),
      agent("a", [edit(F, BASE, S1)]),
      user("[workspace /work/w01] B1"),
      agent("b", interruption),
      user("[workspace /work/w00] F2"),
      ...stage2.map((calls, i) => agent(`c${i}`, calls)),
      user("[workspace /work/w00] submit"),
      agent("d"),
    ].map((s, i) => ({ step_id: i + 1, ...s })),
  });
}

function analyse(t: ReturnType<typeof trajectory>, stages: number[] | undefined) {
  const a = analyzeTrajectory(t, {
    schedule: PLAN,
    focusTaskId: "F",
    workspaces: WS,
    verdict: VERDICT,
    annotations: [],
    ...(stages ? { stages } : {}),
  });
  return {
    ledger: a.ledger?.map((r) => [r.stage, r.status, r.lines]),
    rsl: a.tags
      .filter((x) => x.signature === "requirement_state_loss" && x.strength === "strong")
      .map((x) => [x.steps, x.reasons.map((r) => r.kind)]),
  };
}

describe("the state-loss detector judged by the requirement ledger", () => {
  it("a ledger 'lost' stage makes a tag: stage-1 lines thrown away during an interruption", () => {
    // Step 4 (B's request) runs `git checkout -- src/opt.py` in the focus checkout: both stage-1 lines (added
    // at step 2) are gone and nothing writes them back; stage 2 (step 6) adds its own lines beside BASE. No
    // focus edit removed them, so the trace alone finds no removal to tag; the ledger calls stage 1 lost at 4.
    const t = trajectory([bash("cd /work/w00 && git checkout -- src/opt.py")], [[edit(F, BASE, S2_DROPS)]]);
    expect(analyse(t, undefined)).toEqual({ ledger: undefined, rsl: [] });
    expect(analyse(t, [1, 2])).toEqual({
      ledger: [
        [1, "lost", "reverted"],
        [2, "kept", "kept"],
      ],
      rsl: [
        [
          [2, 4],
          ["earlier-stage-lines", "ledger-lost"],
        ],
      ],
    });
  });

  it("a ledger 'kept' after a restore makes none, and agrees with the trace", () => {
    // Step 6 (stage 2) drops both stage-1 lines; step 7 (stage 2) writes them back: the ledger gives them back
    // to stage 1 (kept, all lines present), and neither the ledger nor the detector calls it a loss.
    const t = trajectory([], [[edit(F, S1, S2_DROPS)], [edit(F, S2_DROPS, S2_KEEPS)]]);
    expect(analyse(t, [1, 2])).toEqual({
      ledger: [
        [1, "kept", "kept"],
        [2, "kept", "kept"],
      ],
      rsl: [],
    });
    // Without the restore, both say stage 1 is lost at step 6.
    const lost = trajectory([], [[edit(F, S1, S2_DROPS)]]);
    expect(analyse(lost, [1, 2])).toEqual({
      ledger: [
        [1, "lost", "reverted"],
        [2, "kept", "kept"],
      ],
      rsl: [
        [
          [2, 6],
          ["earlier-stage-lines", "dropped-requirement"],
        ],
      ],
    });
  });

  it("a stage the ledger keeps is not tagged on one removal: only a changelog line dropped", () => {
    // Stage 1 (step 2) adds code and, at the same step, a changelog line; step 6 (stage 2) rewrites the changelog
    // without it. The ledger does not track documentation, so stage 1 is kept; the trace alone would tag it.
    const CHANGES = "/work/w00/CHANGES.rst";
    const t = readTrajectory({
      schema_version: "ATIF-v1.6",
      agent: { name: "test" },
      steps: [
        user("[workspace /work/w00] F1"),
        agent("a", [edit(F, BASE, S1), edit(CHANGES, "Unreleased", "Unreleased\n- Keep the literal default.")]),
        user("[workspace /work/w01] B1"),
        agent("b"),
        user("[workspace /work/w00] F2"),
        agent("c", [edit(CHANGES, "Unreleased\n- Keep the literal default.", "Unreleased\n- Call callable defaults.")]),
        user("[workspace /work/w00] submit"),
        agent("d"),
      ].map((s, i) => ({ step_id: i + 1, ...s })),
    });
    const input = {
      steps: t.steps,
      segmentation: segmentSteps(t.steps, PLAN),
      focusTaskId: "F",
      workspaces: WS,
      verdict: VERDICT,
    };
    expect(detectRequirementStateLoss(input).filter((x) => x.strength === "strong")).toHaveLength(1);
    const ledger = ledgerFacts(requirementLedger({ ...input, schedule: PLAN, stages: [1, 2] }));
    expect(ledger.map((f) => [f.stage, f.status])).toEqual([
      [1, "kept"],
      [2, "never_implemented"],
    ]);
    expect(detectRequirementStateLoss({ ...input, ledger }).filter((x) => x.strength === "strong")).toEqual([]);
  });
});
