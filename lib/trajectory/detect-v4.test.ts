// What the v4 detectors read beyond v3 (docs/detectors.md, "What v4 reads"): requests that ask for a change
// however they word it, a loss with no removed line (a path around the earlier rule), and every way an agent
// edits (str_replace_editor insert and undo, perl -pi, inline Python). Each case's answer is worked in its name.
import { describe, expect, it } from "vitest";
import { callEffect, TrajectoryShell } from "./call-effects";
import { detectRequirementStateLoss } from "./detect-state-loss";
import { mentionedNames } from "./identifiers";
import { asksToChange, keptInAnotherForm } from "./loss-excuses";
import { segmentSteps } from "./segment";
import type { VerdictTest } from "./verdict-test";
import { agent, edit, schedule, steps, user } from "./testing";

const RULE = ["if value is True and self.is_flag:", "value = self.flag_value"];

describe("asksToChange", () => {
  it("reads a change of the earlier state however the request words it", () => {
    expect(asksToChange("Wrap the result of the earlier conversion so it never exceeds `max_width`.", RULE)).toBe(true);
    expect(asksToChange("Rename `flag_value` to `on_value` everywhere.", RULE)).toBe(true);
    expect(asksToChange("The special case for flags is no longer needed; the parser does it now.", RULE)).toBe(false);
    expect(asksToChange("That special case is no longer needed; the parser does it now.", RULE)).toBe(true);
    expect(asksToChange("Simplify the previous check into a single helper.", RULE)).toBe(true);
  });

  it("does not read an extension, or a request that keeps the earlier rule, as a change", () => {
    expect(asksToChange("Also support callable defaults; evaluate the factory once.", RULE)).toBe(false);
    expect(asksToChange("Show `(dynamic)` instead. The literal rule from the first request still applies.", RULE)).toBe(
      false,
    );
    expect(asksToChange("Emit a warning for the old spelling instead of removing it.", RULE)).toBe(false);
  });
});

describe("keptInAnotherForm", () => {
  it("a line amended into a longer form of itself keeps the state; a rename or a wrap only when a change was asked", () => {
    expect(keptInAnotherForm(["return compute(width)"], ["return min(compute(width), limit)"], false)).toBe(true);
    expect(keptInAnotherForm(["if value is None:"], ["if value is not None:"], false)).toBe(false);
    expect(keptInAnotherForm(["return self.flag_value"], ["return self.on_value"], true)).toBe(true);
    expect(keptInAnotherForm(["return self.flag_value"], ["return self.on_value"], false)).toBe(false);
    expect(keptInAnotherForm(["total = compute(width)"], ["total = clamp(compute(w), 0)"], true)).toBe(false);
    expect(keptInAnotherForm(["return compute(width)"], ["return other(width, 2)"], true)).toBe(false);
  });
});

describe("a path around the earlier rule", () => {
  const PLAN = schedule([
    { task: "F", stage: 1, workspace: "/work/w00", text: "Guard literal True for boolean flags." },
    { task: "F", stage: 2, workspace: "/work/w00", text: "Also support callable defaults." },
    { task: "F", stage: "submit", workspace: "/work/w00" },
  ]);
  const BASE = "def resolve(self, value):\n    return value";
  const STAGE1 =
    "def resolve(self, value):\n    if value is True and self.is_flag and not self.is_bool_flag:\n        value = self.flag_value\n    return value";
  const STAGE2 =
    "def resolve(self, value):\n    if callable(value):\n        return value()\n    if value is True and self.is_flag and not self.is_bool_flag:\n        value = self.flag_value\n    return value";
  const verdict = (stage1: string): VerdictTest[] => [
    { testId: "t::literal", kind: "F2P", stage: 1, status: stage1 },
    { testId: "t::callable", kind: "F2P", stage: 2, status: "passed" },
  ];
  const run = (v: VerdictTest[] | null) => {
    const s = steps([
      user("[workspace /work/w00] F1"),
      agent("a", [edit("/work/w00/src/opt.py", BASE, STAGE1)]),
      user("[workspace /work/w00] F2"),
      agent("b", [edit("/work/w00/src/opt.py", STAGE1, STAGE2)]),
      user("[workspace /work/w00] submit"),
      agent("c"),
    ]);
    return detectRequirementStateLoss({
      steps: s,
      segmentation: segmentSteps(s, PLAN),
      focusTaskId: "F",
      workspaces: { "/work/w00": "F" },
      verdict: v,
    });
  };

  it("an early return above the stage-1 lines, with stage 1 failing, is a strong loss at both edits", () => {
    const tags = run(verdict("failed"));
    expect(tags.map((t) => [t.strength, t.steps, t.reasons.map((r) => r.kind)])).toEqual([
      ["strong", [2, 4], ["earlier-stage-lines", "bypass"]],
    ]);
  });

  it("the same edit is no loss when the verifier passes stage 1, and no strong tag without a verdict", () => {
    expect(run(verdict("passed"))).toEqual([]);
    expect(run(null).filter((t) => t.strength === "strong")).toEqual([]);
  });
});

describe("every way an agent edits", () => {
  const effect = (name: string, args: Record<string, unknown>, shell = new TrajectoryShell()) =>
    callEffect({ id: "c", name, args }, shell, "/work/w00").changes;

  it("str_replace_editor: insert adds lines; undo_edit reverses the file's last editor edit", () => {
    const shell = new TrajectoryShell();
    const path = "/work/w00/src/a.py";
    expect(effect("str_replace_editor", { command: "insert", path, insert_line: 3, new_str: "x = 1" }, shell)).toEqual([
      { kind: "replace", path, before: "", after: "x = 1", via: "tool", how: "str_replace_editor" },
    ]);
    effect("str_replace_editor", { command: "str_replace", path, old_str: "a = 1", new_str: "a = 2" }, shell);
    expect(effect("str_replace_editor", { command: "undo_edit", path }, shell)).toEqual([
      { kind: "replace", path, before: "a = 2", after: "a = 1", via: "tool", how: "str_replace_editor undo_edit" },
    ]);
    // The insert is the last edit left: a second undo takes it back.
    expect(effect("str_replace_editor", { command: "undo_edit", path }, shell)[0]).toMatchObject({
      before: "x = 1",
      after: "",
    });
  });

  it("perl -pi -e 's/…/…/' is a substitution; inline Python's replace-and-write is an edit", () => {
    const perl = effect("bash", { command: "perl -pi -e 's/flag_value/on_value/g' src/opt.py" });
    expect(perl).toMatchObject([{ kind: "sed", path: "/work/w00/src/opt.py", via: "shell" }]);
    const py = effect("bash", {
      command:
        "python - <<'EOF'\np = 'src/opt.py'\ns = open(p).read()\ns = s.replace(\"value = self.flag_value\", \"pass\")\nopen(p, 'w').write(s)\nEOF",
    });
    expect(py).toMatchObject([
      { kind: "replace", path: "/work/w00/src/opt.py", before: "value = self.flag_value", after: "pass" },
    ]);
    const unknown = effect("bash", { command: "python3 -c \"import re; open('src/opt.py','w').write(build())\"" });
    expect(unknown).toMatchObject([{ kind: "write", path: "/work/w00/src/opt.py", content: null }]);
    expect(effect("bash", { command: "python -c 'import sys; print(sys.version)'" })).toEqual([]);
  });
});

describe("names a request asks for", () => {
  it("a quoted message and a command-line option are traceable names", () => {
    const names = mentionedNames(
      'Raise an error with the message "timeout must be positive" and add a --strict-mode flag.',
    );
    expect([...names]).toEqual(["timeout must be positive", "--strict-mode"]);
  });
});
