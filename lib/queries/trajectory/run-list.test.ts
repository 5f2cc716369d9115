import { describe, expect, it } from "vitest";
import {
  filterRuns,
  listPage,
  pageSlices,
  planFiles,
  runListPlan,
  runListView,
  type RunFilters,
  type RunListIndex,
} from "./run-list";
import type { TrajectoryRunRow } from "./sql";

const NONE: RunFilters = { config: "", condition: "", has: "", tag: "", text: "", page: 0 };

function run(config: string, i: number, extra: Partial<TrajectoryRunRow> = {}): TrajectoryRunRow {
  return {
    run_id: `${config}.${i}`,
    config_id: config,
    display_name: config.toUpperCase(),
    focus_task_id: `T${i}`,
    repo: "acme/widgets",
    condition: i % 2 === 0 ? "uninterrupted" : "switched",
    task_group: "near",
    repeat: 0,
    resolved: false,
    failure_class: null,
    trajectory: i % 3 === 0 ? null : `trajectories/${config}.${i}.json`,
    requirement_state_loss: 0,
    cross_task_interference: 0,
    ...extra,
  };
}

// Three configurations of 150, 30 and 120 runs: 300 runs, pages of 100 (rows 0–99, 100–199, 200–299).
const A = Array.from({ length: 150 }, (_, i) => run("a", i));
const B = Array.from({ length: 30 }, (_, i) => run("b", i, { cross_task_interference: i === 7 ? 1 : 0 }));
const C = Array.from({ length: 120 }, (_, i) => run("c", i));
const files = new Map([
  [0, A],
  [1, B],
  [2, C],
]);
const index: RunListIndex = {
  runs: 300,
  with_trajectory: 200,
  conditions: ["uninterrupted", "switched"],
  configs: [
    { config_id: "a", display_name: "A", runs: 150, with_trajectory: 100 },
    { config_id: "b", display_name: "B", runs: 30, with_trajectory: 20 },
    { config_id: "c", display_name: "C", runs: 120, with_trajectory: 80 },
  ],
  first: A.slice(0, 100),
};

