// Losses with no removed line (loss-bypass.ts), through the detector: a later focus edit goes around an earlier
// stage's rule, which stays in the file, while the final verdict fails that stage. Every trajectory has the same
// steps: 1 F1, 2 the stage-1 edit (the rule), 3 F2, 4.. the stage-2 edits, then the finalization request and its
// step. Each case's answer is worked in its comment.
import { describe, expect, it } from "vitest";
import { detectRequirementStateLoss } from "./detect-state-loss";
import { segmentSteps } from "./segment";
import type { VerdictTest } from "./verdict-test";
import { agent, edit, schedule, steps, user } from "./testing";

const PLAN = schedule([
  { task: "F", stage: 1, workspace: "/work/w00", text: "Stage one." },
  { task: "F", stage: 2, workspace: "/work/w00", text: "Stage two." },
  { task: "F", stage: "submit", workspace: "/work/w00" },
]);

const verdict = (stage1: string): VerdictTest[] => [
  { testId: "t::stage1", kind: "F2P", stage: 1, status: stage1 },
  { testId: "t::stage2", kind: "F2P", stage: 2, status: "passed" },
];

type Call = Parameters<typeof agent>[1];

function run(stage1: Call, stage2: Call[], v: VerdictTest[]) {
  const s = steps([
    user("[workspace /work/w00] F1"),
    agent("a", stage1),
    user("[workspace /work/w00] F2"),
    ...stage2.map((calls, i) => agent(`b${i}`, calls)),
    user("[workspace /work/w00] submit"),
    agent("c"),
  ]);
  const tags = detectRequirementStateLoss({
    steps: s,
    segmentation: segmentSteps(s, PLAN),
    focusTaskId: "F",
    workspaces: { "/work/w00": "F" },
    verdict: v,
  });
  return tags.map((t) => [t.strength, t.steps, t.reasons.map((r) => r.kind)]);
}

describe("the rule pushed into a branch beside a new else", () => {
  const F = "/work/w00/src/opt.py";
  const BASE = "def resolve(self, value):\n    return value";
  const RULE =
    "def resolve(self, value):\n    if value is True and self.is_flag:\n        value = self.flag_value\n    return value";
  // Stage 2 nests both rule lines one level deeper, under a new `if self.multiple:` … `else:`.
  const BRANCHED =
    "def resolve(self, value):\n    if self.multiple:\n        value = [self.convert(v) for v in value]\n    else:\n        if value is True and self.is_flag:\n            value = self.flag_value\n    return value";
  const go = (v: VerdictTest[]) => run([edit(F, BASE, RULE)], [[edit(F, RULE, BRANCHED)]], v);

  it("with stage 1 failing, is a strong loss at the rule's edit and the restructuring edit", () => {
    // Step 4 keeps both rule lines (nothing removed) but indents them deeper (4 → 8) and adds a new `else:`
    // beside them: the new branch does without the rule. Stage 1 fails, stage 2 passes: a bypass at [2, 4]; the
    // verdict pattern does not tag stage 1 again.
    expect(go(verdict("failed"))).toEqual([["strong", [2, 4], ["earlier-stage-lines", "bypass"]]]);
  });

  it("with stage 1 passing, is no loss", () => {
    // The verifier says stage 1's requirement holds: no stage fails, so no bypass and no verdict pattern.
    expect(go(verdict("passed"))).toEqual([]);
  });
});

describe("sidestepsCall: a new exit calling a new function beside the kept call", () => {
  const F = "/work/w00/src/retry.py";
  const DELAY = "    def delay(self, a):\n        return a * 2";
  const CAPPED = "    def delay(self, a):\n        return min(a * 2, self.cap)";
  const BACKOFF = "    def backoff(self, a):\n        return self.delay(a)";
  const JITTER =
    "    def backoff(self, a):\n        if self.jitter:\n            return self._jittered(a)\n        return self.delay(a)";
  const HELPER = "class Retry:\n    def _jittered(self, a):\n        return a * 2 + random.random()\n";
  const go = (v: VerdictTest[]) =>
    run([edit(F, DELAY, CAPPED)], [[edit(F, "class Retry:", HELPER)], [edit(F, BACKOFF, JITTER)]], v);

  it("with `_jittered` defined by a later-stage edit and stage 1 failing, is a strong loss", () => {
    // Stage 1's rule is the cap inside `delay` (step 2: `return min(a * 2, self.cap)`). Step 4 (stage 2) defines
    // `_jittered`, a new function; step 5 adds the exit `return self._jittered(a)` above the kept line
    // `return self.delay(a)`: a new function called with the same argument `a` as the kept call, so the jitter
    // path never reaches the cap. The rule's line is not in step 5's text (no exit above it there, no
    // redirected call), so only the sidestep explains the loss: [2, 5].
    expect(go(verdict("failed"))).toEqual([["strong", [2, 5], ["earlier-stage-lines", "bypass"]]]);
  });

  it("with stage 1 passing, is no loss", () => {
    expect(go(verdict("passed"))).toEqual([]);
  });
});

describe("redirectsCall: a call switched to a new function", () => {
  const F = "/work/w00/src/size.py";
  const PARSE = "def parse_size(text):\n    return int(text)";
  const SUFFIX =
    'def parse_size(text):\n    if text.endswith("k"):\n        return int(text[:-1]) * 1024\n    return int(text)';
  const LOAD = "def load(x):\n    size = parse_size(x)\n    return size";
  const SWITCHED =
    "def _parse_checked(text):\n    if not text.isdigit():\n        raise ValueError(text)\n    return int(text)\n\n\ndef load(x):\n    size = _parse_checked(x)\n    return size";
  const go = (v: VerdictTest[]) => run([edit(F, PARSE, SUFFIX)], [[edit(F, LOAD, SWITCHED)]], v);

  it("from `parse_size(x)` to a new `_parse_checked(x)`, with stage 1 failing, is a strong loss", () => {
    // Stage 1's rule is the `k` suffix inside `parse_size` (step 2). Step 4 (stage 2) defines `_parse_checked`
    // and rewrites `size = parse_size(x)` as `size = _parse_checked(x)`, the line otherwise the same: `load` no
    // longer reaches the suffix rule, which stays in the file. Its new exits (`raise`, `return int(text)`) have
    // no rule line below them in that edit: the redirected call is the evidence, [2, 4].
    expect(go(verdict("failed"))).toEqual([["strong", [2, 4], ["earlier-stage-lines", "bypass"]]]);
  });

  it("with stage 1 passing, is no loss", () => {
    expect(go(verdict("passed"))).toEqual([]);
  });
});
