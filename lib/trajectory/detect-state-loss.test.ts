import { describe, expect, it } from "vitest";
import { detectRequirementStateLoss } from "./detect-state-loss";
import { segmentSteps } from "./segment";
import type { VerdictTest } from "./verdict-test";
import { agent, applyPatch, bash, codexShell, edit, schedule, steps, user, write } from "./testing";

const WS = { "/work/w00": "F", "/work/w01": "B" };
const PLAN = schedule([
  { task: "F", stage: 1, workspace: "/work/w00" },
  { task: "B", stage: 1, workspace: "/work/w01" },
  { task: "F", stage: 2, workspace: "/work/w00" },
  { task: "F", stage: "submit", workspace: "/work/w00" },
]);

const BASE = "def resolve(self, value):\n    return value";
const STAGE1 =
  "def resolve(self, value):\n    if value is None:\n        value = self.literal_default\n    return value";
const STAGE2_KEEPS =
  "def resolve(self, value):\n    if value is None:\n        value = self.literal_default\n    if callable(value):\n        value = value()\n    return value";
const STAGE2_DROPS = "def resolve(self, value):\n    if callable(value):\n        value = value()\n    return value";

const verdict = (stage1: string, stage2: string): VerdictTest[] => [
  { testId: "t::literal", kind: "F2P", stage: 1, status: stage1 },
  { testId: "t::callable", kind: "F2P", stage: 2, status: stage2 },
  { testId: "t::old", kind: "P2P", stage: null, status: "passed" },
];

function run(stage2: string, v: VerdictTest[] | null, otherEdit?: string) {
  const s = steps([
    user("[workspace /work/w00] F1"),
    agent("a", [edit("/work/w00/src/opt.py", BASE, STAGE1)]),
    user("[workspace /work/w01] B1"),
    agent("b", otherEdit ? [edit("/work/w01/src/opt.py", STAGE1, otherEdit)] : []),
    user("[workspace /work/w00] F2"),
    agent("c", [edit("/work/w00/src/opt.py", STAGE1, stage2)]),
    user("[workspace /work/w00] submit"),
    agent("d"),
  ]);
  return detectRequirementStateLoss({
    steps: s,
    segmentation: segmentSteps(s, PLAN),
    focusTaskId: "F",
    workspaces: WS,
    verdict: v,
  });
}

describe("detectRequirementStateLoss", () => {
  it("tags a later-stage edit that removes the earlier stage's lines, citing the verdict (E.2)", () => {
    const tags = run(STAGE2_DROPS, verdict("failed", "passed"));
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({
      signature: "requirement_state_loss",
      position: 2,
      steps: [2, 6],
      strength: "strong",
      author: { kind: "detector" },
    });
    expect(tags[0]!.note).toBe(
      "At request 2 (focus stage 2) step 6 removes 2 lines of src/opt.py that step 2 added for stage 1 (request 0): " +
        "`if value is None:` …. The final verdict fails 1 stage-1 F2P test (t::literal).",
    );
  });

  it("tags the removal when there is no verdict; a verdict that passes the stage's every F2P test says it was kept", () => {
    expect(run(STAGE2_DROPS, null).map((t) => t.steps)).toEqual([[2, 6]]);
    expect(run(STAGE2_DROPS, verdict("passed", "passed"))).toEqual([]);
  });

  it("tags nothing when the later stage keeps the earlier lines and the verdict passes", () => {
    expect(run(STAGE2_KEEPS, verdict("passed", "passed"))).toEqual([]);
  });

  it("gives a weak tag for the verdict pattern when later edits rewrote the earlier stage's file", () => {
    const tags = run(STAGE2_KEEPS, verdict("failed", "passed"));
    expect(tags.map((t) => [t.strength, t.steps, t.position])).toEqual([["weak", [2, 6], 2]]);
  });

  it("never tags on the verdict alone, and ignores edits made in another task's checkout", () => {
    const s = steps([
      user("[workspace /work/w00] F1"),
      agent("a", [edit("/work/w00/src/opt.py", BASE, STAGE1)]),
      user("[workspace /work/w01] B1"),
      agent("b"),
      user("[workspace /work/w00] F2"),
      agent("c", [edit("/work/w00/src/other.py", "x = 1", "x = 2")]),
    ]);
    expect(
      detectRequirementStateLoss({
        steps: s,
        segmentation: segmentSteps(s, PLAN),
        focusTaskId: "F",
        workspaces: WS,
        verdict: verdict("failed", "passed"),
      }),
    ).toEqual([]);
    expect(run(STAGE2_KEEPS, verdict("passed", "passed"), STAGE2_DROPS)).toEqual([]);
  });

  it("does not count lines reworked within the same stage", () => {
    const s = steps([
      user("[workspace /work/w00] F1"),
      agent("a", [edit("/work/w00/src/opt.py", BASE, STAGE1)]),
      agent("a2", [edit("/work/w00/src/opt.py", STAGE1, STAGE2_DROPS)]),
    ]);
    expect(
      detectRequirementStateLoss({
        steps: s,
        segmentation: segmentSteps(s, PLAN),
        focusTaskId: "F",
        workspaces: WS,
        verdict: null,
      }),
    ).toEqual([]);
  });

  it("follows whole-file writes: lines missing from the new content are removed", () => {
    const s = steps([
      user("[workspace /work/w00] F1"),
      agent("a", [edit("/work/w00/src/opt.py", BASE, STAGE1)]),
      user("[workspace /work/w01] B1"),
      agent("b"),
      user("[workspace /work/w00] F2"),
      agent("c", [["Write", { file_path: "/work/w00/src/opt.py", content: STAGE2_DROPS }, "ok"]]),
    ]);
    const tags = detectRequirementStateLoss({
      steps: s,
      segmentation: segmentSteps(s, PLAN),
      focusTaskId: "F",
      workspaces: WS,
      verdict: null,
    });
    expect(tags.map((t) => t.steps)).toEqual([[2, 6]]);
  });
});

