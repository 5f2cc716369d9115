// The cost page's build-time data on the hand-computed releases (e2e/fixtures/releases/costcalc/EXPECTED.md):
// per-task switching cost, its bins and the tasks of one bin, and one session request by request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { computeCostPage, type CostPageData } from "./model";
import { sessionUsageSql, type SessionUsageRow } from "./session.sql";
import { taskCostBinQuery, taskCostBinSql, type TaskCostRow } from "./tasks.sql";

const M = 1_000_000;
const META = { baseline: "uninterrupted", conditions: ["uninterrupted", "switched"], groups: ["near", "far"] };

async function open(dir: string): Promise<NodeDb> {
  const { release } = await loadRelease(dir);
  const db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  return db;
}

let db: NodeDb;
let hand: NodeDb;
let page: CostPageData;
beforeAll(async () => {
  [db, hand] = await Promise.all([open("e2e/fixtures/releases/costcalc"), open("e2e/fixtures/releases/handcalc")]);
  page = await computeCostPage(db, META);
});
afterAll(() => {
  db?.close();
  hand?.close();
});

describe("per-task switching cost", () => {
  it("bins the differences on round shared edges", () => {
    expect(page.tasks.cached.bins).toEqual({ lo: 4 * M, width: 0.2 * M, count: 18 });
    expect(page.tasks.cached.histogram).toEqual([
      { config_id: "p", condition: "switched", bin: 12, n: 1 },
      { config_id: "p", condition: "switched", bin: 17, n: 1 },
      { config_id: "q", condition: "switched", bin: 0, n: 1 },
    ]);
    expect(page.tasks.uncached.bins).toEqual({ lo: 1 * M, width: 0.1 * M, count: 18 });
    expect(page.tasks.uncached.histogram.map((h) => [h.config_id, h.bin])).toEqual([
      ["p", 2],
      ["p", 17],
      ["q", 0],
    ]);
  });

  it("summarises each configuration and counts tasks without a pair", () => {
    const [p, q] = page.tasks.cached.summary;
    expect(p).toMatchObject({
      config_id: "p",
      tasks: 2,
      tasks_missing: 0,
      min: 6.5 * M,
      q1: 6.75 * M,
      median: 7 * M,
      q3: 7.25 * M,
      max: 7.5 * M,
      mean: 7 * M,
      cheaper: 0,
    });
    expect(q).toMatchObject({ config_id: "q", tasks: 1, tasks_missing: 1, median: 4 * M });
  });

  it("lists the tasks of one bin with both runs", async () => {
    const rows = await db.query<TaskCostRow>(
      taskCostBinSql("uninterrupted", "cached", page.tasks.cached.bins, {
        configId: "p",
        condition: "switched",
        bin: 17,
      }),
    );
    expect(rows).toEqual([
      {
        config_id: "p",
        condition: "switched",
        task_id: "A",
        grp: "near",
        base_tokens: 6.5 * M,
        tokens: 14 * M,
        diff: 7.5 * M,
        base_run_id: "p.u-A",
        run_id: "p.s-A",
      },
    ]);
  });

  it("separates the run that ended early on handcalc", async () => {
    const bins = { lo: 4000, width: 1000, count: 19 };
    const low = await hand.query<TaskCostRow>(
      taskCostBinSql("uninterrupted", "cached", bins, { configId: "gamma", condition: "switched", bin: 0 }),
    );
    expect(low.map((r) => [r.task_id, r.diff, r.run_id])).toEqual([["F1", 4000, "gamma.s-F1"]]);
    const high = await hand.query<TaskCostRow>(
      taskCostBinSql("uninterrupted", "cached", bins, { configId: "gamma", condition: "switched", bin: 18 }),
    );
    expect(high.map((r) => r.task_id)).toEqual(["F2", "N1", "N2"]);
  });
});

describe("one session along its schedule", () => {
  it("defaults to the first configuration's switched session with the most focus returns", () => {
    expect(page.session.pick).toEqual({ configId: "p", sessionId: "s-A", repeat: 0 });
  });

  it("gives each request's usage and the same focus request uninterrupted", () => {
    const r = page.session.rows;
    expect(r.map((x) => x.task_id)).toEqual(["A", "A", "B", "C", "A", "D", "E", "A"]);
    expect(r.map((x) => x.tokens)).toEqual([1 * M, 2 * M, 1.5 * M, 1.5 * M, 4 * M, 2 * M, 2 * M, null]);
    expect(r.map((x) => x.base_tokens)).toEqual([1 * M, 2 * M, null, null, 3 * M, null, null, 0.5 * M]);
    expect(r.map((x) => x.extra_tokens)).toEqual([0, 0, null, null, 1 * M, null, null, null]);
    expect(r.map((x) => x.in_switch_focus_scope)).toEqual([false, false, false, false, true, false, false, false]);
    expect(r[7]).toMatchObject({ is_submit: true, ran: false, run_id: "p.s-A", stage: null });
  });

  it("shows a missing run as requests that did not run", async () => {
    const rows = await db.query<SessionUsageRow>(
      sessionUsageSql("uninterrupted", { configId: "q", sessionId: "s-F", repeat: 0 }),
    );
    expect(rows).toHaveLength(7);
    expect(rows.every((x) => x.run_id === null && !x.ran && x.tokens === null)).toBe(true);
    expect(rows[3]!.base_tokens).toBe(1 * M);
  });
});

describe("the page data", () => {
  it("carries the leaderboard's resolution for the scatter", () => {
    const res = (c: string, cond: string) =>
      page.resolution.find((r) => r.config_id === c && r.condition === cond && r.grp === "overall")?.resolution;
    expect([res("p", "uninterrupted"), res("p", "switched"), res("q", "uninterrupted"), res("q", "switched")]).toEqual([
      100, 50, 50, 0,
    ]);
    expect(page.groups).toEqual(["overall", "near", "far"]);
  });
});

describe("the tasks of each histogram bar (what a click lists, answered ahead by the build)", () => {
  it("lists every non-empty bar's tasks of a configuration's histograms, in both token modes", async () => {
    // EXPECTED.md: cached, p F in bin 12 (6.5 M), p A in bin 17 (7.5 M); cached excluded, p A in bin 2 (1.25 M),
    // p F in bin 17 (2.75 M).
    const cell = async (mode: "cached" | "uncached", bin: number) =>
      (
        await db.run(taskCostBinQuery, {
          baseline: META.baseline,
          mode,
          bins: page.tasks[mode].bins,
          sel: { configId: "p", condition: "switched", bin },
        })
      ).map((r) => [r.task_id, r.diff / M]);
    const bars = page.tasks.cached.histogram.filter((h) => h.config_id === "p" && h.condition === "switched");
    expect(bars.map((h) => h.bin).sort()).toEqual([12, 17]);
    expect(await cell("cached", 12)).toEqual([["F", 6.5]]);
    expect(await cell("cached", 17)).toEqual([["A", 7.5]]);
    expect(await cell("uncached", 2)).toEqual([["A", 1.25]]);
    expect(await cell("uncached", 17)).toEqual([["F", 2.75]]);
  });
});
