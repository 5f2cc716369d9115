// What the v4 cross-task detector reads beyond looking (detect-cross-task.ts; cross-task-request.ts,
// cross-task-taking.ts): a look becomes evidence when its request takes, a file brought in is used, the
// finalization's diff carries what it took, a helper only another task defined is imported, and a loop over the
// checkouts that only reads is still looking. Each case's answer is worked in its comment.
import { describe, expect, it } from "vitest";
import { detectCrossTaskInterference } from "./detect-cross-task";
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

type Calls = Parameters<typeof agent>[1];

/**
 * Steps: 1 F1, 2 stage-1 step, 3 B1, 4 B's step, 5 C1, 6 C's step, 7 F2, 8.. stage-2 steps, then (with `submit`)
 * the finalization request and its steps.
 */
function run(opts: { f1?: Calls; b?: Calls; stage2?: Calls[]; submit?: Calls[] }) {
  const s = steps([
    user("[workspace /work/w00] F1"),
    agent("a", opts.f1 ?? []),
    user("[workspace /work/w01] B1"),
    agent("b", opts.b ?? []),
    user("[workspace /work/w02] C1"),
    agent("c"),
    user("[workspace /work/w00] F2"),
    ...(opts.stage2 ?? [[]]).map((calls, i) => agent(`d${i}`, calls)),
    ...(opts.submit ? [user("[workspace /work/w00] submit"), ...opts.submit.map((c, i) => agent(`e${i}`, c))] : []),
  ]);
  const tags = detectCrossTaskInterference({
    steps: s,
    segmentation: segmentSteps(s, PLAN),
    focusTaskId: "F",
    workspaces: WS,
    verdict: null,
  });
  return tags.map((t) => [t.position, t.steps, t.reasons.map((r) => r.kind)]);
}

const B_DIFF = "diff --git a/src/pkg/config.py b/src/pkg/config.py\n-legacy_mode = False\n+compat_mode = False";

describe("a look is evidence when its request takes", () => {
  it("looked-then-took: a diff viewed at step 8, then applied from the same checkout at step 9", () => {
    // Step 8 `git -C /work/w01 diff` only reads: a look at B's checkout, no evidence on its own. Step 9 pipes the
    // same diff into `git apply` in the focus checkout: a command that does more than read, naming /work/w01
    // (sibling-command). The request took, so its look at step 8 is evidence too: [8, 9].
    const took = run({
      stage2: [[bash("git -C /work/w01 diff", B_DIFF)], [bash("git -C /work/w01 diff | git apply")]],
    });
    expect(took).toEqual([[3, [8, 9], ["sibling-command", "looked-then-took"]]]);
    // The look alone takes nothing: no tag.
    expect(run({ stage2: [[bash("git -C /work/w01 diff", B_DIFF)]] })).toEqual([]);
  });

  it("a look in an earlier request is not the taking request's look", () => {
    // The look is at step 2 (stage 1), the taking at step 8 (stage 2): stage 2's tag has step 8 only, and stage
    // 1, which took nothing, has none.
    const tags = run({
      f1: [bash("git -C /work/w01 diff", B_DIFF)],
      stage2: [[bash("git -C /work/w01 diff | git apply")]],
    });
    expect(tags).toEqual([[3, [8], ["sibling-command"]]]);
  });
});

describe("a file brought in, then used", () => {
  it("uses-foreign-file: a test file copied from C's checkout at step 8, run at step 9", () => {
    // Step 8 copies tests/test_x.py from /work/w02 into /work/w00 (foreign-file). Step 9 runs pytest on it in the
    // focus checkout: it names nothing of another checkout, but it runs what was brought in (uses-foreign-file).
    const tags = run({
      stage2: [
        [bash("cp /work/w02/tests/test_x.py /work/w00/tests/test_x.py")],
        [bash("cd /work/w00 && pytest tests/test_x.py")],
      ],
    });
    expect(tags).toEqual([[3, [8, 9], ["foreign-file", "uses-foreign-file"]]]);
  });
});

describe("the finalization's diff carries what it took", () => {
  it("submission-diff: a copy from B's checkout at step 10, then `git diff > /tmp/final.patch` at step 11", () => {
    // Steps: 7 F2, 8 its step, 9 the finalization request (request 4), 10 and 11 its steps. Step 10 copies B's
    // config.py into the focus checkout (foreign-file); step 11 builds the diff in the focus checkout only, which
    // on its own is no evidence, but the finalization took, so the diff it builds is the submission carrying it:
    // [10, 11].
    const tags = run({
      submit: [
        [bash("cp /work/w01/src/pkg/config.py /work/w00/src/pkg/config.py")],
        [bash("cd /work/w00 && git diff > /tmp/final.patch")],
      ],
    });
    expect(tags).toEqual([[4, [10, 11], ["foreign-file", "submission-diff"]]]);
    // The same diff without the copy is the focus work's own submission: no tag.
    expect(run({ submit: [[bash("cd /work/w00 && git diff > /tmp/final.patch")]] })).toEqual([]);
  });
});

describe("a helper only another task's work defined", () => {
  const HELPER = "def _check(value):\n    if value < 0:\n        raise ValueError(value)\n    return value";
  const IMPORT = edit("/work/w00/src/pkg/http.py", "import os", "import os\nfrom .timeouts import _check");

  it("foreign-definition: a focus edit importing `_check` after B's edit in /work/w01 added `def _check(`", () => {
    // Step 4 (B's request) adds `def _check(value):` in B's checkout; the name is private (has `_`), so specific.
    // Step 8 (stage 2) adds `from .timeouts import _check` to the focus checkout, and the focus work never
    // defined `_check`: the focus code now depends on B's work (foreign-definition at step 8). No request names
    // `_check`, and nothing was looked at, so that is the only evidence.
    const tags = run({
      b: [edit("/work/w01/src/pkg/timeouts.py", "import os", `import os\n${HELPER}`)],
      stage2: [[IMPORT]],
    });
    expect(tags).toEqual([[3, [8], ["foreign-definition"]]]);
  });

  it("is no interference when the focus work defined it too", () => {
    // Step 2 (stage 1) adds the same `def _check(value):` to the focus checkout first: the import at step 8 uses
    // the focus work's own helper, whoever else defines one.
    const tags = run({
      f1: [edit("/work/w00/src/pkg/timeouts.py", "import os", `import os\n${HELPER}`)],
      b: [edit("/work/w01/src/pkg/timeouts.py", "import os", `import os\n${HELPER}`)],
      stage2: [[IMPORT]],
    });
    expect(tags).toEqual([]);
  });
});

describe("a loop over the checkouts", () => {
  const STATUS = 'for d in /work/w*; do git -C "$d" status; done';

  it("that only reads is looking, during a focus request and at finalization", () => {
    // `git status` over every checkout (a glob over their folder) reads only: no evidence at step 8 or at step 10
    // (the finalization's), as it builds no diff.
    expect(run({ stage2: [[bash(STATUS)]], submit: [[bash(STATUS)]] })).toEqual([]);
  });

  it("that builds the submitted diff at finalization is interference", () => {
    // At step 10 (request 4, the finalization, opened by step 9) the same loop runs `git diff` in every checkout into the final
    // patch: the submission is built from other checkouts. A glob names no checkout, so "every checkout".
    const tags = run({ submit: [[bash('for d in /work/w*; do git -C "$d" diff; done > /tmp/final.patch')]] });
    expect(tags).toEqual([[4, [10], ["checkout-loop", "multi-checkout-submission"]]]);
  });
});
