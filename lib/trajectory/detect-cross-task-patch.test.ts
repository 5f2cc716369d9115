// The final patch's taint findings as evidence of cross-task interference (detect-cross-task.ts): hand-made
// trajectories and patches, the facts computed by patch-taint.ts from the patch text.
import { describe, expect, it } from "vitest";
import { detectCrossTaskInterference } from "./detect-cross-task";
import { patchTaintFacts, taintInputOf } from "./patch-taint";
import { segmentSteps } from "./segment";
import { agent, bash, edit, schedule, steps, user } from "./testing";

const WS = { "/work/w00": "F", "/work/w01": "B", "/work/w02": "C" };
const PLAN = schedule([
  { task: "F", stage: 1, workspace: "/work/w00", text: "Add `parse_header()` to src/pkg/http.py" },
  { task: "B", stage: 1, workspace: "/work/w01", text: "Rename `legacy_mode` to `compat_mode` in src/pkg/config.py" },
  { task: "C", stage: 1, workspace: "/work/w02", text: "Fix src/pkg/cli.py" },
  { task: "F", stage: 2, workspace: "/work/w00", text: "Make `parse_header()` strip whitespace" },
  { task: "F", stage: "submit", workspace: "/work/w00", text: "Finalize" },
]);
const TAINT = taintInputOf(
  "F",
  [
    { task_id: "F", path: "src/pkg/http.py" },
    { task_id: "B", path: "src/pkg/config.py" },
    { task_id: "C", path: "src/pkg/cli.py" },
  ],
  PLAN.map((r) => ({ task_id: r.taskId, text: r.text })),
  WS,
);

const HTTP = "/work/w00/src/pkg/http.py";
// Steps (n): 1 F1, 2 focus edit, 3 B1, 4 B's edit in its own checkout, 5 C1, 6 a read, 7 F2, 8 focus edit,
// 9 the finalization request, 10 the patch written, 11 done.
const TRACE = [
  user("[workspace /work/w00] F1"),
  agent("a", [edit(HTTP, "import os", "import os\ndef parse_header(h):\n    return h")]),
  user("[workspace /work/w01] B1"),
  agent("b", [edit("/work/w01/src/pkg/config.py", "legacy_mode = False", "compat_mode = False")]),
  user("[workspace /work/w02] C1"),
  agent("c", [bash("sed -n 1,20p /work/w02/src/pkg/cli.py")]),
  user("[workspace /work/w00] F2"),
  agent("d", [edit(HTTP, "    return h", "    return h.strip()")]),
  user("[workspace /work/w00] submit"),
  agent("e", [bash("git diff > /tmp/final.patch")]),
  agent("done"),
];

const FOCUS_HUNK = [
  "diff --git a/src/pkg/http.py b/src/pkg/http.py",
  "--- a/src/pkg/http.py",
  "+++ b/src/pkg/http.py",
  "@@ -1 +1,3 @@",
  " import os",
  "+def parse_header(h):",
  "+    return h.strip()",
];
// The submission also carries B's file, as B's checkout has it (the E.3 shape).
const B_HUNK = [
  "diff --git a/src/pkg/config.py b/src/pkg/config.py",
  "--- a/src/pkg/config.py",
  "+++ b/src/pkg/config.py",
  "@@ -1 +1 @@",
  "-legacy_mode = False",
  "+compat_mode = False",
];

function run(raw: Parameters<typeof steps>[0], patch: string | null) {
  const s = steps(raw);
  return detectCrossTaskInterference({
    steps: s,
    segmentation: segmentSteps(s, PLAN),
    focusTaskId: "F",
    workspaces: WS,
    verdict: null,
    patchTaint: patch === null ? null : patchTaintFacts(patch, TAINT),
  });
}

describe("the final patch as evidence of cross-task interference", () => {
  it("a patch carrying another task's file: a finalization tag pointing at the step that wrote its lines", () => {
    // The trace alone shows nothing: B's edit is in B's own request, the finalization names no other checkout.
    expect(run(TRACE, null)).toEqual([]);
    expect(run(TRACE, FOCUS_HUNK.join("\n"))).toEqual([]);
    const tags = run(TRACE, [...FOCUS_HUNK, ...B_HUNK].join("\n"));
    expect(tags).toHaveLength(1);
    // Step 4 wrote `compat_mode = False`; the finalization's own steps (10, 11) and the focus edits (2, 8) are no evidence.
    expect(tags[0]).toMatchObject({
      signature: "cross_task_interference",
      position: 4,
      steps: [4],
      strength: "strong",
    });
    expect(tags[0]!.reasons.map((r) => [r.step, r.kind])).toEqual([
      [4, "patch-foreign-file"],
      [4, "patch-foreign-identifier"],
    ]);
    expect(tags[0]!.note).toBe(
      "At finalization (request 4): the final patch carries src/pkg/config.py, a changed source file of B (step 4 wrote its lines); " +
        "the final patch adds `compat_mode` to src/pkg/config.py, named only in B's requests (step 4 wrote it).",
    );
  });

  it("a foreign name added by a focus edit: the patch's evidence joins that request's tag, same step", () => {
    const trace = [...TRACE];
    trace[7] = agent("d", [edit(HTTP, "    return h", "    return h.strip() if compat_mode else h")]);
    const patch = [...FOCUS_HUNK.slice(0, 6), "+    return h.strip() if compat_mode else h"].join("\n");
    const without = run(trace, null);
    expect(without.map((t) => [t.position, t.steps])).toEqual([[3, [8]]]);
    const tags = run(trace, patch);
    expect(tags.map((t) => [t.position, t.steps])).toEqual([[3, [8]]]);
    expect(tags[0]!.reasons.map((r) => [r.step, r.kind])).toEqual([
      [8, "foreign-identifier"],
      [8, "patch-foreign-identifier"],
    ]);
  });

  it("joins the finalization's own tag (a loop over the checkouts) with the steps that wrote the lines", () => {
    const trace = [...TRACE];
    trace[9] = agent("e", [
      bash('for d in /work/w00 /work/w01 /work/w02; do git -C "$d" diff; done > /tmp/final.patch'),
    ]);
    expect(run(trace, null).map((t) => [t.position, t.steps])).toEqual([[4, [10]]]);
    const tags = run(trace, [...FOCUS_HUNK, ...B_HUNK].join("\n"));
    expect(tags.map((t) => [t.position, t.steps])).toEqual([[4, [4, 10]]]);
  });

  it("a finding no step of the trace produced makes no tag", () => {
    const foreign = [
      "--- a/src/pkg/cli.py",
      "+++ b/src/pkg/cli.py",
      "@@ -1 +1 @@",
      "-x = 1",
      "+handled_elsewhere = True",
    ];
    expect(run(TRACE, [...FOCUS_HUNK, ...foreign].join("\n"))).toEqual([]);
  });
});
