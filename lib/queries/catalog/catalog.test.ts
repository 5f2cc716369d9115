// Catalog SQL on real DuckDB against benchmark-mini (EXPECTED.md), and the schedule alignment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NodeDb } from "../../db/node";
import { openBenchmarkMini } from "../benchmark-fixture";
import { alignSchedules } from "./align";
import { computeCatalog, computeTaskPages, type CatalogModel, type TaskPageModel } from "./model";

const META = { conditions: ["uninterrupted", "switched"], baseline: "uninterrupted", groups: ["near", "far"] };
let db: NodeDb;
let catalog: CatalogModel;
let pages: Record<string, TaskPageModel>;

beforeAll(async () => {
  ({ db } = await openBenchmarkMini());
  [catalog, pages] = await Promise.all([computeCatalog(db, META), computeTaskPages(db, META)]);
});
afterAll(() => db?.close());

describe("task catalog", () => {
  it("lists every focus task with repository, group, stages, verifier sizes and interruptions", () => {
    expect(
      catalog.tasks.map((t) => [
        t.task_id,
        t.repo,
        t.task_group,
        t.stage_count,
        t.f2p_count,
        t.p2p_count,
        t.provenances,
        t.interruption_ids,
      ]),
    ).toEqual([
      ["A", "acme/core", "near", 3, 2, 1, "issue review review", "X1 X2"],
      ["B", "acme/core", "far", 2, 1, 2, "issue review", "Y1 Y2"],
      ["C", "acme/web", "far", 1, 1, 0, "issue", "W1 W2"],
    ]);
    expect(catalog.tasks[0]!.first_text).toBe("Add the widget cache.");
  });

  it("gives every configuration's result in every condition", () => {
    expect(catalog.configs.map((c) => c.config_id)).toEqual(["n1", "n1-router", "n1-rcm", "n2"]);
    const c = catalog.tasks.find((t) => t.task_id === "C")!;
    // rows n1, +Router, +RCM, n2; columns uninterrupted, switched (n2's switched run is missing: 0)
    expect(c.scores).toEqual([
      [1, 1],
      [0, 1],
      [1, 1],
      [1, 0],
    ]);
    expect(catalog.tasks.map((t) => t.resolvedBy)).toEqual([
      [4, 2],
      [3, 1],
      [3, 3],
    ]);
  });
});

describe("task page", () => {
  it("has the stages with the F2P tests each introduced", () => {
    expect(pages.A!.stages.map((s) => [s.stage, s.provenance, s.intent, s.f2p_count])).toEqual([
      [1, "issue", "new-feature", 1],
      [2, "review", "explain", 0],
      [3, "review", "bug-fix", 1],
    ]);
  });

  it("has both sessions, baseline first, and every run", () => {
    expect(pages.A!.sessions.map((s) => [s.session_id, s.requests.length])).toEqual([
      ["u-A", 4],
      ["s-A", 7],
    ]);
    expect(pages.C!.runs.filter((r) => r.config_id === "n2").map((r) => r.condition)).toEqual(["uninterrupted"]);
    expect(pages.B!.runs.find((r) => r.run_id === "n2.u-B")).toMatchObject({
      failure_class: "implementation",
      tests_failed: 1,
      tests_missing: 1,
    });
  });

  it("aligns the k-th focus request of each session on one row", () => {
    const [u, s] = pages.A!.sessions;
    const { rows, projectionEqual } = alignSchedules([u!.requests, s!.requests]);
    const show = (r: { task_id: string; stage: number | null } | null) =>
      r ? `${r.task_id}${r.stage ?? "-submit"}` : "";
    expect(rows.map((r) => [r.kind, ...r.cells.map(show)])).toEqual([
      ["focus", "A1", "A1"],
      ["other", "", "X11"],
      ["focus", "A2", "A2"],
      ["other", "", "X21"],
      ["other", "", "X12"],
      ["focus", "A3", "A3"],
      ["focus", "A-submit", "A-submit"],
    ]);
    expect(projectionEqual).toEqual([true, true]);
  });

  it("shows a broken projection", () => {
    const [u, s] = pages.B!.sessions;
    const swapped = s!.requests.map((r) => (r.is_focus && r.stage === 2 ? { ...r, workspace: "/w/elsewhere" } : r));
    expect(alignSchedules([u!.requests, swapped]).projectionEqual).toEqual([true, false]);
  });
});
