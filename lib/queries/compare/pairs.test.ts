// The compare page's pair files (lib/queries/compare/pairs.ts) on real DuckDB over the hand-computed release
// comparecalc (e2e/fixtures/releases/comparecalc/EXPECTED.md): configurations in release order anna (0), bert (1),
// carl (2); the default condition is switched. EXPECTED.md's "anna (A) vs bert (B), condition switched" and
// "Pair files" give the 2×2s read here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../../db/load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { configsQuery } from "../leaderboard/sql";
import { computeCompare, reviveCompareModel, withIntervals, type CompareModel } from "./model";
import { comparePairFileFor, comparePairsPlan, computePairModel } from "./pairs";

const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };

let db: NodeDb;
beforeAll(async () => {
  const { release, problems } = await loadRelease("e2e/fixtures/releases/comparecalc");
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
});
afterAll(() => db?.close());

const cells = (m: CompareModel) =>
  Object.fromEntries(m.groups.map((g) => [g.grp, [g.both, g.onlyA, g.onlyB, g.neither, g.p, g.resDiff.value]]));

async function pairModel(a: string, b: string): Promise<CompareModel> {
  const configs = await db.run(configsQuery);
  return computePairModel(db, META, { a, b, condition: "switched" }, configs);
}

describe("comparePairsPlan", () => {
  it("lists every ordered pair of different configurations by release position, under switched", async () => {
    const plan = await comparePairsPlan(db, META);
    expect(plan?.configs.map((c) => c.config_id)).toEqual(["anna", "bert", "carl"]);
    // n(n − 1) = 3 · 2 files.
    expect(plan?.pairs).toEqual([
      { file: "compare-pairs/0-1.json", request: { a: "anna", b: "bert", condition: "switched" } },
      { file: "compare-pairs/0-2.json", request: { a: "anna", b: "carl", condition: "switched" } },
      { file: "compare-pairs/1-0.json", request: { a: "bert", b: "anna", condition: "switched" } },
      { file: "compare-pairs/1-2.json", request: { a: "bert", b: "carl", condition: "switched" } },
      { file: "compare-pairs/2-0.json", request: { a: "carl", b: "anna", condition: "switched" } },
      { file: "compare-pairs/2-1.json", request: { a: "carl", b: "bert", condition: "switched" } },
    ]);
  });

  it("plans no files above the cap on configurations", async () => {
    expect(await comparePairsPlan(db, META, 2)).toBeNull();
    expect((await comparePairsPlan(db, META, 3))?.pairs).toHaveLength(6);
  });
});

describe("computePairModel", () => {
  it("anna vs bert: EXPECTED.md's 2×2, McNemar p and A − B, with intervals and no runs", async () => {
    const m = await pairModel("anna", "bert");
    expect(cells(m)).toEqual({
      overall: [2, 5, 1, 2, 0.21875, 40],
      near: [1, 3, 0, 1, 0.25, 60],
      far: [1, 2, 1, 1, 1, 20],
    });
    expect(m.groups.map((g) => g.gapDiff.value)).toEqual([-30, -40, -20]);
    for (const g of m.groups) {
      expect(g.resDiff.lo).toBeLessThanOrEqual(g.resDiff.value);
      expect(g.resDiff.hi).toBeGreaterThanOrEqual(g.resDiff.value);
    }
    expect([m.runs, m.runsRead]).toEqual([[], false]);
  });

  it("bert vs anna and anna vs carl: the mirrored 2×2 and EXPECTED.md's pair-file table", async () => {
    expect(cells(await pairModel("bert", "anna"))).toEqual({
      overall: [2, 1, 5, 2, 0.21875, -40],
      near: [1, 0, 3, 1, 0.25, -60],
      far: [1, 1, 2, 1, 1, -20],
    });
    expect(cells(await pairModel("anna", "carl"))).toEqual({
      overall: [0, 7, 0, 3, 0.015625, 70],
      near: [0, 4, 0, 1, 0.125, 80],
      far: [0, 3, 0, 2, 0.25, 60],
    });
  });

  it("after JSON and revival, equals what the page computes before the runs (computeCompare + withIntervals)", async () => {
    const plan = (await comparePairsPlan(db, META))!;
    for (const { request } of plan.pairs) {
      const file = JSON.parse(JSON.stringify(await computePairModel(db, META, request, plan.configs))) as CompareModel;
      const page = withIntervals(await computeCompare(db, META, request, { intervals: false, runs: false }));
      expect(reviveCompareModel(file), `${request.a} vs ${request.b}`).toEqual(page);
    }
  });
});

describe("comparePairFileFor", () => {
  const ids = ["anna", "bert", "carl"];
  const ctx = { conditions: META.conditions, baseline: META.baseline };
  it("names the file of two published configurations under the default condition", () => {
    expect(comparePairFileFor(ids, { a: "anna", b: "bert", condition: "switched" }, ctx)).toBe(
      "compare-pairs/0-1.json",
    );
    expect(comparePairFileFor(ids, { a: "carl", b: "anna", condition: "switched" }, ctx)).toBe(
      "compare-pairs/2-0.json",
    );
  });
  it("has no file for another condition, one configuration twice or an unknown (local) one", () => {
    expect(comparePairFileFor(ids, { a: "anna", b: "bert", condition: "uninterrupted" }, ctx)).toBeNull();
    expect(comparePairFileFor(ids, { a: "anna", b: "anna", condition: "switched" }, ctx)).toBeNull();
    expect(comparePairFileFor(ids, { a: "anna", b: "mine", condition: "switched" }, ctx)).toBeNull();
  });
});
