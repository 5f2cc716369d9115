// The dot plot's table on hand-made cells: the shares are written in (3 of 10 runs: 30%, Wilson 95% 10.78–60.32
// by the formula with z = 1.96), so each expected row is read off the fixture.
import { describe, expect, it } from "vitest";
import type { PrevalenceCell, Share } from "../queries/signatures/prevalence-model";
import { cellsByKey, dotKey, prevalenceDotTable, shareOf } from "./prevalence-dots";

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
