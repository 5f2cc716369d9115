// The accuracy file's schema: the committed file and the test fixture check, a file whose ratios are not those of
// its counts (a hand edit) or whose sets repeat is refused with its path, and the rows keep the sets' order.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { readDetectorAccuracy } from "../../scripts/build/detector-accuracy";
import { checkDetectorAccuracy, detectorAccuracyRows, type DetectorAccuracy } from "./detector-accuracy";

const FIXTURE = "lib/queries/fixtures/detector-accuracy/detector-accuracy.json";
const fixture = () => JSON.parse(readFileSync(FIXTURE, "utf8")) as DetectorAccuracy;

describe("detector accuracy file", () => {
  it("the committed file checks, with a measured set of both signatures", () => {
    const file = readDetectorAccuracy("data/detector-accuracy.json");
    expect(file).not.toBeNull();
    expect(file!.sets.length).toBeGreaterThan(0);
    for (const set of file!.sets)
      expect(set.signatures.map((s) => s.signature).sort()).toEqual([
        "cross_task_interference",
        "requirement_state_loss",
      ]);
  });

  it("flattens to one row per set × signature, in the file's order", () => {
    const rows = detectorAccuracyRows(checkDetectorAccuracy(fixture(), FIXTURE));
    expect(rows.map((r) => [r.set_id, r.set_order, r.signature, r.detector, r.detector_version])).toEqual([
      ["planted-a", 0, "requirement_state_loss", "state-loss", "3"],
      ["planted-a", 0, "cross_task_interference", "cross-task", "1"],
      ["planted-b", 1, "requirement_state_loss", "state-loss", "3"],
    ]);
    expect(rows[2]).toMatchObject({ planted: 5, found: 3, false_positives: 1, precision: 0.75, recall: 0.6 });
  });

  it("refuses ratios that are not those of the counts", () => {
    const file = fixture();
    file.sets[0]!.signatures[0]!.precision = 0.9;
    expect(() => checkDetectorAccuracy(file, "x.json")).toThrow(
      /^x\.json: not a detector accuracy file \(sets\.0\.signatures\.0: precision is not found/,
    );
    const recall = fixture();
    recall.sets[1]!.signatures[0]!.recall = 1;
    expect(() => checkDetectorAccuracy(recall, "x.json")).toThrow(/recall is not found \/ planted/);
  });

  it("refuses repeated set ids, an unknown signature, a missing field and a bad date", () => {
    const repeated = fixture();
    repeated.sets[1]!.id = "planted-a";
    expect(() => checkDetectorAccuracy(repeated, "x.json")).toThrow(/set ids repeat/);
    const unknown = fixture() as unknown as { sets: { signatures: { signature: string }[] }[] };
    unknown.sets[0]!.signatures[0]!.signature = "other";
    expect(() => checkDetectorAccuracy(unknown, "x.json")).toThrow(/sets\.0\.signatures\.0\.signature/);
    const missing = fixture() as unknown as { sets: Record<string, unknown>[] };
    delete missing.sets[0]!.measured_at;
    expect(() => checkDetectorAccuracy(missing, "x.json")).toThrow(/sets\.0\.measured_at/);
    const date = fixture();
    date.sets[0]!.measured_at = "yesterday";
    expect(() => checkDetectorAccuracy(date, "x.json")).toThrow(/sets\.0\.measured_at/);
  });

  it("has no precision where nothing was tagged, and no file at all reads as none", () => {
    const file = fixture();
    Object.assign(file.sets[1]!.signatures[0]!, { found: 0, false_positives: 0, precision: null, recall: 0 });
    expect(checkDetectorAccuracy(file, "x.json").sets[1]!.signatures[0]!.precision).toBeNull();
    expect(readDetectorAccuracy("lib/queries/fixtures/detector-accuracy/absent.json")).toBeNull();
  });
});
