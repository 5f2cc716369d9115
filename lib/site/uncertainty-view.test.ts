// The uncertainty page's view functions on a hand-made release of three configurations: ranks and intervals are
// written in by hand, so every expected row below is read straight off the fixture.
import { describe, expect, it } from "vitest";
import type { LeaderboardModel, LeaderboardRow } from "../queries/leaderboard/model";
import type { CellRank } from "../queries/leaderboard/ranks";
import type { ConfigRow } from "../queries/leaderboard/sql";
import type { ClusteredCell, UncertaintyPageData } from "../queries/uncertainty/types";
import { gapCell, rateCell } from "./leaderboard-fixture";
import {
  farNearRows,
  forestAxis,
  forestTable,
  intervalsDiffer,
  POOLED_ROW,
  rankColumnsOf,
  rankRows,
  rankTable,
  repeatRows,
  round1,
  shownConfigs,
  uncertaintyViewModel,
} from "./uncertainty-view";

const rank = (r: number, lo: number, hi: number, tieGroup: number, sortKey: number): CellRank => ({
  rank: r,
  lo,
  hi,
  tasks: 20,
  tieGroup,
  sortKey,
  of: 3,
});

function lbRow(id: string, switched: number, sw: CellRank | undefined): LeaderboardRow {
  const rate = { ...rateCell(switched), rank: sw };
  return {
    config: { config_id: id, display_name: id.toUpperCase() } as ConfigRow,
    rates: { overall: { uninterrupted: rateCell(60), switched: rate } },
    gaps: { overall: { switched: { ...gapCell(60 - switched), rank: sw && rank(sw.rank, 1, 3, 1, 0) } } },
  };
}

// Ranked by switched resolution: b (50) first, then a (40), c (40) tied in value; c's tie group is 2.
const LB: LeaderboardModel = {
  groups: ["overall"],
  conditions: ["uninterrupted", "switched"],
  baseline: "uninterrupted",
  scope: {},
  rows: [lbRow("a", 40, rank(2, 1, 3, 1, 1)), lbRow("b", 50, rank(1, 1, 2, 1, 0)), lbRow("c", 40, rank(2, 2, 3, 2, 2))],
};

const cell = (value: number, plain: [number, number], cluster: [number, number]): ClusteredCell => ({
  value,
  tasks: 10,
  repos: 2,
  plain: { lo: plain[0], hi: plain[1] },
  cluster: { lo: cluster[0], hi: cluster[1] },
  designEffect: 2,
});

const REP = { repeats: 3, k: 3, tasks: 10, passAtK: 80, passHatK: 30, flipRate: 40, consistency: 50 };

const DATA: UncertaintyPageData = {
  baseline: "uninterrupted",
  conditions: ["uninterrupted", "switched"],
  groups: ["overall", "near"],
  configs: [
    { config_id: "a", display_name: "Alpha", is_local: false },
    { config_id: "b", display_name: "Beta", is_local: false },
    { config_id: "c", display_name: "Gamma", is_local: false },
  ],
  rows: [
    {
      config_id: "a",
      rates: {},
      gaps: {
        overall: { switched: cell(20, [4.25, 35.75], [-3.04, 44]) },
        near: { switched: cell(-12, [-30, 6], [-30, 6]) },
      },
      farNear: {},
      repeats: {
        near: { uninterrupted: REP },
        overall: { switched: REP, uninterrupted: REP },
      },
    },
    {
      config_id: "b",
      rates: {},
      gaps: { overall: { switched: cell(10, [0, 20], [0, 20]) } },
      farNear: {},
      repeats: {},
    },
    { config_id: "c", rates: {}, gaps: {}, farNear: {}, repeats: {} },
  ],
  pooledFarNear: {},
  reps: 2000,
  seed: 7,
};

const MODEL = uncertaintyViewModel(DATA, LB);

describe("the view model", () => {
  it("keeps the configurations' order, the non-baseline conditions and each configuration's gaps", () => {
    expect(MODEL.configs.map((c) => c.name)).toEqual(["Alpha", "Beta", "Gamma"]);
    expect(MODEL.others).toEqual(["switched"]);
    expect(MODEL.byConfig.b!.gaps.overall!.switched!.value).toBe(10);
  });
  it("has one rank column per leaderboard column, with each ranked cell's value and rank", () => {
    const cols = rankColumnsOf(LB);
    expect(cols.map((c) => c.id)).toEqual(["overall.uninterrupted", "overall.switched", "overall.gap.switched"]);
    // The uninterrupted column has no ranks in the fixture: no cell is listed.
    expect(cols[0]!.cells).toEqual({});
    expect(cols[1]!.label).toBe("Overall: resolution Switch");
    expect(cols[1]!.cells.c).toEqual({ value: 40, rank: 2, lo: 2, hi: 3, tieGroup: 2, sortKey: 2, of: 3 });
  });
});

describe("the page's resamples against the leaderboard's", () => {
  it("names the leaderboard's count when the page drew fewer, and nothing when it drew the same", () => {
    // The fixture draws 2,000 with seed 7; the leaderboard draws DEFAULT_BOOTSTRAP_REPS (10,000).
    expect(MODEL.leaderboardReps).toBe(10_000);
    const same = uncertaintyViewModel({ ...DATA, reps: 10_000, seed: 20261129 }, LB);
    expect(same.leaderboardReps).toBeNull();
  });
});

