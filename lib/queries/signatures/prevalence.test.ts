// Detector prevalence on real DuckDB over the handcalc release and the hand-made derived tables of
// lib/queries/fixtures/signature-prevalence (every number below is worked out in its README.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadDerivedNode } from "../load-derived-node";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { cellRunsSql, DETECTORS_SQL, type CellRunRow } from "./prevalence.sql";
import { computePrevalence, type PrevalenceModel } from "./prevalence-model";

const META = { baseline: "uninterrupted", conditions: ["uninterrupted", "switched"], groups: ["near", "far"] };
const RSL = "requirement_state_loss";
const CTI = "cross_task_interference";

let db: NodeDb;
let model: PrevalenceModel;

async function open(release: string, derived: string): Promise<NodeDb> {
  const loaded = await loadRelease(release);
  expect(loaded.problems.filter((p) => p.level === "error")).toEqual([]);
  const d = await openNodeDb();
  await loadTablesNode(d, releaseTables(loaded.release!));
  await loadDerivedNode(d, derived);
  return d;
}

beforeAll(async () => {
  db = await open("e2e/fixtures/releases/handcalc", "lib/queries/fixtures/signature-prevalence");
  model = await computePrevalence(db, META);
});
afterAll(() => db?.close());

const cell = (m: PrevalenceModel, config: string, condition: string, grp: string, signature: string) =>
  m.cells.find(
    (c) => c.config_id === config && c.condition === condition && c.grp === grp && c.signature === signature,
  )!;
const diff = (m: PrevalenceModel, config: string, grp: string, signature: string) =>
  m.diffs.find(
    (d) => d.config_id === config && d.condition === "switched" && d.grp === grp && d.signature === signature,
  )!;
const outcome = (m: PrevalenceModel, config: string, condition: string, signature: string) =>
  m.outcomes.find(
    (o) => o.config_id === config && o.condition === condition && o.grp === "overall" && o.signature === signature,
  )!;

describe("prevalence per configuration × condition × group", () => {
  it("has one cell per configuration, condition, group and signature, overall first", () => {
    expect(model.cells).toHaveLength(3 * 2 * 3 * 2);
    expect(model.cells.slice(0, 6).map((c) => [c.config_id, c.condition, c.grp, c.signature])).toEqual([
      ["alpha", "switched", "overall", RSL],
      ["alpha", "switched", "overall", CTI],
      ["alpha", "switched", "far", RSL],
      ["alpha", "switched", "far", CTI],
      ["alpha", "switched", "near", RSL],
      ["alpha", "switched", "near", CTI],
    ]);
  });

  it("counts a run once, strong before weak, over readable runs, with Wilson intervals", () => {
    const a = cell(model, "alpha", "switched", "overall", RSL);
    expect(a).toMatchObject({
      runs: 4,
      readable_runs: 4,
      unreadable_runs: 0,
      no_trajectory_runs: 0,
      strong_runs: 2,
      weak_runs: 1,
    });
    expect(a.strong.pct).toBe(50);
    expect(a.strong.lo).toBeCloseTo(15.0039, 3);
    expect(a.strong.hi).toBeCloseTo(84.9961, 3);
    expect(a.weak.lo).toBeCloseTo(4.5587, 3);
    expect(a.weak.hi).toBeCloseTo(69.9358, 3);
    expect(cell(model, "alpha", "switched", "near", RSL)).toMatchObject({
      strong_runs: 2,
      readable_runs: 2,
      weak_runs: 0,
    });
    expect(cell(model, "alpha", "switched", "near", RSL).strong.lo).toBeCloseTo(34.238, 3);
    expect(cell(model, "alpha", "switched", "near", RSL).strong.hi).toBe(100);
    expect(cell(model, "alpha", "switched", "far", RSL)).toMatchObject({
      strong_runs: 0,
      weak_runs: 1,
      readable_runs: 2,
    });
    expect(cell(model, "alpha", "switched", "near", CTI)).toMatchObject({ strong_runs: 0, weak_runs: 1 });
    expect(cell(model, "alpha", "switched", "far", CTI)).toMatchObject({ strong_runs: 1, weak_runs: 0 });
  });

  it("leaves unreadable trajectories out of the denominator", () => {
    const u = cell(model, "alpha", "uninterrupted", "overall", RSL);
    expect(u).toMatchObject({ runs: 4, readable_runs: 3, unreadable_runs: 1, strong_runs: 0, weak_runs: 1 });
    expect(u.strong).toMatchObject({ k: 0, n: 3, pct: 0, lo: 0 });
    expect(u.strong.hi).toBeCloseTo(56.1497, 3);
    expect(cell(model, "alpha", "uninterrupted", "far", RSL)).toMatchObject({
      runs: 2,
      readable_runs: 1,
      unreadable_runs: 1,
    });
  });

  it("counts beta's switched cells over its 3 runs", () => {
    const b = cell(model, "beta", "switched", "overall", RSL);
    expect(b).toMatchObject({ runs: 3, readable_runs: 3, strong_runs: 2 });
    expect(b.strong.lo).toBeCloseTo(20.766, 3);
    expect(b.strong.hi).toBeCloseTo(93.8508, 3);
    expect(cell(model, "beta", "switched", "overall", CTI).strong).toMatchObject({ k: 1, n: 3 });
    expect(cell(model, "beta", "uninterrupted", "overall", RSL).strong).toMatchObject({ k: 1, n: 4 });
    expect(cell(model, "beta", "switched", "far", RSL).strong).toMatchObject({ k: 1, n: 1 });
  });

  it("shows a configuration without analysed trajectories as unknown, not 0 %", () => {
    const g = cell(model, "gamma", "switched", "overall", RSL);
    expect(g).toMatchObject({ runs: 4, readable_runs: 0, no_trajectory_runs: 4, strong_runs: 0 });
    expect(g.strong).toEqual({ k: 0, n: 0, pct: null, lo: null, hi: null });
  });
});