describe("run list pages", () => {
  it("finds the files and rows of a page of the whole list", () => {
    expect(pageSlices([150, 30, 120], 0)).toEqual([{ file: 0, from: 0, to: 100 }]);
    // Rows 100–199: a's 100–149 (50), all of b (30), c's 0–19 (20).
    expect(pageSlices([150, 30, 120], 1)).toEqual([
      { file: 0, from: 100, to: 150 },
      { file: 1, from: 0, to: 30 },
      { file: 2, from: 0, to: 20 },
    ]);
    expect(pageSlices([150, 30, 120], 2)).toEqual([{ file: 2, from: 20, to: 120 }]);
    expect(pageSlices([150, 30, 120], 3)).toEqual([]);
    expect(pageSlices([100, 0, 5], 1)).toEqual([{ file: 2, from: 0, to: 5 }]);
  });

  it("finds a page's OFFSET and LIMIT in a list of known length, a page out of range being the nearest", () => {
    // 50,000 rows, pages of 100: 500 pages; the last holds rows 49,900–49,999.
    expect(listPage(50_000, 0)).toEqual({ page: 0, pages: 500, offset: 0, limit: 100 });
    expect(listPage(50_000, 1)).toEqual({ page: 1, pages: 500, offset: 100, limit: 100 });
    expect(listPage(50_000, 499)).toEqual({ page: 499, pages: 500, offset: 49_900, limit: 100 });
    expect(listPage(50_000, 500)).toEqual({ page: 499, pages: 500, offset: 49_900, limit: 100 });
    expect(listPage(50_000, -3)).toEqual({ page: 0, pages: 500, offset: 0, limit: 100 });
    expect(listPage(50_000, Number.NaN)).toEqual({ page: 0, pages: 500, offset: 0, limit: 100 });
    // 250 rows: pages of 100, 100 and 50; 2.7 is page 2.
    expect(listPage(250, 2.7)).toEqual({ page: 2, pages: 3, offset: 200, limit: 50 });
    expect(listPage(250, 1, 200)).toEqual({ page: 1, pages: 2, offset: 200, limit: 50 });
    // An empty list has one empty page.
    expect(listPage(0, 4)).toEqual({ page: 0, pages: 1, offset: 0, limit: 0 });
  });

  it("plans the first page from the index, a later page from its files, a filter from every file or the chosen one", () => {
    expect(runListPlan(index, NONE)).toEqual({ kind: "first" });
    expect(planFiles(runListPlan(index, { ...NONE, page: 1 }))).toEqual([0, 1, 2]);
    expect(runListPlan(index, { ...NONE, config: "b", tag: "any" })).toEqual({ kind: "filter", files: [1] });
    expect(runListPlan(index, { ...NONE, text: "  " })).toEqual({ kind: "first" });
    expect(runListPlan(index, { ...NONE, condition: "switched" })).toEqual({ kind: "filter", files: [0, 1, 2] });
    // Past the limit a filter needs a configuration; paging does not.
    expect(runListPlan(index, { ...NONE, condition: "switched" }, 299)).toEqual({ kind: "needs-config" });
    expect(runListPlan(index, { ...NONE, condition: "switched", config: "c" }, 299)).toEqual({
      kind: "filter",
      files: [2],
    });
    expect(runListPlan(index, { ...NONE, page: 2 }, 299).kind).toBe("slices");
    expect(runListPlan(index, { ...NONE, config: "gone" })).toEqual({ kind: "filter", files: [] });
    // Page 10 of 3 is the last: c's rows 20–119.
    expect(runListPlan(index, { ...NONE, page: 9 })).toEqual({
      kind: "slices",
      page: 2,
      slices: [{ file: 2, from: 20, to: 120 }],
    });
  });

  it("shows a plan's rows once its files are there, and nothing before", () => {
    const second = { ...NONE, page: 1 };
    const plan = runListPlan(index, second);
    expect(runListView(index, plan, new Map([[0, A]]), second)).toBeNull();
    const view = runListView(index, plan, files, second)!;
    expect([view.total, view.page, view.pages, view.rows.length]).toEqual([300, 1, 3, 100]);
    expect([view.rows[0]!.run_id, view.rows[49]!.run_id, view.rows[50]!.run_id, view.rows[80]!.run_id]).toEqual([
      "a.100",
      "a.149",
      "b.0",
      "c.0",
    ]);
    // b's switched runs: its odd indices 1, 3, …, 29 (15); the tagged one is b.7.
    const switched = { ...NONE, config: "b", condition: "switched" };
    expect(runListView(index, runListPlan(index, switched), files, switched)!.total).toBe(15);
    const tagged = { ...NONE, tag: "cross_task_interference" as const };
    expect(runListView(index, runListPlan(index, tagged), files, tagged)!.rows.map((r) => r.run_id)).toEqual(["b.7"]);
    // A page past the last of a filter shows its last: a's runs without a trajectory are 0, 3, …, 147 (50).
    const late = { ...NONE, config: "a", has: "without" as const, page: 4 };
    const v = runListView(index, runListPlan(index, late), files, late)!;
    expect([v.total, v.page, v.pages, v.rows[0]!.run_id]).toEqual([50, 0, 1, "a.0"]);
  });

  it("filters by text over run, task and repository, ignoring case", () => {
    expect(filterRuns(B, { ...NONE, text: "B.2" }).map((r) => r.run_id)).toEqual([
      "b.2",
      "b.20",
      "b.21",
      "b.22",
      "b.23",
      "b.24",
      "b.25",
      "b.26",
      "b.27",
      "b.28",
      "b.29",
    ]);
    expect(filterRuns(B, { ...NONE, text: "ACME" })).toHaveLength(30);
  });
});
