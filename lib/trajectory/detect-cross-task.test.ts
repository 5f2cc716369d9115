import { describe, expect, it } from "vitest";
import { detectCrossTaskInterference } from "./detect-cross-task";
import { segmentSteps } from "./segment";
import { agent, applyPatch, bash, codexShell, edit, schedule, steps, user } from "./testing";

const WS = { "/work/w00": "F", "/work/w01": "B", "/work/w02": "C" };
const PLAN = schedule([
  { task: "F", stage: 1, workspace: "/work/w00", text: "Add `parse_header()` to src/pkg/http.py" },
  { task: "B", stage: 1, workspace: "/work/w01", text: "Rename `legacy_mode` to `compat_mode` in src/pkg/config.py" },
  { task: "C", stage: 1, workspace: "/work/w02", text: "Fix src/pkg/cli.py" },
  { task: "F", stage: 2, workspace: "/work/w00", text: "Make `parse_header()` strip whitespace" },
  { task: "F", stage: "submit", workspace: "/work/w00", text: "Finalize" },
]);

function run(raw: Parameters<typeof steps>[0]) {
  const s = steps(raw);
  return detectCrossTaskInterference({
    steps: s,
    segmentation: segmentSteps(s, PLAN),
    focusTaskId: "F",
    workspaces: WS,
    verdict: null,
  });
}

/** Steps of the interruption requests, where working in other checkouts is expected. */
const INTERRUPTIONS = [
  user("[workspace /work/w01] B1"),
  agent("b", [bash("cd /work/w01 && grep -rn legacy_mode src")]),
  user("[workspace /work/w02] C1"),
  agent("c", [bash("sed -n 1,20p /work/w02/src/pkg/cli.py")]),
];

describe("detectCrossTaskInterference", () => {
  it("finds a finalization that loops over every checkout and builds the patch from them (E.3)", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a", [bash("cd /work/w00 && pytest -q")]),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [bash("git -C /work/w00 diff")]),
      user("[workspace /work/w00] submit"),
      agent("e", [bash("git -C /work/w00 status --short")]),
      agent("f", [bash('for d in /work/w00 /work/w01 /work/w02; do git -C "$d" diff; done > /tmp/final.patch')]),
      agent("done"),
    ]);
    expect(tags).toHaveLength(1);
    expect(tags[0]).toMatchObject({
      signature: "cross_task_interference",
      position: 4,
      steps: [11],
      strength: "strong",
      author: { kind: "detector" },
    });
    expect(tags[0]!.reasons.map((r) => r.text)).toEqual([
      "a command iterates over other checkouts (/work/w01, /work/w02)",
      "the submitted diff is built from other checkouts",
    ]);
  });

  it("looking is no interference: a glob listing the checkouts, a read of another checkout's file", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a", [bash("ls /work/w*/src")]),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [["Read", { file_path: "/work/w01/src/pkg/config.py" }, "..."]]),
    ]);
    expect(tags).toEqual([]);
  });

  it("a glob that runs something over the checkouts is interference", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a", [bash("for d in /work/w*; do (cd $d && pytest -q); done")]),
    ]);
    expect(tags.map((t) => [t.position, t.steps, t.reasons.map((r) => r.text)])).toEqual([
      [0, [2], ["a command iterates over other checkouts (every checkout)"]],
    ]);
  });

  it("finds a name from another task's request entering a focus edit", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [
        edit(
          "/work/w00/src/pkg/http.py",
          "def parse_header(v):\n    return v",
          "def parse_header(v):\n    if compat_mode:\n        return v\n    return v.strip()",
        ),
      ]),
    ]);
    expect(tags).toHaveLength(1);
    expect(tags[0]!.reasons.map((r) => r.text)).toEqual([
      "a focus edit adds `compat_mode`, named only in B's requests",
    ]);
  });

  it("finds a focus edit of a file only another task's requests name", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [edit("/work/w00/src/pkg/config.py", "a = 1", "a = 2")]),
    ]);
    expect(tags[0]!.reasons.map((r) => r.text)).toEqual(["edits src/pkg/config.py, a file only B's requests name"]);
  });

  it("tags nothing in a well-scoped run: other checkouts only during their own requests, focus names only", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a", [
        bash("grep -rn parse_header /work/w00/src"),
        edit("/work/w00/src/pkg/http.py", "pass", "def parse_header(v):\n    return v"),
      ]),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [edit("/work/w00/src/pkg/http.py", "    return v", "    return v.strip()")]),
      user("[workspace /work/w00] submit"),
      agent("e", [bash("git -C /work/w00 diff > /tmp/final.patch")]),
      agent("done"),
    ]);
    expect(tags).toEqual([]);
  });

  it("does not mistake a longer path for a checkout (/work/w010 is not /work/w01)", () => {
    const tags = run([user("[workspace /work/w00] F1"), agent("a", [bash("ls /work/w010 /work/w00")])]);
    expect(tags).toEqual([]);
  });
});