describe("switched − uninterrupted, paired over focus tasks", () => {
  it("pairs tasks readable under both conditions, with bootstrap interval and exact McNemar", () => {
    const a = diff(model, "alpha", "overall", RSL);
    expect(a).toMatchObject({ n_tasks: 3, condition_only: 2, baseline_only: 0, p: 0.5, lo: 0, hi: 100 });
    expect(a.diff).toBeCloseTo(200 / 3, 9);
    expect(diff(model, "alpha", "near", RSL)).toMatchObject({ n_tasks: 2, diff: 100, lo: 100, hi: 100, p: 0.5 });
    expect(diff(model, "alpha", "far", RSL)).toMatchObject({ n_tasks: 1, diff: 0, lo: 0, hi: 0, p: 1 });
    const c = diff(model, "alpha", "overall", CTI);
    expect(c).toMatchObject({ n_tasks: 3, condition_only: 1, baseline_only: 0, p: 1, lo: 0, hi: 100 });
    expect(c.diff).toBeCloseTo(100 / 3, 9);
    expect(diff(model, "alpha", "far", CTI)).toMatchObject({ n_tasks: 1, diff: 100, p: 1 });
  });

  it("keeps a task tagged under both conditions concordant", () => {
    const b = diff(model, "beta", "overall", RSL);
    expect(b).toMatchObject({ n_tasks: 3, condition_only: 1, baseline_only: 0, p: 1, lo: 0, hi: 100 });
    expect(b.diff).toBeCloseTo(100 / 3, 9);
    expect(diff(model, "beta", "near", CTI)).toMatchObject({ n_tasks: 2, diff: 50, lo: 0, hi: 100, p: 1 });
  });

  it("has an unknown difference where no task pairs", () => {
    expect(diff(model, "gamma", "overall", RSL)).toMatchObject({ n_tasks: 0, diff: null, lo: null, hi: null, p: null });
    expect(model.diffs).toHaveLength(3 * 3 * 2);
  });
});

