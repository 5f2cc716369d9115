// The ablation on real DuckDB against benchmark-mini (EXPECTED.md, "Ablation").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NodeDb } from "../../db/node";
import { computeAblation, type AblationModel } from "./model";
import { openBenchmarkMini } from "../benchmark-fixture";

const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };
let db: NodeDb;
let model: AblationModel;

beforeAll(async () => {
  ({ db } = await openBenchmarkMini());
  model = await computeAblation(db, META);
});
afterAll(() => db?.close());

const member = (id: string) => model.families[0]!.members.find((m) => m.row.config.config_id === id)!;

describe("ablation families", () => {
  it("groups the variants with their native configuration, native first; n2 has no variants", () => {
    expect(model.families.map((f) => [f.native.config_id, f.members.map((m) => m.row.config.config_id)])).toEqual([
      ["n1", ["n1", "n1-router", "n1-rcm"]],
    ]);
  });

  it("gives switched resolution gains over native per group", () => {
    const gain = (id: string, g: string) => member(id).gains[g]!.switched!.value;
    expect(gain("n1-router", "overall")).toBeCloseTo(33.333, 3);
    expect(gain("n1-rcm", "overall")).toBeCloseTo(66.667, 3);
    expect([
      gain("n1-router", "near"),
      gain("n1-rcm", "near"),
      gain("n1-router", "far"),
      gain("n1-rcm", "far"),
    ]).toEqual([100, 100, 0, 50]);
    expect(member("n1-router").gains.overall!.uninterrupted!.value).toBeCloseTo(-33.333, 3);
    expect(member("n1").gains).toEqual({});
  });

  it("keeps the leaderboard's gaps", () => {
    expect(member("n1").row.gaps.overall!.switched!.value).toBeCloseTo(66.667, 3);
    expect(member("n1-router").row.gaps.overall!.switched!.value).toBe(0);
    expect(member("n1-rcm").row.gaps.overall!.switched!.value).toBe(0);
  });

  it("pairs tasks for the gain's interval and McNemar test", () => {
    expect(member("n1-router").gains.overall!.switched).toMatchObject({
      variantOnly: 1,
      nativeOnly: 0,
      p: 1,
      lo: 0,
      hi: 100,
    });
    expect(member("n1-rcm").gains.overall!.switched).toMatchObject({
      variantOnly: 2,
      nativeOnly: 0,
      p: 0.5,
      lo: 0,
      hi: 100,
    });
  });

  it("marks the highest switched resolution of the family, ties included", () => {
    const best = model.families[0]!.best;
    expect(best.overall!.switched).toEqual(["n1-rcm"]);
    expect(best.near!.switched).toEqual(["n1-router", "n1-rcm"]);
  });
});
