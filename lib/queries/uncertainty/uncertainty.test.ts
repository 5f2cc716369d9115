// The uncertainty model on the hand-computed release e2e/fixtures/releases/repeatcalc (EXPECTED.md), on real
// DuckDB: the leaderboard's numbers for every cell, the clustered and plain intervals of the two-repository
// enumeration, the design effects' exact values within sampling error, and the repeat metrics.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { openNodeDb, type NodeDb } from "../../db/node";
import { computeLeaderboard, type LeaderboardModel } from "../leaderboard/model";
import { loadTablesNode } from "../load-node";
import {
  computeConfigRepeats,
  computeConfigUncertainty,
  computeUncertaintyPage,
  pageReps,
  SCALE_PAGE_REPS,
  UNCERTAINTY_REPS,
  UNCERTAINTY_SEED,
} from "./model";
import { configTaskRepeatsQuery, taskRepeatsQuery } from "./sql";
import type { ClusteredCell, UncertaintyPageData } from "./types";

const DIR = "e2e/fixtures/releases/repeatcalc";
const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };
const U = "uninterrupted";
const S = "switched";
let db: NodeDb;
let page: UncertaintyPageData;
let lb: LeaderboardModel;

beforeAll(async () => {
  const { release } = await loadRelease(DIR);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  [page, lb] = await Promise.all([computeUncertaintyPage(db, META), computeLeaderboard(db, META)]);
});
afterAll(() => db?.close());

const row = (config: string) => page.rows.find((r) => r.config_id === config)!;
const span = (lo: number, hi: number) => ({ lo: expect.closeTo(lo, 9), hi: expect.closeTo(hi, 9) });
/** The sampled design effect within 5% of the exact bootstrap variances' ratio (EXPECTED.md). */
const nearly = (cell: { designEffect: number }, exact: number) =>
  expect(Math.abs(cell.designEffect / exact - 1)).toBeLessThan(0.05);

describe("the rows (sql.ts)", () => {
  it("count every task R runs, a missing run unresolved: alpha's switched F3 is n 3, c 1", async () => {
    const alpha = await db.run(configTaskRepeatsQuery, "alpha");
    expect(alpha).toHaveLength(12);
    expect(alpha.find((r) => r.condition === S && r.task_id === "F3")).toEqual({
      condition: S,
      task_id: "F3",
      grp: "far",
      repo: "acme/gadgets",
      n: 3,
      c: 1,
    });
    expect((await db.run(configTaskRepeatsQuery, "beta")).every((r) => r.n === 1)).toBe(true);
  });

  it("one configuration's keyed rows are the all-configurations query's, in the same order", async () => {
    const all = await db.run(taskRepeatsQuery);
    for (const id of ["alpha", "beta"])
      expect(all.filter((r) => r.config_id === id).map(({ config_id: _c, ...r }) => r)).toEqual(
        await db.run(configTaskRepeatsQuery, id),
      );
  });
});

describe("the leaderboard's numbers", () => {
  it("every rate and gap value equals the leaderboard's cell, to the last digit", () => {
    let cells = 0;
    for (const lbRow of lb.rows) {
      const mine = row(lbRow.config.config_id);
      for (const grp of lb.groups) {
        for (const [cond, cell] of Object.entries(lbRow.rates[grp]!)) {
          expect(mine.rates[grp]![cond]!.value, `${grp} ${cond}`).toBe(cell.value);
          cells++;
        }
        for (const [cond, cell] of Object.entries(lbRow.gaps[grp]!)) {
          expect(mine.gaps[grp]![cond]!.value).toBe(cell.value);
          // Same tasks, same order, same reps and seed: the leaderboard's paired bootstrap, draw for draw.
          expect(mine.gaps[grp]![cond]!.plain).toEqual({ lo: cell.lo, hi: cell.hi });
          cells++;
        }
      }
    }
    expect(cells).toBe(2 * 3 * 3);
  });

  it("lists the configurations in the leaderboard's order with the resamples and seed used", () => {
    expect(page.configs.map((c) => c.config_id)).toEqual(lb.rows.map((r) => r.config.config_id));
    expect(page.groups).toEqual(["overall", "near", "far"]);
    expect(page).toMatchObject({ reps: UNCERTAINTY_REPS, seed: UNCERTAINTY_SEED, baseline: U });
  });

  it("draws fewer resamples for the page past 120 configurations only", () => {
    expect([pageReps(11), pageReps(120), pageReps(121), pageReps(1100)]).toEqual([
      UNCERTAINTY_REPS,
      UNCERTAINTY_REPS,
      SCALE_PAGE_REPS,
      SCALE_PAGE_REPS,
    ]);
  });
});

