import { describe, expect, it } from "vitest";
import { auditSample, stratumKey, type AuditRun, type Stratum } from "./audit-sample";

const CONFIGS = ["a", "b", "c"];
const CONDITIONS = ["uninterrupted", "switched"];
const STRATA: Stratum[] = CONFIGS.flatMap((config_id) => CONDITIONS.map((condition) => ({ config_id, condition })));
const RUNS: AuditRun[] = STRATA.flatMap((s) =>
  Array.from({ length: 10 }, (_, i) => ({ ...s, run_id: `${s.config_id}.t${i}.${s.condition}.r0` })),
);

const ids = (sample: ReturnType<typeof auditSample>) => sample.map((s) => s.runs);

describe("auditSample", () => {
  it("draws the same runs for the same seed, whatever the runs' order", () => {
    const once = auditSample(RUNS, STRATA, "abc", 2);
    expect(auditSample(RUNS, STRATA, "abc", 2)).toEqual(once);
    expect(auditSample([...RUNS].reverse(), STRATA, "abc", 2)).toEqual(once);
  });

  it("draws other runs for another seed", () => {
    expect(ids(auditSample(RUNS, STRATA, "abd", 2))).not.toEqual(ids(auditSample(RUNS, STRATA, "abc", 2)));
  });

  it("covers every stratum with k distinct runs of that stratum", () => {
    const sample = auditSample(RUNS, STRATA, "seed", 3);
    expect(sample.map((s) => s.stratum)).toEqual(STRATA.map(stratumKey));
    for (const s of sample) {
      expect(s.runs).toHaveLength(3);
      expect(new Set(s.runs).size).toBe(3);
      for (const id of s.runs)
        expect(RUNS.find((r) => r.run_id === id)).toMatchObject({ config_id: s.config_id, condition: s.condition });
    }
    const all = sample.flatMap((s) => s.runs);
    expect(new Set(all).size).toBe(all.length);
  });

  it("takes every run of a small stratum once, lists an empty stratum, and keeps duplicates out", () => {
    const runs = [...RUNS.filter((r) => r.config_id === "a" && r.condition === "switched").slice(0, 1)];
    const sample = auditSample([...runs, ...runs], STRATA, "x", 2);
    expect(sample.find((s) => s.stratum === "a/switched")).toMatchObject({ available: 1, runs: [runs[0]!.run_id] });
    expect(sample.find((s) => s.stratum === "c/uninterrupted")).toMatchObject({ available: 0, runs: [] });
  });

  it("leaves a stratum's sample alone when another stratum is added", () => {
    const more = [...RUNS, { run_id: "d.t0.switched.r0", config_id: "d", condition: "switched" }];
    const before = auditSample(RUNS, STRATA, "s", 2);
    const after = auditSample(more, STRATA, "s", 2);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.at(-1)).toMatchObject({ stratum: "d/switched", runs: ["d.t0.switched.r0"] });
  });
});
