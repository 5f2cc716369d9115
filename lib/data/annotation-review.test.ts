// The annotation record's review extension (docs/data-format.md, annotations.jsonl): a tag names evidence,
// and only a review saying the signature is absent may name none.
import { describe, expect, it } from "vitest";
import { annotationSchema } from "./schema";

const base = {
  run_id: "a.t.switched.r0",
  signature: "requirement_state_loss",
  note: "",
  author: { kind: "human", name: "ann" },
};

describe("annotation review", () => {
  it("accepts a review confirming a detector's tag at its steps", () => {
    const review = { verdict: "confirmed", date: "2026-12-07", detector: "d", detector_version: "v4" };
    expect(annotationSchema.safeParse({ ...base, step_ids: [3, 9], review }).success).toBe(true);
  });

  it("accepts an audit review saying the signature is absent, with no steps", () => {
    const review = { verdict: "absent", date: "2026-12-07", audit: { seed: "s1", stratum: "a/switched" } };
    expect(annotationSchema.safeParse({ ...base, step_ids: [], review }).success).toBe(true);
  });

  it("refuses a tag with no steps, and a review with an unknown verdict or date", () => {
    const none = annotationSchema.safeParse({ ...base, step_ids: [] });
    expect(none.success).toBe(false);
    expect(none.error?.issues[0]?.path).toEqual(["step_ids"]);
    const rejectedNoSteps = { verdict: "rejected", date: "2026-12-07" };
    expect(annotationSchema.safeParse({ ...base, step_ids: [], review: rejectedNoSteps }).success).toBe(false);
    const odd = { verdict: "maybe", date: "2026-12-07" };
    expect(annotationSchema.safeParse({ ...base, step_ids: [1], review: odd }).success).toBe(false);
    const undated = { verdict: "added", date: "yesterday" };
    expect(annotationSchema.safeParse({ ...base, step_ids: [1], review: undated }).success).toBe(false);
  });
});
