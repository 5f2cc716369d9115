import { describe, expect, it } from "vitest";
import type { LeaderboardModel, LeaderboardRow } from "../queries/leaderboard/model";
import { isDefaultView, leaderboardHead } from "./leaderboard-head";
import { gapCell, rateCell } from "./leaderboard-fixture";
import { defaultViewState } from "./leaderboard-view";
import { FIRST_ROWS, WINDOW_FROM } from "./row-window";

const rate = (value: number) => rateCell(value, 0);
const gap = (value: number) => gapCell(value, 0);

/** Configuration i resolves 10 % switched, except the best (i = best: 90 %) and the worst (i = worst: 0 %). */
function model(n: number, best: number, worst: number): LeaderboardModel {
  const rows: LeaderboardRow[] = Array.from({ length: n }, (_, i) => {
    const s = i === best ? 90 : i === worst ? 0 : 10;
    return {
      config: {
        config_id: `c${i}`,
        model: `model ${i % 7}`,
        harness: i === n - 1 ? "last harness" : "h",
        harness_version: null,
        reasoning: null,
        variant: "native",
        base_config_id: null,
        display_name: `c${i}`,
        sort_order: i,
        is_local: false,
        verified_by: i === n - 1 ? "maintainer" : null,
      },
      rates: { overall: { uninterrupted: rate(50), switched: rate(s) } },
      gaps: { overall: { switched: gap(50 - s) } },
    };
  });
  return { groups: ["overall"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted", scope: {}, rows };
}

describe("leaderboardHead", () => {
  it("hands a release of at most WINDOW_FROM configurations over whole, with no head", () => {
    const m = model(WINDOW_FROM, 0, 1);
    const { model: out, head } = leaderboardHead(m);
    expect(out).toBe(m);
    expect(head).toBeNull();
  });

  it("keeps the first rows of a long release, with options, provenance and marks taken over every row", () => {
    // 250 configurations; the best switched rate is row 240's, the worst row 3's: among the first 30 rows only
    // row 3 is marked (underlined), and no row is bold, though 10 % would be the best of those 30 alone.
    const { model: out, head } = leaderboardHead(model(250, 240, 3));
    expect(out.rows.map((r) => r.config.config_id)).toEqual(Array.from({ length: FIRST_ROWS }, (_, i) => `c${i}`));
    expect(head!.total).toBe(250);
    expect(head!.options.harness).toEqual(["h", "last harness"]);
    expect(head!.options.model).toHaveLength(7);
    expect(head!.hasVerified).toBe(true);
    const switched = head!.marks["overall.switched"]!;
    expect(switched).toHaveLength(FIRST_ROWS);
    expect(switched.filter((m) => m.best)).toEqual([]);
    expect(switched.map((m, i) => (m.worst ? i : -1)).filter((i) => i >= 0)).toEqual([3]);
    // the gap is lower-is-better: row 3's 50 points is its worst
    expect(head!.marks["overall.gap.switched"]![3]).toEqual({ best: false, worst: true });
  });

  it("knows the default view, the one the head's marks hold for", () => {
    const m = model(3, 0, 1);
    const d = defaultViewState(m);
    expect(isDefaultView(d, m)).toBe(true);
    expect(isDefaultView({ ...d, sort: { id: "overall.switched", desc: true } }, m)).toBe(false);
    expect(isDefaultView({ ...d, harness: ["h"] }, m)).toBe(false);
    expect(isDefaultView({ ...d, groups: [] }, m)).toBe(false);
    expect(isDefaultView({ ...d, verified: true }, m)).toBe(false);
  });
});
