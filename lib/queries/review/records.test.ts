// Reviews → annotations.jsonl records, checked against the release's own annotation schema.
import { describe, expect, it } from "vitest";
import { annotationSchema } from "../../data/schema";
import { absentSignature, addedTag, judgeTag, mainFileStepIds, reviewKey } from "./verdicts";
import { reviewExport, reviewFileName, reviewRecord } from "./records";
import { detectorTag, reviewContext, stepRows } from "./testing";

const AUDIT = { seed: "abc", stratum: "cfg/switched" };

describe("review records", () => {
  it("a confirmed detector tag names the detector, its version and the tag's steps", () => {
    const r = judgeTag(reviewContext(), detectorTag("t", [4, 12]), "confirmed", "right");
    expect(reviewKey(r)).toEqual(["sample", "a.t.switched.r0", "requirement_state_loss", "4,12"]);
    const record = reviewRecord(r, "");
    expect(record).toEqual({
      run_id: "a.t.switched.r0",
      signature: "requirement_state_loss",
      position: 3,
      step_ids: [4, 12],
      note: "right",
      author: { kind: "human", name: "ann" },
      review: {
        verdict: "confirmed",
        date: "2026-12-07T10:00:00.000Z",
        detector: "requirement-state-loss detector",
        detector_version: "v3",
      },
    });
    expect(annotationSchema.safeParse(record).success).toBe(true);
  });

  it("an added tag names the chosen steps and no detector; an absence names no step and carries the audit", () => {
    const ctx = reviewContext({ audit: AUDIT, reviewer: "" });
    const added = reviewRecord(addedTag(ctx, "cross_task_interference", [7], 2, "reads w01"), "bo")!;
    expect(added).toMatchObject({ step_ids: [7], position: 2, author: { kind: "human", name: "bo" } });
    expect(added.review).toEqual({ verdict: "added", date: "2026-12-07T10:00:00.000Z", audit: AUDIT });
    const absent = reviewRecord(absentSignature(ctx, "cross_task_interference", ""), "")!;
    expect(absent).toEqual({
      run_id: "a.t.switched.r0",
      signature: "cross_task_interference",
      step_ids: [],
      note: "",
      author: { kind: "human" },
      review: { verdict: "absent", date: "2026-12-07T10:00:00.000Z", audit: AUDIT },
    });
    for (const r of [added, absent]) expect(annotationSchema.safeParse(r).success).toBe(true);
  });

  it("exports ATIF step ids of the main file; a review with none there is left out and named", () => {
    const ctx = reviewContext({ rows: stepRows(10, 5) });
    expect(mainFileStepIds(ctx.rows, [12, 3, 3, 99])).toEqual([3]);
    const inContinuation = judgeTag(ctx, detectorTag("t", [11, 12]), "rejected", "");
    const mixed = judgeTag(ctx, detectorTag("u", [2, 12]), "rejected", "");
    const out = reviewExport([inContinuation, mixed], "");
    expect(out.skipped).toEqual([inContinuation]);
    expect(out.records.map((r) => r.step_ids)).toEqual([[2]]);
  });

  it("writes one line per record, earliest first, the same text for the same reviews", () => {
    const late = judgeTag(
      reviewContext({ now: new Date("2026-12-08T00:00:00Z") }),
      detectorTag("t", [4]),
      "rejected",
      "",
    );
    const early = addedTag(reviewContext(), "requirement_state_loss", [9], null, 'a=1, "quoted"\nnext line');
    const out = reviewExport([late, early], "");
    const lines = out.text.split("\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(JSON.parse(lines[0]!)).toMatchObject({ step_ids: [9], note: 'a=1, "quoted"\nnext line' });
    expect(JSON.parse(lines[1]!)).toMatchObject({ step_ids: [4], review: { verdict: "rejected" } });
    expect(reviewExport([early, late], "").text).toBe(out.text);
    expect(reviewFileName("sample")).toBe("sample-review-annotations.jsonl");
  });
});
