// Ranks decided in exact arithmetic on e2e/fixtures/releases/thirdscalc (EXPECTED.md), on real DuckDB: with three
// repeats, drift's switched task scores 2/3, 1, 1, 1, 1, 1/3 sum to 4.999999999999999 in floating point, not 5.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { computeLeaderboard, type LeaderboardModel } from "./model";

const DIR = "e2e/fixtures/releases/thirdscalc";
const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };
let db: NodeDb;
let model: LeaderboardModel;

beforeAll(async () => {
  const { release } = await loadRelease(DIR);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  model = await computeLeaderboard(db, META);
});
afterAll(() => db?.close());

const rowOf = (config: string) => model.rows.find((x) => x.config.config_id === config)!;

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
});
