// The bench's scores as a set of data/detector-accuracy.json: counts and ratios from the scorer, the detectors as
// their tags name them, the forms with their descriptions; writing replaces the set of its id and keeps the others.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkDetectorAccuracy } from "../../lib/data/detector-accuracy";
import { accuracySet, withSet, writeAccuracyFile, type Measured } from "./accuracy-file";
import { scoreDetectors, type DetectedTag, type TruthCase } from "./detector-score";

const rsl = "requirement_state_loss" as const;
const cti = "cross_task_interference" as const;
const truth: (TruthCase & { what: string })[] = [
  {
    run_id: "a",
    signature: rsl,
    form: "rsl-sed",
    planted: true,
    tool_style: "codex",
    evidence_steps: [3],
    what: "sed",
  },
  {
    run_id: "b",
    signature: rsl,
    form: "rsl-sed",
    planted: true,
    tool_style: "plain",
    evidence_steps: [4],
    what: "sed",
  },
  {
    run_id: "c",
    signature: cti,
    form: "cti-e3-loop",
    planted: true,
    tool_style: "plain",
    evidence_steps: [1],
    what: "loop",
  },
];
const tag = (
  run_id: string,
  signature: DetectedTag["signature"],
  steps: number[],
  strength = "strong",
): DetectedTag => ({
  run_id,
  signature,
  position: 1,
  steps,
  strength: strength as DetectedTag["strength"],
  reason_kinds: [],
  note: "",
});
const tags = [tag("a", rsl, [3]), tag("z", rsl, [9]), tag("c", cti, [1]), tag("y", rsl, [2], "weak")];
const META = { id: "s", label: "the s forms", description: "d", ground_truth: "t.jsonl", release: "r" };

function measured(names: Partial<Measured["detectorNames"]> = {}): Measured {
  return {
    score: scoreDetectors(truth, tags),
    tags,
    truth,
    runs: 5,
    detectorNames: { [rsl]: ["state-loss detector v4"], [cti]: [], ...names },
    fallbackNames: { [rsl]: "state-loss detector v4", [cti]: "cross-task detector v3" },
  };
}

describe("accuracySet", () => {
  it("takes the counts and ratios of the score and the detectors as the tags name them", () => {
    const set = accuracySet(measured(), META, "2026-03-04");
    // rsl: a found, b missed, z a false positive → precision 1/2, recall 1/2; one weak tag, not scored.
    expect(set.signatures[0]).toMatchObject({
      signature: rsl,
      detector: "state-loss detector",
      detector_version: "v4",
      planted: 2,
      found: 1,
      false_positives: 1,
      precision: 0.5,
      recall: 0.5,
      weak_tags: 1,
      forms: [{ form: "rsl-sed", kind: "planted", cases: 2, hit: 1, what: "sed" }],
    });
    // cti: no tag name recorded, so the detector's own name.
    expect(set.signatures[1]).toMatchObject({ detector: "cross-task detector", detector_version: "v3", recall: 1 });
    expect(checkDetectorAccuracy(withSet(null, set), "x").sets[0]!.measured_at).toBe("2026-03-04");
  });

  it("refuses tags of two detectors for one signature", () => {
    expect(() => accuracySet(measured({ [rsl]: ["a v1", "a v2"] }), META, "2026-03-04")).toThrow(/several detectors/);
  });
});

describe("withSet", () => {
  it("replaces the set of its id in place and keeps every other set", () => {
    const first = accuracySet(measured(), META, "2026-03-04");
    const other = { ...first, id: "other", label: "another set" };
    const file = withSet(withSet(null, first), other);
    const again = withSet(file, { ...first, measured_at: "2026-04-05" });
    expect(again.sets.map((s) => [s.id, s.measured_at])).toEqual([
      ["s", "2026-04-05"],
      ["other", "2026-03-04"],
    ]);
  });
});

describe("writeAccuracyFile", () => {
  it("writes several sets in one go, each in place of its id, and keeps the file's other sets", () => {
    const dir = mkdtempSync(join(tmpdir(), "accuracy-"));
    try {
      const path = join(dir, "detector-accuracy.json");
      const first = accuracySet(measured(), META, "2026-03-04");
      writeAccuracyFile(path, first, { ...first, id: "kept" });
      writeAccuracyFile(path, { ...first, measured_at: "2026-04-05" }, { ...first, id: "independent" });
      const file = checkDetectorAccuracy(JSON.parse(readFileSync(path, "utf8")), path);
      expect(file.sets.map((s) => [s.id, s.measured_at])).toEqual([
        ["s", "2026-04-05"],
        ["kept", "2026-03-04"],
        ["independent", "2026-03-04"],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