/** One switched run: stage 1 (steps 1–2), an interruption (3–4), stage 2 (5–…), then the finalization. */
function story(
  stage1: Parameters<typeof agent>[1],
  stage2: Parameters<typeof agent>[1][],
  opts: {
    submit?: Parameters<typeof agent>[1];
    plan?: typeof PLAN;
    finalState?: Parameters<typeof detectRequirementStateLoss>[0]["finalState"];
  } = {},
) {
  const s = steps([
    user("[workspace /work/w00] F1"),
    agent("a", stage1),
    user("[workspace /work/w01] B1"),
    agent("b", [bash("cd /work/w01 && python -m pytest -q")]),
    user("[workspace /work/w00] F2"),
    ...stage2.map((calls, i) => agent(`c${i}`, calls)),
    user("[workspace /work/w00] submit"),
    agent("d", opts.submit ?? []),
  ]);
  return detectRequirementStateLoss({
    steps: s,
    segmentation: segmentSteps(s, opts.plan ?? PLAN),
    focusTaskId: "F",
    workspaces: WS,
    verdict: null,
    ...(opts.finalState ? { finalState: opts.finalState } : {}),
  });
}
const summary = (tags: ReturnType<typeof story>) => tags.map((t) => [t.steps, t.reasons.map((r) => r.kind)]);
const F = "/work/w00/src/opt.py";
const CLAUDE_STAGE1 = [edit(F, BASE, STAGE1)];
const CODEX_STAGE1 = [
  applyPatch(
    `*** Update File: ${F}\n@@\n def resolve(self, value):\n+    if value is None:\n+        value = self.literal_default\n     return value`,
  ),
];

