// The dot plot's table on hand-made cells: the shares are written in (3 of 10 runs: 30%, Wilson 95% 10.78–60.32
// by the formula with z = 1.96), so each expected row is read off the fixture.
import { describe, expect, it } from "vitest";
import type { PrevalenceCell, Share } from "../queries/signatures/prevalence-model";
import { cellsByKey, dotKey, prevalenceAxis, prevalenceDotTable, shareOf } from "./prevalence-dots";

const S = (k: number, n: number, pct: number | null, lo: number | null, hi: number | null): Share => ({
  k,
  n,
  pct,
  lo,
  hi,
});

function cell(
  config: string,
  condition: string,
  grp: string,
  signature: string,
  strong: Share,
  weak: Share,
): PrevalenceCell {
  return {
    config_id: config,
    display_name: config.toUpperCase(),
    condition,
    grp,
    signature,
    runs: strong.n,
    readable_runs: strong.n,
    unreadable_runs: 0,
    no_trajectory_runs: 0,
    strong_runs: strong.k,
    weak_runs: weak.k,
    strong,
    weak,
  };
}

const CELLS = cellsByKey([
  cell("a", "switched", "overall", "requirement_state_loss", S(3, 10, 30, 10.78, 60.32), S(1, 10, 10, 1.79, 40.42)),
  cell("a", "uninterrupted", "overall", "requirement_state_loss", S(0, 0, null, null, null), S(0, 0, null, null, null)),
  cell("a", "switched", "near", "requirement_state_loss", S(1, 4, 25, 4.56, 69.94), S(0, 4, 0, 0, 48.99)),
]);

describe("the prevalence dot plot's table", () => {
  const args = {
    cells: CELLS,
    configs: [{ id: "a", name: "Alpha" }],
    conditions: ["uninterrupted", "switched"],
    group: "overall",
    signatures: ["requirement_state_loss"],
  };
  it("one row per configuration × condition; a cell without readable runs is unknown (null), never 0", () => {
    const t = prevalenceDotTable({ ...args, strength: "strong" });
    expect(t.columns.map((c) => c.label)).toEqual([
      "Configuration",
      "Condition",
      "Requirement-state loss (%)",
      "Requirement-state loss 95% low",
      "Requirement-state loss 95% high",
      "Requirement-state loss runs tagged",
      "Requirement-state loss readable runs",
    ]);
    expect(t.rows).toEqual([
      {
        config: "Alpha",
        condition: "Unint",
        "requirement_state_loss.pct": null,
        "requirement_state_loss.lo": null,
        "requirement_state_loss.hi": null,
        "requirement_state_loss.k": 0,
        "requirement_state_loss.n": 0,
      },
      {
        config: "Alpha",
        condition: "Switch",
        "requirement_state_loss.pct": 30,
        "requirement_state_loss.lo": 10.8,
        "requirement_state_loss.hi": 60.3,
        "requirement_state_loss.k": 3,
        "requirement_state_loss.n": 10,
      },
    ]);
  });
  it("reads the weak-only share and the chosen group", () => {
    const t = prevalenceDotTable({ ...args, group: "near", strength: "weak" });
    expect(t.rows[1]).toMatchObject({ "requirement_state_loss.pct": 0, "requirement_state_loss.hi": 49 });
    expect(t.caption).toContain("weak tags only of each signature, Near focus tasks");
    // No near cell under the baseline: every number unknown.
    expect(t.rows[0]!["requirement_state_loss.n"]).toBeNull();
  });
  it("picks the share by strength, and nothing for a missing cell", () => {
    const c = CELLS.get(dotKey("a", "switched", "overall", "requirement_state_loss"));
    expect(shareOf(c, "strong")?.k).toBe(3);
    expect(shareOf(c, "weak")?.k).toBe(1);
    expect(shareOf(undefined, "strong")).toBeUndefined();
  });
});

describe("the prevalence dot plot's axis", () => {
  const base = {
    configs: [{ id: "a", name: "Alpha" }],
    conditions: ["uninterrupted", "switched"],
    group: "overall",
    signatures: ["requirement_state_loss"],
    strength: "strong" as const,
  };
  it("reaches the highest upper end, widened to a round tick: 60.32 → 0–80 in steps of 20 (60.32 / 5 ≈ 12 → 20)", () => {
    expect(prevalenceAxis({ ...base, cells: CELLS })).toEqual({ lo: 0, hi: 80, ticks: [0, 20, 40, 60, 80] });
  });
  it("small shares get a small axis: 3 of 1000 (0.3%, Wilson 0.10–0.88) and 9 of 1000 (0.9%, 0.47–1.70) → 0–2%", () => {
    // Upper ends 0.88 and 1.70 (Wilson, z = 1.96); 1.70 / 5 = 0.34 → steps of 0.5, ends widened to 2.
    const cells = cellsByKey([
      cell("a", "switched", "overall", "requirement_state_loss", S(3, 1000, 0.3, 0.1, 0.88), S(0, 0, null, null, null)),
      cell(
        "a",
        "uninterrupted",
        "overall",
        "requirement_state_loss",
        S(9, 1000, 0.9, 0.47, 1.7),
        S(0, 0, null, null, null),
      ),
    ]);
    expect(prevalenceAxis({ ...base, cells })).toEqual({ lo: 0, hi: 2, ticks: [0, 0.5, 1, 1.5, 2] });
    // Weak tags only: no readable share drawn → the whole 0–100% scale.
    expect(prevalenceAxis({ ...base, cells, strength: "weak" })).toEqual({
      lo: 0,
      hi: 100,
      ticks: [0, 20, 40, 60, 80, 100],
    });
  });
  it("an interval reaching past 80 gives the whole scale, never past 100", () => {
    const cells = cellsByKey([
      cell("a", "switched", "overall", "requirement_state_loss", S(9, 10, 90, 59.58, 98.21), S(0, 0, null, null, null)),
    ]);
    expect(prevalenceAxis({ ...base, cells }).hi).toBe(100);
  });
});