describe("alpha (R = 3), EXPECTED.md", () => {
  it("rates and gaps", () => {
    const a = row("alpha");
    const v = (c: ClusteredCell | undefined) => c!.value;
    expect(v(a.rates.overall![U])).toBeCloseTo((100 * 14) / 18, 9);
    expect(v(a.rates.overall![S])).toBeCloseTo((100 * 7) / 18, 9);
    expect(v(a.gaps.overall![S])).toBeCloseTo((100 * 7) / 18, 9);
    expect(v(a.gaps.near![S])).toBeCloseTo((100 * 2) / 9, 9);
    expect(v(a.gaps.far![S])).toBeCloseTo((100 * 5) / 9, 9);
    expect(a.rates.overall![U]).toMatchObject({ tasks: 6, repos: 2 });
  });

  it("overall Unint: cluster [66.67, 88.89], plain [55.56, 94.44], design effect 0.6", () => {
    const c = row("alpha").rates.overall![U]!;
    expect(c.cluster).toEqual(span((100 * 2) / 3, (100 * 8) / 9));
    expect(c.plain).toEqual(span((100 * 10) / 18, (100 * 17) / 18));
    nearly(c, 0.6);
  });

  it("overall Switch: cluster and plain [22.22, 55.56], design effect 27/17", () => {
    const c = row("alpha").rates.overall![S]!;
    expect(c.cluster).toEqual(span((100 * 2) / 9, (100 * 5) / 9));
    expect(c.plain).toEqual(span((100 * 4) / 18, (100 * 10) / 18));
    nearly(c, 27 / 17);
  });

  it("overall gap: cluster [33.33, 44.44], plain [22.22, 55.56], design effect 3/17", () => {
    const c = row("alpha").gaps.overall![S]!;
    expect(c.cluster).toEqual(span(100 / 3, (100 * 4) / 9));
    expect(c.plain).toEqual(span((100 * 4) / 18, (100 * 10) / 18));
    nearly(c, 3 / 17);
  });

  it("far − near under Switch: 33.33 pp, cluster [16.67, 50], design effect 243/288", () => {
    const f = row("alpha").farNear[S]!;
    expect(f.value).toBeCloseTo(100 / 3, 9);
    expect(f.near).toBeCloseTo((100 * 2) / 9, 9);
    expect(f.far).toBeCloseTo((100 * 5) / 9, 9);
    expect(f.cluster).toEqual(span(100 / 6, 50));
    nearly(f, 243 / 288);
  });

  it("far − near within repositories: A 2/3 − 1/6 = 1/2, B 1/2 − 1/3 = 1/6 → 33.33 pp [16.67, 50]", () => {
    expect(row("alpha").farNear[S]!.byRepo).toEqual({
      value: expect.closeTo(100 / 3, 9),
      ...span(100 / 6, 50),
      repos: 2,
      oneGroup: 0,
    });
  });

  it("far Switch: every task scores 1/3, nothing varies, the design effect is unknown", () => {
    const c = row("alpha").rates.far![S]!;
    expect(c.plain).toEqual(span(100 / 3, 100 / 3));
    expect(c.designEffect).toBeNaN();
  });

  it("repeat metrics at k = 3", () => {
    const r = row("alpha").repeats;
    const at = (grp: string, cond: string) => {
      const { passAtK, passHatK, flipRate, consistency } = r[grp]![cond]!;
      return [passAtK, passHatK, flipRate, consistency].map((x) => Math.round(x * 100) / 100);
    };
    expect(r.overall![U]).toMatchObject({ repeats: 3, k: 3, tasks: 6 });
    expect(at("overall", U)).toEqual([100, 50, 50, 55.56]);
    expect(at("overall", S)).toEqual([83.33, 0, 83.33, 25.93]);
    expect(at("near", U)).toEqual([100, 33.33, 66.67, 40.74]);
    expect(at("near", S)).toEqual([66.67, 0, 66.67, 40.74]);
    expect(at("far", U)).toEqual([100, 66.67, 33.33, 70.37]);
    expect(at("far", S)).toEqual([100, 0, 100, 11.11]);
    expect(r.overall![S]!.consistency).toBeCloseTo((100 * 7) / 27, 9);
  });
});

describe("beta (R = 1), EXPECTED.md", () => {
  it("overall Unint: cluster and plain [33.33, 100], design effect 1.5", () => {
    const c = row("beta").rates.overall![U]!;
    expect(c.value).toBeCloseTo((100 * 2) / 3, 9);
    expect(c.cluster).toEqual(span(100 / 3, 100));
    expect(c.plain).toEqual(span(100 / 3, 100));
    nearly(c, 1.5);
  });

  it("overall Switch: cluster [0, 33.33], plain [0, 50], design effect 0.6", () => {
    const c = row("beta").rates.overall![S]!;
    expect(c.cluster).toEqual(span(0, 100 / 3));
    expect(c.plain).toEqual(span(0, 50));
    nearly(c, 0.6);
  });

  it("overall gap: 50 pp, cluster [33.33, 66.67], plain [16.67, 83.33], design effect 1/3", () => {
    const c = row("beta").gaps.overall![S]!;
    expect(c.value).toBe(50);
    expect(c.cluster).toEqual(span(100 / 3, (100 * 2) / 3));
    expect(c.plain).toEqual(span(100 / 6, (100 * 5) / 6));
    nearly(c, 1 / 3);
  });

  it("far − near: 33.33 pp, cluster [33.33, 50], design effect 3/64", () => {
    const f = row("beta").farNear[S]!;
    expect(f.value).toBeCloseTo(100 / 3, 9);
    expect(f.cluster).toEqual(span(100 / 3, 50));
    nearly(f, 3 / 64);
  });

  it("far − near within repositories: A 1 − 1/2, B 1/2 − 0, both 1/2 → 50 pp, every draw 50", () => {
    expect(row("beta").farNear[S]!.byRepo).toEqual({ value: 50, lo: 50, hi: 50, repos: 2, oneGroup: 0 });
  });

  it("one run per cell: no repeat metrics", async () => {
    expect(row("beta").repeats).toEqual({});
    expect(await computeConfigRepeats(db, META, "beta")).toEqual({ repeats: 1, cells: {} });
  });
});

