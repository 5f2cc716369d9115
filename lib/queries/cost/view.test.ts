// The cost page's arrangement of the SQL rows, on the hand-computed releases.
import { beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb } from "../../db/node";
import { computeCostPage, type CostPageData } from "./model";
import { defaultCostState, failureTable, parseCostState, scatterPoints, serializeCostState, table2Rows } from "./view";

const META = { baseline: "uninterrupted", conditions: ["uninterrupted", "switched"], groups: ["near", "far"] };
const M = 1_000_000;
const pages: Record<string, CostPageData> = {};

beforeAll(async () => {
  for (const name of ["costcalc", "handcalc"]) {
    const { release } = await loadRelease(`e2e/fixtures/releases/${name}`);
    const db = await openNodeDb();
    await loadTablesNode(db, releaseTables(release!));
    pages[name] = await computeCostPage(db, META);
    db.close();
  }
});

describe("Table 2 rows", () => {
  it("switch the token cells with the cached-input toggle and keep the rest", () => {
    const data = pages.costcalc!;
    const [pIn] = table2Rows(data, { mode: "cached", grp: "overall", condition: "switched" });
    const [pEx] = table2Rows(data, { mode: "uncached", grp: "overall", condition: "switched" });
    expect([pIn!.tokens.base, pIn!.tokens.all, pIn!.tokens.focus]).toEqual([4.5 * M, 11.5 * M, 3.5 * M]);
    expect([pEx!.tokens.base, pEx!.tokens.all, pEx!.tokens.focus]).toEqual([2.25 * M, 4.25 * M, 1 * M]);
    expect(pEx!.model_calls).toEqual(pIn!.model_calls);
    expect([pIn!.baseRuns, pIn!.runs]).toEqual([2, 2]);
  });
});

describe("scatter", () => {
  it("pairs each configuration's points and marks the frontier per condition", () => {
    const pts = scatterPoints(pages.handcalc!, {
      mode: "cached",
      grp: "overall",
      condition: "switched",
      axis: "tokens",
    });
    const on = (cond: string) => pts.filter((p) => p.condition === cond && p.onFrontier).map((p) => p.configId);
    // Unint: all three cost 6,000; alpha and beta tie at 75 %. Switch: gamma 23,500 at 50 % beats alpha 28,000 at 50 %.
    expect(on("uninterrupted")).toEqual(["alpha", "beta"]);
    expect(on("switched")).toEqual(["gamma"]);
    expect(pts.find((p) => p.configId === "gamma" && p.condition === "switched")).toMatchObject({
      cost: 23500,
      resolution: 50,
    });
  });

  it("uses cost in USD on request and leaves configurations without cost off the frontier", () => {
    const pts = scatterPoints(pages.costcalc!, { mode: "cached", grp: "overall", condition: "switched", axis: "usd" });
    expect(
      pts.map((p) => [
        p.configId,
        p.condition,
        p.cost === null ? null : Number(p.cost.toFixed(6)),
        p.resolution,
        p.onFrontier,
      ]),
    ).toEqual([
      ["p", "uninterrupted", 0.45, 100, true],
      ["q", "uninterrupted", null, 50, false],
      ["p", "switched", 1.15, 50, true],
      ["q", "switched", null, 0, false],
    ]);
  });
});

describe("failure table", () => {
  it("adds up the unresolved cells per configuration and condition", () => {
    const rows = failureTable(pages.handcalc!, "overall", ["uninterrupted", "switched"]);
    expect(rows.map((r) => [r.config.config_id, r.condition, r.unresolved, r.total])).toEqual([
      ["alpha", "uninterrupted", 1, 4],
      ["alpha", "switched", 2, 4],
      ["beta", "uninterrupted", 1, 4],
      ["beta", "switched", 3, 4],
      ["gamma", "uninterrupted", 2, 4],
      ["gamma", "switched", 2, 4],
    ]);
    expect(rows[3]!.counts).toEqual({ resolved: 1, implementation: 2, submission: 0, incomplete: 0, no_run: 1 });
  });
});

describe("URL state", () => {
  it("round-trips and drops defaults and unknown values", () => {
    const data = pages.costcalc!;
    expect(serializeCostState(defaultCostState(data), data)).toBe("");
    const s = parseCostState(
      "?tokens=uncached&group=far&axis=usd&binConfig=p&bin=17&config=q&session=s-F&repeat=0",
      data,
    );
    expect(s).toEqual({
      mode: "uncached",
      grp: "far",
      condition: "switched",
      axis: "usd",
      bin: { configId: "p", index: 17 },
      session: { configId: "q", sessionId: "s-F", repeat: 0 },
    });
    expect(parseCostState(serializeCostState(s, data), data)).toEqual(s);
    expect(parseCostState("?group=mars&binConfig=nobody&bin=1&config=nobody&session=s-A", data)).toEqual(
      defaultCostState(data),
    );
  });
});
