// Rank intervals and tie groups on the hand-computed releases (e2e/fixtures/releases/handcalc and thirdscalc, their
// EXPECTED.md), on real DuckDB. handcalc: the switched resolution of alpha, beta and gamma over the four focus
// tasks of one repository.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { rankIntervals } from "../../metrics/rank-intervals";
import { computeLeaderboard, type LeaderboardModel } from "./model";

const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };
const dbs: NodeDb[] = [];
let model: LeaderboardModel;
let thirds: LeaderboardModel;

/** The leaderboard model of a fixture release, on its own DuckDB. */
async function modelOf(dir: string): Promise<LeaderboardModel> {
  const { release } = await loadRelease(dir);
  const db = await openNodeDb();
  dbs.push(db);
  await loadTablesNode(db, releaseTables(release!));
  return computeLeaderboard(db, META);
}

beforeAll(async () => {
  model = await modelOf("e2e/fixtures/releases/handcalc");
  thirds = await modelOf("e2e/fixtures/releases/thirdscalc");
});
afterAll(() => dbs.forEach((db) => db.close()));

const rankOf = (config: string) => {
  const r = model.rows.find((x) => x.config.config_id === config)!.rates.overall!.switched!.rank!;
  return { rank: r.rank, lo: r.lo, hi: r.hi, tie: r.tieGroup };
};

describe("overall switched resolution of handcalc", () => {
  // Per task (N1, N2, F1, F2) switched: alpha 1 0 1 0, beta 1 0 0 0 (F2 missing: unresolved), gamma 1 1 0 0.
  // The bootstrap resamples the focus tasks (docs/benchmark.md, "Ranks and ties"): 4 tasks, so a draw is 4 tasks
  // with replacement, 256 equally likely draws. In a draw, a beats b when
  // the draw holds more of the tasks a alone resolved than of those b alone resolved.
  // alpha: beta never beats it (beta ≤ alpha on every task); gamma beats it when the draw holds more N2 than
  //   F1: P = (1 − P(as many)) / 2 = (1 − 35/128) / 2 = 93/256 ≈ 0.36. Ranks {1: 0.64, 2: 0.36} → 1–2.
  // beta: alpha beats it when the draw holds F1, gamma when it holds N2. Rank 1 when it holds neither:
  //   (2/4)^4 = 16/256 ≈ 0.06 > 0.025; rank 3 when it holds both: 1 − 2·81/256 + 16/256 = 110/256 ≈ 0.43 → 1–3.
  //   Point rank 3 (25 % against 50 %).
  // gamma: beta never beats it; alpha when F1 > N2, 93/256 → 1–2. Point rank 1 (tied with alpha at 50 %:
  //   competition ranking).
  it("gives the bootstrap intervals worked by hand on its task scores", () => {
    const matrix = [
      [1, 0, 1, 0],
      [1, 0, 0, 0],
      [1, 1, 0, 0],
    ];
    const r = rankIntervals(matrix, [0, 0, 0, 0]).map(({ rank, lo, hi }) => ({ rank, lo, hi }));
    expect(r).toEqual([
      { rank: 1, lo: 1, hi: 2 },
      { rank: 3, lo: 1, hi: 3 },
      { rank: 1, lo: 1, hi: 2 },
    ]);
  });

  // Four focus tasks are fewer than MIN_RANK_INTERVAL_TASKS (20): the cells keep their point rank and tie group,
  // and no interval (over four tasks, "#1–2" would claim more than the data hold).
  it("gives each cell its point rank and no rank interval: four tasks are too few", () => {
    expect(rankOf("alpha")).toMatchObject({ rank: 1, lo: null, hi: null });
    expect(rankOf("beta")).toMatchObject({ rank: 3, lo: null, hi: null });
    expect(rankOf("gamma")).toMatchObject({ rank: 1, lo: null, hi: null });
    expect(model.rows.every((x) => x.rates.overall!.switched!.rank!.tasks === 4)).toBe(true);
  });

  // McNemar against the best (alpha, first of the tied best by input order): gamma b = 1 (F1), c = 1 (N2), p = 1;
  // beta b = 1 (F1), c = 0, p = 1 (one discordant pair cannot be significant). Holm keeps both: one tie group.
  it("puts all three in the best's tie group: no exact McNemar test tells them apart", () => {
    expect(["alpha", "beta", "gamma"].map((c) => rankOf(c).tie)).toEqual([1, 1, 1]);
  });

  it("ranks gaps with lower better: overall gap alpha 25, beta 50, gamma 0 → gamma 1, alpha 2, beta 3", () => {
    const gap = (c: string) => model.rows.find((x) => x.config.config_id === c)!.gaps.overall!.switched!.rank!.rank;
    expect(["gamma", "alpha", "beta"].map(gap)).toEqual([1, 2, 3]);
  });
});

// e2e/fixtures/releases/thirdscalc (EXPECTED.md): with three repeats, drift's switched task scores 2/3, 1, 1, 1, 1,
// 1/3 sum to 4.999999999999999 in floating point, not 5; ranks are decided in exact arithmetic.
const rowOf = (config: string) => thirds.rows.find((x) => x.config.config_id === config)!;

describe("thirdscalc: repeat means in thirds", () => {
  it("shows the same rate for exact and drift: 15/18", () => {
    expect(rowOf("exact").rates.overall!.switched!.value).toBe(rowOf("drift").rates.overall!.switched!.value);
    expect(rowOf("drift").rates.overall!.switched!.value).toBeCloseTo((100 * 15) / 18, 12);
  });

  it("ranks equal rates equally: top 1, exact 2, drift 2 (not 3)", () => {
    const rank = (c: string) => rowOf(c).rates.overall!.switched!.rank!.rank;
    expect(["top", "exact", "drift"].map(rank)).toEqual([1, 2, 2]);
  });

  it("gives equal gaps equal values and ranks: top 0 (1), exact and drift 100/6 (2)", () => {
    const gap = (c: string) => rowOf(c).gaps.overall!.switched!;
    expect(gap("exact").value).toBe(gap("drift").value);
    expect(gap("exact").value).toBe(100 / 6);
    expect(["top", "exact", "drift"].map((c) => gap(c).rank!.rank)).toEqual([1, 2, 2]);
  });

  it("puts all three in T1: exact differs from top on one task (p = 1), drift on two (p = 0.5)", () => {
    const tie = (c: string) => rowOf(c).rates.overall!.switched!.rank!.tieGroup;
    expect(["top", "exact", "drift"].map(tie)).toEqual([1, 1, 1]);
  });
});