describe("far − near pooled over alpha and beta, EXPECTED.md", () => {
  it("averages each task's gap over the configurations: 33.33 pp, the mean of alpha's and beta's", () => {
    const p = page.pooledFarNear[S]!;
    expect(p.configs).toBe(2);
    expect(p.value).toBeCloseTo(100 / 3, 9);
    expect(p.near).toBeCloseTo((100 * 5) / 18, 9);
    expect(p.far).toBeCloseTo((100 * 11) / 18, 9);
  });

  it("repositories resampled: [33.33, 50]; tasks resampled: [−11.11, 66.67]; design effect 81/640", () => {
    const p = page.pooledFarNear[S]!;
    expect(p.cluster).toEqual(span(100 / 3, 50));
    expect(p.plain).toEqual(span(-100 / 9, (100 * 2) / 3));
    nearly(p, 81 / 640);
  });

  it("within repositories: A 1/2, B 1/3 → 41.67 pp [33.33, 50], the mean of alpha's 1/3 and beta's 1/2", () => {
    expect(page.pooledFarNear[S]!.byRepo).toEqual({
      value: expect.closeTo((100 * 5) / 12, 9),
      ...span(100 / 3, 50),
      repos: 2,
      oneGroup: 0,
    });
  });

  it("has no entry for the baseline", () => {
    expect(Object.keys(page.pooledFarNear)).toEqual([S]);
  });
});

describe("one configuration (the leaderboard's expansion, the compare page)", () => {
  it("is the page's row for the whole release", async () => {
    const one = await computeConfigUncertainty(db, META, "alpha");
    expect(one).toEqual({ ...row("alpha"), reps: UNCERTAINTY_REPS, seed: UNCERTAINTY_SEED });
  });

  it("filters to the leaderboard's repository subset and matches its numbers", async () => {
    const scope = { repos: ["acme/widgets"], taskIds: [] };
    const [one, sub] = await Promise.all([
      computeConfigUncertainty(db, META, "alpha", scope),
      computeLeaderboard(db, META, scope),
    ]);
    const lbAlpha = sub.rows.find((r) => r.config.config_id === "alpha")!;
    expect(one.rates.overall![U]!.value).toBe(lbAlpha.rates.overall![U]!.value);
    expect(one.rates.overall![U]!.value).toBeCloseTo((100 * 8) / 9, 9);
    expect(one.rates.overall![S]!.value).toBeCloseTo((100 * 5) / 9, 9);
    expect(one.gaps.overall![S]!.value).toBe(lbAlpha.gaps.overall![S]!.value);
    expect(one.gaps.overall![S]!.plain).toEqual({ lo: lbAlpha.gaps.overall![S]!.lo, hi: lbAlpha.gaps.overall![S]!.hi });
    // One repository: every cluster draw would be that repository, so there is no clustered interval and no
    // design effect (shown "—"), not a zero-width interval.
    expect(one.rates.overall![U]).toMatchObject({ tasks: 3, repos: 1 });
    expect(one.rates.overall![U]!.cluster).toEqual({ lo: Number.NaN, hi: Number.NaN });
    expect(one.rates.overall![U]!.designEffect).toBeNaN();
  });

  it("filters to a task subset as the leaderboard's task subset does", async () => {
    const scope = { repos: [], taskIds: ["N1", "F2", "F3"] };
    const [one, sub] = await Promise.all([
      computeConfigUncertainty(db, META, "alpha", scope),
      computeLeaderboard(db, META, scope),
    ]);
    const lbAlpha = sub.rows.find((r) => r.config.config_id === "alpha")!;
    for (const grp of sub.groups)
      for (const [cond, cell] of Object.entries(lbAlpha.rates[grp]!))
        expect(one.rates[grp]![cond]!.value).toBe(cell.value);
    expect(one.rates.overall![U]!.tasks).toBe(3);
    expect(one.repeats.overall![U]).toMatchObject({ tasks: 3, passHatK: expect.closeTo(100 * (2 / 3), 9) });
  });

  it("repeats alone: alpha's R and cells", async () => {
    const r = await computeConfigRepeats(db, META, "alpha");
    expect(r.repeats).toBe(3);
    expect(r.cells).toEqual(row("alpha").repeats);
  });
});