describe("the configurations shown", () => {
  it("filters by name or id in any case, in the given order, and stops at the limit", () => {
    expect(shownConfigs(MODEL.configs, "").shown.map((c) => c.id)).toEqual(["a", "b", "c"]);
    expect(shownConfigs(MODEL.configs, " ALP ").shown.map((c) => c.id)).toEqual(["a"]);
    expect(shownConfigs(MODEL.configs, "c")).toMatchObject({ matching: 1, total: 3 });
    expect(shownConfigs(MODEL.configs, "a", 2)).toMatchObject({ matching: 3, total: 3 });
    expect(shownConfigs(MODEL.configs, "a", 2).shown.map((c) => c.id)).toEqual(["a", "b"]);
  });
});

describe("the forest plot", () => {
  it("one row per configuration × group, rounded as printed, unknown as null", () => {
    const t = forestTable(MODEL, MODEL.configs.slice(0, 1), "switched");
    expect(t.rows).toEqual([
      // 4.25 → 4.3 and 35.75 → 35.8 by toFixed; -3.04 → -3.
      { config: "Alpha", group: "Overall", gap: 20, lo: 4.3, hi: 35.8, clo: -3, chi: 44 },
      { config: "Alpha", group: "Near", gap: -12, lo: -30, hi: 6, clo: -30, chi: 6 },
    ]);
    const c = forestTable(MODEL, MODEL.configs.slice(2), "switched");
    expect(c.rows[0]).toEqual({
      config: "Gamma",
      group: "Overall",
      gap: null,
      lo: null,
      hi: null,
      clo: null,
      chi: null,
    });
  });
  it("shares one axis over every shown gap and interval and 0: -30…44 → -40…60 in steps of 20", () => {
    // span 74 / 6 ≈ 12.3 → step 20.
    expect(forestAxis(MODEL, ["a", "b", "c"], "switched").ticks).toEqual([-40, -20, 0, 20, 40, 60]);
    // b alone: 0…20, span 20 / 6 ≈ 3.3 → step 5.
    expect(forestAxis(MODEL, ["b"], "switched").ticks).toEqual([0, 5, 10, 15, 20]);
  });
  it("draws the clustered interval only when an end moves by 0.05 or more", () => {
    expect(intervalsDiffer({ lo: 1, hi: 2 }, { lo: 1.04, hi: 2 })).toBe(false);
    expect(intervalsDiffer({ lo: 1, hi: 2 }, { lo: 1, hi: 1.95 })).toBe(true);
  });
  it("round1 never prints -0", () => {
    expect(Object.is(round1(-0.04), 0)).toBe(true);
    expect(round1(Number.NaN)).toBeNull();
  });
});

describe("the rank-interval plot", () => {
  it("ranks by the leaderboard's rank sort, tie groups together; unranked configurations left out", () => {
    const col = MODEL.rankColumns.find((c) => c.id === "overall.switched");
    const { rows, ranked } = rankRows(col, MODEL.configs);
    expect(rows.map((r) => r.id)).toEqual(["b", "a", "c"]);
    expect(ranked).toBe(3);
    expect(rankTable(col!, rows).rows).toEqual([
      { config: "Beta", value: 50, rank: 1, lo: 1, hi: 2, tie: 1 },
      { config: "Alpha", value: 40, rank: 2, lo: 1, hi: 3, tie: 1 },
      { config: "Gamma", value: 40, rank: 2, lo: 2, hi: 3, tie: 2 },
    ]);
    expect(rankRows(MODEL.rankColumns[0], MODEL.configs).rows).toEqual([]);
    expect(rankRows(col, MODEL.configs, 1).rows.map((r) => r.id)).toEqual(["b"]);
  });
});

describe("the repeats table", () => {
  it("lists each repeated cell: baseline first, then the other conditions, each in the groups' order", () => {
    expect(repeatRows(MODEL, MODEL.configs).map((r) => `${r.id} ${r.condition} ${r.group}`)).toEqual([
      "a uninterrupted overall",
      "a uninterrupted near",
      "a switched overall",
    ]);
    expect(repeatRows(MODEL, MODEL.configs.slice(1))).toEqual([]);
  });
});

describe("the far − near table", () => {
  const fn = (value: number) => ({
    value,
    near: 10,
    far: 10 + value,
    plain: { lo: value - 5, hi: value + 5 },
    cluster: { lo: value - 8, hi: value + 8 },
    designEffect: 2,
    byRepo: { value: value / 2, lo: 0, hi: value, repos: 2, oneGroup: 1 },
  });
  it("puts the pooled difference first, naming how many configurations it pools, then the shown ones", () => {
    const model = uncertaintyViewModel(
      {
        ...DATA,
        rows: DATA.rows.map((r) => (r.config_id === "a" ? { ...r, farNear: { switched: fn(6) } } : r)),
        pooledFarNear: { switched: { ...fn(4), configs: 3 } },
      },
      LB,
    );
    const rows = farNearRows(model, model.configs.slice(0, 2), "switched");
    expect(rows.map((r) => [r.id, r.name, r.cell?.value, r.cell?.byRepo.value])).toEqual([
      [POOLED_ROW, "All configurations (pooled, 3)", 4, 2],
      ["a", "Alpha", 6, 3],
      ["b", "Beta", undefined, undefined],
    ]);
  });
  it("has no pooled row where the release has none", () => {
    expect(farNearRows(MODEL, MODEL.configs.slice(0, 1), "switched").map((r) => r.id)).toEqual(["a"]);
  });
});