describe("detectRequirementStateLoss: mistake classes (Claude-Code-style and Codex-style calls)", () => {
  it("kinds: an edit that drops the lines, a whole-file overwrite", () => {
    expect(summary(story(CLAUDE_STAGE1, [[edit(F, STAGE1, STAGE2_DROPS)]]))).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "dropped-requirement"],
      ],
    ]);
    expect(summary(story(CLAUDE_STAGE1, [[write(F, STAGE2_DROPS)]]))).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "overwrite"],
      ],
    ]);
    const codexDrop = applyPatch(
      `*** Update File: ${F}\n@@\n def resolve(self, value):\n-    if value is None:\n-        value = self.literal_default\n+    if callable(value):\n+        value = value()\n     return value`,
    );
    expect(summary(story(CODEX_STAGE1, [[codexDrop]]))).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "dropped-requirement"],
      ],
    ]);
  });

  it("shell edits are edits: sed -i (after an earlier cd), heredoc rewrite, git checkout --, cp from a backup, mv, patch", () => {
    // sed in a later call of the same shell: the relative path is the focus checkout's.
    expect(
      summary(story(CLAUDE_STAGE1, [[bash("cd /work/w00")], [bash("sed -i '/if value is None:/,+1d' src/opt.py")]])),
    ).toEqual([
      [
        [2, 7],
        ["earlier-stage-lines", "shell-edit"],
      ],
    ]);
    expect(
      summary(story(CLAUDE_STAGE1, [[bash("sed -i 's/self.literal_default/self.default/' /work/w00/src/opt.py")]])),
    ).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "shell-edit"],
      ],
    ]);
    expect(
      summary(story(CODEX_STAGE1, [[codexShell(`cat > src/opt.py <<'EOF'\n${STAGE2_DROPS}\nEOF`, "/work/w00")]])),
    ).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "shell-edit"],
      ],
    ]);
    expect(
      summary(
        story(CODEX_STAGE1, [[codexShell("git checkout -- src/opt.py", "/work/w00")], [edit(F, BASE, STAGE2_DROPS)]]),
      ),
    ).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "shell-edit"],
      ],
    ]);
    const backedUp = [bash(`cp ${F} /tmp/opt.py.orig`), edit(F, BASE, STAGE1)];
    expect(summary(story(backedUp, [[bash(`cp /tmp/opt.py.orig ${F}`)]]))).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "shell-edit"],
      ],
    ]);
    expect(
      summary(story(CLAUDE_STAGE1, [[bash(`cat > /tmp/new.py <<'EOF'\n${STAGE2_DROPS}\nEOF\nmv /tmp/new.py ${F}`)]])),
    ).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "shell-edit"],
      ],
    ]);
    const diff =
      "--- a/src/opt.py\n+++ b/src/opt.py\n@@ -1,4 +1,2 @@\n def resolve(self, value):\n-    if value is None:\n-        value = self.literal_default\n     return value";
    expect(summary(story(CODEX_STAGE1, [[codexShell(`patch -p1 <<'EOF'\n${diff}\nEOF`, "/work/w00")]]))).toEqual([
      [
        [2, 6],
        ["earlier-stage-lines", "shell-edit"],
      ],
    ]);
  });

  it("a removal at the finalization is a loss too", () => {
    expect(summary(story(CLAUDE_STAGE1, [[]], { submit: [bash("git -C /work/w00 checkout -- src/opt.py")] }))).toEqual([
      [
        [2, 8],
        ["earlier-stage-lines", "shell-edit"],
      ],
    ]);
  });

  it("judges the final state: a removal restored before finalization is no loss", () => {
    expect(story(CLAUDE_STAGE1, [[edit(F, STAGE1, STAGE2_DROPS)], [edit(F, STAGE2_DROPS, STAGE2_KEEPS)]])).toEqual([]);
    expect(
      story(CODEX_STAGE1, [[codexShell("git checkout -- src/opt.py", "/work/w00")]], {
        submit: [edit(F, BASE, STAGE2_KEEPS)],
      }),
    ).toEqual([]);
  });

  it("a refactor that moves the earlier lines, into a helper or another file, is no loss", () => {
    const helper =
      "def _literal(self, value):\n    if value is None:\n        value = self.literal_default\n    return value";
    const moved = [
      write("/work/w00/src/_defaults.py", helper),
      edit(
        F,
        STAGE1,
        "def resolve(self, value):\n    value = _literal(self, value)\n    if callable(value):\n        value = value()\n    return value",
      ),
    ];
    expect(story(CLAUDE_STAGE1, [moved])).toEqual([]);
    const codexMoved = applyPatch(
      `*** Add File: /work/w00/src/_defaults.py\n+def _literal(self, value):\n+    if value is None:\n+        value = self.literal_default\n+    return value\n` +
        `*** Update File: ${F}\n@@\n def resolve(self, value):\n-    if value is None:\n-        value = self.literal_default\n+    value = _literal(self, value)\n     return value`,
    );
    expect(story(CODEX_STAGE1, [[codexMoved]])).toEqual([]);
  });

  it("a later request that asks to replace the earlier behaviour is no loss; a cumulative one is", () => {
    const withText = (text: string) =>
      schedule([
        { task: "F", stage: 1, workspace: "/work/w00", text: "Show literal defaults." },
        { task: "B", stage: 1, workspace: "/work/w01" },
        { task: "F", stage: 2, workspace: "/work/w00", text },
        { task: "F", stage: "submit", workspace: "/work/w00" },
      ]);
    const replacing =
      "Review round 1: the literal-default rule from the first request is superseded; drop that handling and evaluate callables instead.";
    const replacing2 = "Review round 1: replace the earlier None handling with a callable check.";
    const cumulative =
      "Review round 1: keep the old behaviour when `strict` is not passed and raise `ValueError` instead of failing later.";
    expect(story(CLAUDE_STAGE1, [[edit(F, STAGE1, STAGE2_DROPS)]], { plan: withText(replacing) })).toEqual([]);
    expect(
      story(CODEX_STAGE1, [[codexShell(`cat > src/opt.py <<'EOF'\n${STAGE2_DROPS}\nEOF`, "/work/w00")]], {
        plan: withText(replacing2),
      }),
    ).toEqual([]);
    expect(story(CLAUDE_STAGE1, [[edit(F, STAGE1, STAGE2_DROPS)]], { plan: withText(cumulative) })).toHaveLength(1);
  });

  it("takes the final state from a plugged-in source where it can say", () => {
    const keeps = { containsLine: () => true };
    const lacks = { containsLine: (line: string) => (line.includes("literal_default") ? false : null) };
    expect(story(CLAUDE_STAGE1, [[edit(F, STAGE1, STAGE2_DROPS)]], { finalState: keeps })).toEqual([]);
    // The replay sees the lines restored; the source says one of them is not in the final patch.
    const tags = story(CLAUDE_STAGE1, [[edit(F, STAGE1, STAGE2_DROPS)], [edit(F, STAGE2_DROPS, STAGE2_KEEPS)]], {
      finalState: lacks,
    });
    expect(tags.map((t) => [t.steps, t.note.includes("removes 1 line ")])).toEqual([[[2, 6], true]]);
  });
});
