// Hand-worked scoring: every count below is derived in the comments.
import { describe, expect, it } from "vitest";
import { annotationDisagreements, scoreDetectors, type DetectedTag, type TruthCase } from "./detector-score";

const rsl = "requirement_state_loss" as const;
const cti = "cross_task_interference" as const;

const truth: TruthCase[] = [
  { run_id: "a", signature: rsl, form: "rsl-sed", planted: true, tool_style: "codex", evidence_steps: [3, 9] },
  { run_id: "b", signature: rsl, form: "rsl-sed", planted: true, tool_style: "claude-code", evidence_steps: [4, 12] },
  { run_id: "c", signature: rsl, form: "nm-rsl-refactor", planted: false, tool_style: "codex", evidence_steps: [] },
  { run_id: "d", signature: cti, form: "cti-e3-loop", planted: true, tool_style: "plain", evidence_steps: [20, 21] },
  {
    run_id: "e",
    signature: cti,
    form: "nm-cti-requested-compare",
    planted: false,
    tool_style: "plain",
    evidence_steps: [],
  },
];

const tag = (
  run_id: string,
  signature: DetectedTag["signature"],
  steps: number[],
  strength: DetectedTag["strength"] = "strong",
): DetectedTag => ({
  run_id,
  signature,
  position: 1,
  steps,
  strength,
  reason_kinds: [],
  note: `${run_id} ${steps.join(",")}`,
});

describe("scoreDetectors", () => {
  it("counts found cases, misses and false positives by the evidence rule", () => {
    const score = scoreDetectors(truth, [
      tag("a", rsl, [3, 9]), // finds a
      tag("a", rsl, [3, 9, 10]), // finds a again: a superset of the evidence, not a false positive
      tag("b", rsl, [4, 7]), // right run, misses step 12: b is missed AND this is a false positive
      tag("c", rsl, [2, 5]), // a near miss tagged: false positive
      tag("d", cti, [20, 21, 22]), // finds d
      tag("d", rsl, [1, 2]), // d has no rsl case: false positive on an "unplanted" signature
      tag("z", cti, [1], "weak"), // weak: not scored
    ]);
    // rsl: cases a, b; found a → recall 1/2; false positives: b's, c's, d's rsl → 3; precision 1/(1+3) = 0.25.
    expect(score.bySignature.requirement_state_loss).toEqual({
      cases: 2,
      found: 1,
      falsePositives: 3,
      precision: 0.25,
      recall: 0.5,
    });
    // cti: case d found, nothing else → precision 1, recall 1.
    expect(score.bySignature.cross_task_interference).toEqual({
      cases: 1,
      found: 1,
      falsePositives: 0,
      precision: 1,
      recall: 1,
    });
    expect(score.falsePositives.map((f) => [f.tag.run_id, f.context])).toEqual([
      ["b", "wrong evidence for rsl-sed"],
      ["c", "near miss nm-rsl-refactor"],
      ["d", "unplanted run"],
    ]);
    expect(score.misses.map((m) => m.run_id)).toEqual(["b"]);
    expect(score.weakTags).toBe(1);
    expect(score.byForm.map((f) => [f.form, f.cases, f.hit, f.byStyle])).toEqual([
      ["cti-e3-loop", 1, 1, { plain: { cases: 1, hit: 1 } }],
      ["nm-cti-requested-compare", 1, 0, { plain: { cases: 1, hit: 0 } }],
      ["rsl-sed", 2, 1, { codex: { cases: 1, hit: 1 }, "claude-code": { cases: 1, hit: 0 } }],
      ["nm-rsl-refactor", 1, 1, { codex: { cases: 1, hit: 1 } }],
    ]);
  });

  it("takes a hard-negative line as: no strong tag of its signature on its run, whatever its steps", () => {
    // The independent planted set's conventions (scripts/planted/README.md): a planted interference run also
    // carries a loss line with planted false, the same form and the same steps; a clean run one line per signature.
    const hard: TruthCase[] = [
      {
        run_id: "i",
        signature: cti,
        form: "int-copy-file",
        planted: true,
        tool_style: "openhands",
        evidence_steps: [5, 7],
      },
      {
        run_id: "i",
        signature: rsl,
        form: "int-copy-file",
        planted: false,
        tool_style: "openhands",
        evidence_steps: [5, 7],
      },
      { run_id: "k", signature: rsl, form: "clean", planted: false, tool_style: "codex", evidence_steps: [] },
      { run_id: "k", signature: cti, form: "clean", planted: false, tool_style: "codex", evidence_steps: [] },
      { run_id: "n", signature: rsl, form: "neg-wrap", planted: false, tool_style: "codex", evidence_steps: [3, 8] },
    ];
    const score = scoreDetectors(hard, [
      tag("i", cti, [5, 7]), // finds i's interference
      tag("i", rsl, [5, 7]), // the companion's very steps: finds nothing, a false positive
      tag("k", cti, [2]), // a clean run: a false positive
      tag("k", rsl, [4], "weak"), // weak: not scored, the clean loss line stays untagged
      tag("n", cti, [3]), // n has no interference line: a false positive on an unplanted signature
    ]);
    // rsl: no planted case → recall null; found 0, 1 false positive (i) → precision 0.
    expect(score.bySignature.requirement_state_loss).toEqual({
      cases: 0,
      found: 0,
      falsePositives: 1,
      precision: 0,
      recall: null,
    });
    // cti: i found; k's and n's tags are false positives → precision 1/3, recall 1.
    expect(score.bySignature.cross_task_interference).toMatchObject({
      cases: 1,
      found: 1,
      falsePositives: 2,
      recall: 1,
    });
    expect(score.falsePositives.map((f) => [f.tag.run_id, f.tag.signature, f.context])).toEqual([
      ["i", rsl, "near miss int-copy-file"],
      ["k", cti, "near miss clean"],
      ["n", cti, "unplanted run"],
    ]);
    expect(score.misses).toEqual([]);
    // The companion is its own row (loss, not planted), beside the interference row of the same form.
    expect(score.byForm.map((f) => [f.signature, f.form, f.planted, f.cases, f.hit])).toEqual([
      [cti, "int-copy-file", true, 1, 1],
      [cti, "clean", false, 1, 1],
      [rsl, "clean", false, 1, 0],
      [rsl, "int-copy-file", false, 1, 1],
      [rsl, "neg-wrap", false, 1, 0],
    ]);
  });

  it("has no precision without tags and no recall without cases", () => {
    const score = scoreDetectors([], []);
    expect(score.bySignature.cross_task_interference).toEqual({
      cases: 0,
      found: 0,
      falsePositives: 0,
      precision: null,
      recall: null,
    });
  });
});

describe("annotationDisagreements", () => {
  it("lists annotations no tag shares a step with, and tags no annotation shares a step with", () => {
    const out = annotationDisagreements(
      [
        { run_id: "a", signature: rsl, steps: [3, 9], note: "agreed" },
        { run_id: "b", signature: cti, steps: [5], note: "missed" },
      ],
      [tag("a", rsl, [9, 11]), tag("b", cti, [6]), tag("b", rsl, [5]), tag("q", cti, [1], "weak")],
    );
    expect(out.map((d) => [d.run_id, d.signature, d.kind])).toEqual([
      ["b", cti, "annotated, not detected"],
      ["b", cti, "detected, not annotated"],
      ["b", rsl, "detected, not annotated"],
    ]);
  });
});