describe("association with failure", () => {
  it("gives the resolution of strong, weak-only and untagged runs", () => {
    const a = outcome(model, "alpha", "switched", RSL);
    expect(a).toMatchObject({
      strong_runs: 2,
      strong_resolved: 1,
      weak_runs: 1,
      weak_resolved: 0,
      untagged_runs: 1,
      untagged_resolved: 1,
    });
    expect(a.strong.lo).toBeCloseTo(9.4531, 3);
    expect(outcome(model, "alpha", "switched", CTI)).toMatchObject({
      strong_runs: 1,
      strong_resolved: 1,
      weak_runs: 1,
      untagged_runs: 2,
      untagged_resolved: 1,
    });
    expect(outcome(model, "beta", "switched", RSL)).toMatchObject({
      strong_runs: 2,
      strong_resolved: 0,
      weak_runs: 0,
      untagged_runs: 1,
      untagged_resolved: 1,
    });
    expect(outcome(model, "beta", "switched", CTI)).toMatchObject({
      strong_runs: 1,
      strong_resolved: 0,
      untagged_runs: 2,
      untagged_resolved: 1,
    });
    expect(outcome(model, "alpha", "uninterrupted", RSL)).toMatchObject({
      strong_runs: 0,
      weak_runs: 1,
      weak_resolved: 1,
      untagged_runs: 2,
      untagged_resolved: 2,
    });
    expect(outcome(model, "alpha", "uninterrupted", RSL).strong.pct).toBeNull();
    expect(outcome(model, "beta", "uninterrupted", RSL)).toMatchObject({
      strong_runs: 1,
      strong_resolved: 0,
      untagged_runs: 3,
      untagged_resolved: 3,
    });
  });
});

describe("subsets and cell runs", () => {
  it("restricts to an outcome and to repositories", async () => {
    const resolved = await computePrevalence(db, META, { outcome: "resolved" });
    expect(cell(resolved, "alpha", "switched", "overall", RSL).strong).toMatchObject({ k: 1, n: 2 });
    const none = await computePrevalence(db, META, { repos: ["other/repo"] });
    expect(none.cells).toEqual([]);
    const one = await computePrevalence(db, META, { configIds: ["beta"] });
    expect(new Set(one.cells.map((c) => c.config_id))).toEqual(new Set(["beta"]));
  });

  it("lists a cell's runs with their first evidence step", async () => {
    const base = { configId: "alpha", condition: "switched", grp: "overall", signature: RSL } as const;
    const strong = await db.query<CellRunRow>(cellRunsSql({ ...base, strength: "strong" }));
    expect(strong.map((r) => [r.run_id, r.task_id, r.first_step, r.tags, r.resolved])).toEqual([
      ["alpha.s-N1", "N1", 12, 2, true],
      ["alpha.s-N2", "N2", 9, 1, false],
    ]);
    expect(strong[0]!.note).toMatch(/^An earlier, second strong tag/);
    expect(strong[0]).toMatchObject({
      repo: "acme/widgets",
      task_group: "near",
      detector: "state-loss",
      detector_version: "3",
    });
    const weak = await db.query<CellRunRow>(cellRunsSql({ ...base, strength: "weak" }));
    expect(weak.map((r) => [r.run_id, r.first_step])).toEqual([["alpha.s-F2", 20]]);
    const res = await db.query<CellRunRow>(cellRunsSql({ ...base, strength: "strong", outcome: "resolved" }));
    expect(res.map((r) => r.run_id)).toEqual(["alpha.s-N1"]);
    const near = await db.query<CellRunRow>(cellRunsSql({ ...base, grp: "far", strength: "strong" }));
    expect(near).toEqual([]);
  });

  it("names the detectors and versions behind the tags", async () => {
    expect(await db.query(DETECTORS_SQL)).toEqual([
      { detector: "cross-task", detector_version: "2", signature: CTI, tags: 3, runs: 3 },
      { detector: "state-loss", detector_version: "3", signature: RSL, tags: 9, runs: 7 },
    ]);
  });
});

describe("the release's own annotations stay apart", () => {
  it("keeps human, judge and release-detector tags by author, and a release without analysis unknown", async () => {
    const t = await open("e2e/fixtures/releases/trajcalc", "lib/queries/fixtures/does-not-exist");
    try {
      const m = await computePrevalence(t, META);
      expect(m.detectors).toEqual([]);
      expect(m.cells.every((c) => c.readable_runs === 0 && c.strong.pct === null)).toBe(true);
      expect(m.annotationAuthors.map((a) => [a.author_kind, a.author_name, a.signature, a.tags])).toEqual([
        ["human", "fixture annotator", RSL, 1],
        ["judge", "fixture judge", CTI, 1],
        ["detector", "offline detector", RSL, 1],
      ]);
      expect(m.annotationRates.map((r) => r.author_kind)).toEqual(["human", "judge", "detector"]);
      const human = m.annotationRates[0]!.rows.find(
        (r) => r.config_id === "alpha" && r.condition === "switched" && r.signature === RSL,
      );
      expect(human).toMatchObject({ tagged_runs: 1, runs: 2 });
    } finally {
      t.close();
    }
  });
});
