// The detectors' accuracy beside the tags' version, on real DuckDB: the handcalc release, the hand-made tags of
// lib/queries/fixtures/signature-prevalence and the hand-made accuracy file of lib/queries/fixtures/detector-accuracy,
// loaded by the data build's own reader (every number below is worked out in that fixture's README.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { openNodeDb, type NodeDb } from "../../db/node";
import { addDetectorAccuracy } from "../../../scripts/build/detector-accuracy";
import { loadDerivedNode } from "../load-derived-node";
import { loadTablesNode } from "../load-node";
import { detectorTrustQuery } from "./accuracy.sql";
import { accuracyText, notMeasuredText, signatureTrust } from "./accuracy-view";
import { tagAccuracyNote } from "./tag-accuracy";

const FILE = "lib/queries/fixtures/detector-accuracy/detector-accuracy.json";
let db: NodeDb;

beforeAll(async () => {
  const { release } = await loadRelease("e2e/fixtures/releases/handcalc");
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await loadDerivedNode(db, "lib/queries/fixtures/signature-prevalence");
  expect(await addDetectorAccuracy(db, FILE)).toBe(3);
});
afterAll(() => db?.close());

describe("detector accuracy beside the tags' version", () => {
  it("gives the tagged version's numbers on every set that measured it, in the file's order", async () => {
    const rows = await db.run(detectorTrustQuery);
    const rsl = rows.filter((r) => r.signature === "requirement_state_loss");
    expect(rsl.map((r) => [r.detector, r.detector_version, r.strong_tags, r.weak_tags, r.set_id])).toEqual([
      ["state-loss", "3", 6, 3, "planted-a"],
      ["state-loss", "3", 6, 3, "planted-b"],
    ]);
    expect(rsl[0]).toMatchObject({ planted: 10, found: 8, false_positives: 2, precision: 0.8, recall: 0.8 });
    expect(rsl[1]).toMatchObject({ planted: 5, found: 3, false_positives: 1, precision: 0.75, recall: 0.6 });
    expect(rsl[1]).toMatchObject({ set_label: "set B's planted forms", measured_at: "2026-02-03" });
  });

  it("says a tagged version the file does not name is not measured, and never shows another version's numbers", async () => {
    const [cti, ...more] = (await db.run(detectorTrustQuery)).filter((r) => r.signature === "cross_task_interference");
    expect(more).toEqual([]);
    expect(cti).toMatchObject({ detector: "cross-task", detector_version: "2", strong_tags: 2, set_id: null });
    expect([cti!.planted, cti!.found, cti!.false_positives, cti!.precision, cti!.recall]).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
    expect(cti!.measured_versions).toBe("cross-task 1");
    const [trust] = signatureTrust([cti!]);
    expect(trust!.sets).toEqual([]);
    expect(notMeasuredText(trust!)).toBe(
      "The accuracy of cross-task v2 is not measured yet (measured: cross-task 1, another version).",
    );
  });

  it("names no version for a signature no run was tagged with", async () => {
    await db.run("CREATE TEMP TABLE kept AS SELECT * FROM signature_tags");
    try {
      await db.run("DELETE FROM signature_tags WHERE signature = 'cross_task_interference'");
      const cti = (await db.run(detectorTrustQuery)).filter((r) => r.signature === "cross_task_interference");
      expect(cti).toEqual([expect.objectContaining({ detector: null, detector_version: null, set_id: null })]);
    } finally {
      await db.run("DELETE FROM signature_tags");
      await db.run("INSERT INTO signature_tags SELECT * FROM kept");
      await db.run("DROP TABLE kept");
    }
  });

  it("has no accuracy at all without a file", async () => {
    const empty = await openNodeDb();
    try {
      await loadDerivedNode(empty, "lib/queries/fixtures/signature-prevalence");
      expect(await addDetectorAccuracy(empty, "lib/queries/fixtures/detector-accuracy/absent.json")).toBe(0);
      const rows = await empty.run(detectorTrustQuery);
      expect(rows.map((r) => [r.signature, r.set_id, r.measured_versions])).toEqual([
        ["requirement_state_loss", null, null],
        ["cross_task_interference", null, null],
      ]);
    } finally {
      empty.close();
    }
  });
});

describe("the tooltip's sentence", () => {
  const tag = (signature: string, name: string, strength: "strong" | "weak" = "strong", origin = "detector") => ({
    signature,
    strength,
    origin,
    author: { kind: "detector", name },
  });

  it("gives a strong tag its own version's numbers, labelled as planted synthetic cases", async () => {
    const trust = signatureTrust(await db.run(detectorTrustQuery));
    expect(accuracyText(trust[0]!.sets[0]!)).toBe(
      "precision 0.800 (8 found, 2 false positives), recall 0.800 (8 of 10 planted)",
    );
    expect(tagAccuracyNote(trust, tag("requirement_state_loss", "state-loss 3"))).toBe(
      "state-loss 3 on planted synthetic cases (set A's planted forms, measured 2026-01-02: precision 0.800 (8 found, " +
        "2 false positives), recall 0.800 (8 of 10 planted); set B's planted forms, measured 2026-02-03: precision " +
        "0.750 (3 found, 1 false positive), recall 0.600 (3 of 5 planted)).",
    );
  });

  it("says not measured for another version, not scored for a weak tag, nothing for an annotation", async () => {
    const trust = signatureTrust(await db.run(detectorTrustQuery));
    expect(tagAccuracyNote(trust, tag("cross_task_interference", "cross-task 2"))).toBe(
      "The accuracy of cross-task 2 is not measured yet.",
    );
    expect(tagAccuracyNote(trust, tag("requirement_state_loss", "state-loss 4"))).toBe(
      "The accuracy of state-loss 4 is not measured yet.",
    );
    const weak = tagAccuracyNote(trust, tag("requirement_state_loss", "state-loss 3", "weak"));
    expect(weak).toMatch(/^A weak tag: weak tags are not scored/);
    expect(weak).not.toMatch(/\d\.\d{3}/);
    expect(tagAccuracyNote(trust, tag("requirement_state_loss", "state-loss 3", "strong", "annotation"))).toBeNull();
  });
});