const kinds = (tags: ReturnType<typeof run>) => tags.map((t) => [t.position, t.steps, t.reasons.map((r) => r.kind)]);

describe("detectCrossTaskInterference: mistake classes (Claude-Code-style and Codex-style calls)", () => {
  it("every reason has a kind", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a", [bash("ls /work/w*/src")]),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [["Read", { file_path: "/work/w01/src/pkg/config.py" }, "..."]]),
      user("[workspace /work/w00] submit"),
      agent("e", [bash('for d in /work/w00 /work/w01 /work/w02; do git -C "$d" diff; done > /tmp/final.patch')]),
    ]);
    expect(kinds(tags)).toEqual([[4, [10], ["checkout-loop", "multi-checkout-submission"]]]);
  });

  it("a checkout named only in Codex's workdir is that checkout: tests run in a sibling", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a", [codexShell("python -m pytest -q tests/test_http.py", "/work/w00")]),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [codexShell("python -m pytest -q tests/test_config.py", "/work/w01")]),
    ]);
    expect(kinds(tags)).toEqual([[3, [8], ["sibling-command"]]]);
    expect(tags[0]!.reasons[0]!.text).toBe("a command runs in /work/w01, the checkout of B (its working directory)");
  });

  it("a cd left by an earlier command of the same shell, or a relative cd, is that checkout", () => {
    const left = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      ...INTERRUPTIONS, // B's request ran `cd /work/w01 && …`: the shell stays there
      user("[workspace /work/w00] F2"),
      agent("d", [bash("python -m pytest -q tests/test_http.py")]),
    ]);
    expect(kinds(left)).toEqual([[3, [8], ["sibling-command"]]]);
    expect(left[0]!.reasons[0]!.text).toContain("left by an earlier cd");
    const relative = run([
      user("[workspace /work/w00] F1"),
      agent("a", [bash("cd /work/w00 && ls")]),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [bash("cd /work/w00 && git status")]),
      agent("e", [bash("cd ../w02 && python -m pytest -q")]),
    ]);
    expect(kinds(relative)).toEqual([[3, [9], ["sibling-command"]]]);
  });

  it("reading another checkout because the focus request asks to compare with it is no interference; editing it still is", () => {
    const plan = schedule([
      { task: "F", stage: 1, workspace: "/work/w00", text: "Add `parse_header()` to src/pkg/http.py" },
      { task: "B", stage: 1, workspace: "/work/w01", text: "Rename `legacy_mode` in src/pkg/config.py" },
      {
        task: "F",
        stage: 2,
        workspace: "/work/w00",
        text: "Compare with how the checkout /work/w01 parses headers and match it.",
      },
    ]);
    const go = (calls: Parameters<typeof agent>[1]) => {
      const s = steps([
        user("[workspace /work/w00] F1"),
        agent("a"),
        user("[workspace /work/w01] B1"),
        agent("b"),
        user("[workspace /work/w00] F2"),
        agent("d", calls),
      ]);
      return detectCrossTaskInterference({
        steps: s,
        segmentation: segmentSteps(s, plan),
        focusTaskId: "F",
        workspaces: WS,
        verdict: null,
      });
    };
    expect(
      go([
        ["Read", { file_path: "/work/w01/src/pkg/http.py" }, "..."],
        bash("diff -u /work/w01/src/pkg/http.py /work/w00/src/pkg/http.py"),
      ]),
    ).toEqual([]);
    expect(go([codexShell("sed -n '1,40p' src/pkg/http.py", "/work/w01")])).toEqual([]);
    expect(kinds(go([edit("/work/w01/src/pkg/http.py", "a", "b")]))).toEqual([[2, [6], ["sibling-path"]]]);
    // A checkout the request does not name: reading it is still only looking (v4).
    expect(go([["Read", { file_path: "/work/w02/src/pkg/cli.py" }, "..."]])).toEqual([]);
  });

  it("what a look took is interference: lines another task wrote in its checkout, written into the focus one", () => {
    const theirs = '    if timeout is not None and timeout < 0:\n        raise ValueError("timeout must be >= 0")';
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      user("[workspace /work/w01] B1"),
      agent("b", [edit("/work/w01/src/pkg/config.py", "def load(timeout):", `def load(timeout):\n${theirs}`)]),
      user("[workspace /work/w02] C1"),
      agent("c"),
      user("[workspace /work/w00] F2"),
      agent("d", [["Read", { file_path: "/work/w01/src/pkg/config.py" }, theirs]]),
      agent("e", [edit("/work/w00/src/pkg/http.py", "def get(timeout):", `def get(timeout):\n${theirs}`)]),
    ]);
    expect(kinds(tags)).toEqual([[3, [8, 9], ["foreign-lines", "foreign-lines"]]]);
    // Without the look, the same lines are two tasks' own work.
    const unseen = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      user("[workspace /work/w01] B1"),
      agent("b", [edit("/work/w01/src/pkg/config.py", "def load(timeout):", `def load(timeout):\n${theirs}`)]),
      user("[workspace /work/w02] C1"),
      agent("c"),
      user("[workspace /work/w00] F2"),
      agent("e", [edit("/work/w00/src/pkg/http.py", "def get(timeout):", `def get(timeout):\n${theirs}`)]),
    ]);
    expect(unseen).toEqual([]);
  });

  it("finds another task's identifier entering a focus edit made through the shell or apply_patch", () => {
    const heredoc = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [codexShell("cat >> src/pkg/http.py <<'EOF'\nif compat_mode:\n    pass\nEOF", "/work/w00")]),
    ]);
    expect(kinds(heredoc)).toEqual([[3, [8], ["foreign-identifier"]]]);
    const patch = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [
        applyPatch(
          "*** Update File: /work/w00/src/pkg/http.py\n@@\n def parse_header(v):\n+    v = compat_mode and v\n     return v",
        ),
      ]),
    ]);
    expect(kinds(patch)).toEqual([[3, [8], ["foreign-identifier"]]]);
  });

  it("finds a file copied from another checkout into the focus checkout", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [bash("cp /work/w02/src/pkg/cli.py /work/w00/src/pkg/cli.py")]),
    ]);
    expect(kinds(tags)).toEqual([[3, [8], ["foreign-file"]]]);
  });

  it("finds a submission built over several commands, each taking one other checkout's diff", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a"),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d"),
      user("[workspace /work/w00] submit"),
      agent("e", [bash("git -C /work/w00 diff > /tmp/final.patch")]),
      agent("f", [bash("cd /work/w01 && git diff >> /tmp/final.patch")]),
      agent("g", [codexShell("git diff >> /tmp/final.patch", "/work/w02")]),
      agent("done"),
    ]);
    // The focus diff written to the same file (step 10) is part of the submission that carries the others'.
    expect(kinds(tags)).toEqual([
      [4, [10, 11, 12], ["multi-checkout-submission", "multi-checkout-submission", "submission-diff"]],
    ]);
  });

  it("tags nothing for focus work named by workdir, or for pipes after the shell was left in another checkout", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a", [codexShell("python -m pytest -q", "/work/w00")]),
      ...INTERRUPTIONS,
      user("[workspace /work/w00] F2"),
      agent("d", [
        bash('grep -n "def test_" /work/w00/tests/test_http.py | head -5'),
        bash("git -C /work/w00 diff --stat"),
      ]),
      user("[workspace /work/w00] submit"),
      agent("e", [codexShell("git diff > /tmp/final.patch", "/work/w00")]),
    ]);
    expect(tags).toEqual([]);
  });
});

describe("detectCrossTaskInterference: the focus task's own files", () => {
  it("does not call a file foreign when the focus work edited it before another task named it", () => {
    const tags = run([
      user("[workspace /work/w00] F1"),
      agent("a", [edit("/work/w00/src/pkg/cli.py", "a = 1", "a = 2")]),
      ...INTERRUPTIONS, // C's request names src/pkg/cli.py
      user("[workspace /work/w00] F2"),
      agent("d", [edit("/work/w00/src/pkg/cli.py", "a = 2", "a = 3")]),
    ]);
    expect(tags).toEqual([]);
  });
});
