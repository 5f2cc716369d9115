// A crafted review link (issue 58): the audit stratum a review is stored with, and so exported, is the run's own.
import { describe, expect, it } from "vitest";
import { isJudgement, runAudit } from "./verdicts";
import { REVIEW_VERDICTS } from "../../data/schema";

const run = { config_id: "orca-opencode", condition: "switched" };

describe("runAudit", () => {
  it("keeps the link's audit when its stratum is the run's <config_id>/<condition>", () => {
    expect(runAudit({ seed: "abc", stratum: "orca-opencode/switched" }, run)).toEqual({
      seed: "abc",
      stratum: "orca-opencode/switched",
    });
  });

  it("stores no audit for a link naming another stratum, or before the run is known", () => {
    expect(runAudit({ seed: "abc", stratum: "orca-opencode-router/switched" }, run)).toBeNull();
    expect(runAudit({ seed: "abc", stratum: "orca-opencode/uninterrupted" }, run)).toBeNull();
    expect(runAudit({ seed: "abc", stratum: "orca-opencode/switched" }, null)).toBeNull();
    expect(runAudit(null, run)).toBeNull();
  });
});

describe("isJudgement", () => {
  it("is a verdict on a detector's tag: confirmed or rejected, not an added tag or an absence", () => {
    expect(REVIEW_VERDICTS.filter(isJudgement)).toEqual(["confirmed", "rejected"]);
    expect(isJudgement(null)).toBe(false);
  });
});
