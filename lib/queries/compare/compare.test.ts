// The compare SQL and model on real DuckDB against the hand-computed releases comparecalc (made for this
// view; e2e/fixtures/releases/comparecalc/EXPECTED.md) and handcalc (its EXPECTED.md outcome table).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { pairedBootstrapOfDiffs } from "../../metrics/paired-interval";
import { gapConditionFor } from "./sql";
import {
  computeCompare,
  computeCompareCost,
  computeCompareSignatures,
  runOf,
  withIntervals,
  type CompareModel,
  type GroupCompare,
} from "./model";
import type { CompareCostRow } from "./sql";
import type { SignatureRateRow } from "../signatures/rates.sql";

const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };

async function open(dir: string): Promise<NodeDb> {
  const { release, problems } = await loadRelease(dir);
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  const db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  return db;
}

let cmp: NodeDb;
let hand: NodeDb;
let switched: CompareModel;
let extras: { cost: CompareCostRow[]; signatures: SignatureRateRow[] };
beforeAll(async () => {
  [cmp, hand] = await Promise.all([open("e2e/fixtures/releases/comparecalc"), open("e2e/fixtures/releases/handcalc")]);
  switched = await computeCompare(cmp, META, { a: "anna", b: "bert", condition: "switched" });
  const req = { a: "anna", b: "bert", condition: "switched" };
  extras = { cost: await computeCompareCost(cmp, META, req), signatures: await computeCompareSignatures(cmp, req) };
});
afterAll(() => {
  cmp?.close();
  hand?.close();
});

const cells = (g: GroupCompare) => [g.both, g.onlyA, g.onlyB, g.neither];
const group = (m: CompareModel, grp: string) => m.groups.find((g) => g.grp === grp)!;

describe("anna vs bert under switched (comparecalc)", () => {
  it("orders the groups overall, near, far", () => {
    expect(switched.groups.map((g) => g.grp)).toEqual(["overall", "near", "far"]);
    expect(switched.gapCondition).toBe("switched");
    expect([switched.a?.display_name, switched.b?.display_name]).toEqual(["Anna-1 / HarnessA", "Bert-2 / HarnessB"]);
  });

  it("fills the 2×2 per group, bert's missing far run counted unresolved", () => {
    expect(cells(group(switched, "overall"))).toEqual([2, 5, 1, 2]);
    expect(cells(group(switched, "near"))).toEqual([1, 3, 0, 1]);
    expect(cells(group(switched, "far"))).toEqual([1, 2, 1, 1]);
    expect(switched.groups.map((g) => g.n)).toEqual([10, 5, 5]);
  });

  it("gives the exact McNemar p of the discordant tasks", () => {
    expect(group(switched, "overall").p).toBe(0.21875);
    expect(group(switched, "near").p).toBe(0.25);
    expect(group(switched, "far").p).toBe(1);
  });

  it("gives both resolutions and their difference", () => {
    expect(switched.groups.map((g) => [g.resA, g.resB, g.resDiff.value])).toEqual([
      [70, 30, 40],
      [80, 20, 60],
      [60, 40, 20],
    ]);
  });

  it("gives both gaps and A's gap minus B's gap", () => {
    expect(switched.groups.map((g) => [g.gapA, g.gapB])).toEqual([
      [20, 50],
      [20, 60],
      [20, 40],
    ]);
    expect(switched.groups.map((g) => g.gapDiff.value).map((v) => Math.round(v * 1e9) / 1e9)).toEqual([-30, -40, -20]);
  });

  it("bootstraps the intervals from the hand-listed per-task vectors, in task id order", () => {
    // F1, F2, F3, F4, F5, N1, N2, N3, N4, N5
    const res = [1, 1, 0, -1, 0, 1, 1, 0, 1, 0];
    const gap = [-1, 0, 0, 0, 0, -1, -1, 0, -1, 1];
    const o = group(switched, "overall");
    const r = pairedBootstrapOfDiffs(res);
    const g = pairedBootstrapOfDiffs(gap);
    expect([o.resDiff.lo, o.resDiff.hi]).toEqual([100 * r.lo, 100 * r.hi]);
    expect([o.gapDiff.lo, o.gapDiff.hi]).toEqual([100 * g.lo, 100 * g.hi]);
    const near = pairedBootstrapOfDiffs(gap.slice(5));
    expect([group(switched, "near").gapDiff.lo, group(switched, "near").gapDiff.hi]).toEqual([
      100 * near.lo,
      100 * near.hi,
    ]);
    // The intervals hold their point estimates and stay within what a 0/1 difference allows.
    for (const x of switched.groups) {
      expect(x.resDiff.lo).toBeLessThanOrEqual(x.resDiff.value);
      expect(x.resDiff.hi).toBeGreaterThanOrEqual(x.resDiff.value);
      expect(x.resDiff.lo).toBeGreaterThanOrEqual(-100);
      expect(x.gapDiff.lo).toBeLessThanOrEqual(x.gapDiff.value + 1e-9);
      expect(x.gapDiff.hi).toBeGreaterThanOrEqual(x.gapDiff.value - 1e-9);
    }
    // Near's differences are all ≥ 0, so no resample can have a negative mean.
    expect(group(switched, "near").resDiff.lo).toBeGreaterThanOrEqual(0);
  });

  it("lists the disagreeing tasks with their repository and group", () => {
    const disagree = switched.pairs
      .filter((t) => t.outcome === "only_a" || t.outcome === "only_b")
      .map((t) => [t.task_id, t.outcome, t.repo, t.grp]);
    expect(disagree).toEqual([
      ["F1", "only_a", "acme/widgets", "far"],
      ["F2", "only_a", "acme/widgets", "far"],
      ["F4", "only_b", "acme/gadgets", "far"],
      ["N1", "only_a", "acme/widgets", "near"],
      ["N2", "only_a", "acme/widgets", "near"],
      ["N4", "only_a", "acme/gadgets", "near"],
    ]);
  });

  it("finds each task's runs, with trajectories where published and none for the missing run", () => {
    const n1 = switched.runs.filter((r) => r.task_id === "N1").map((r) => [r.run_id, r.condition, r.trajectory]);
    expect(n1).toEqual([
      ["anna.s-N1", "switched", "trajectories/anna.s-N1.json"],
      ["anna.u-N1", "uninterrupted", "trajectories/anna.u-N1.json"],
      ["bert.s-N1", "switched", "trajectories/bert.s-N1.json"],
      ["bert.u-N1", "uninterrupted", "trajectories/bert.u-N1.json"],
    ]);
    expect(switched.runs.filter((r) => r.task_id === "F3").map((r) => r.run_id)).toEqual([
      "anna.s-F3",
      "anna.u-F3",
      "bert.u-F3",
    ]);
    expect(switched.runs).toHaveLength(39);
    expect(runOf(switched.runs, "bert", "F3", "switched")).toBeNull();
    expect(runOf(switched.runs, "bert", "F3", "uninterrupted")?.run_id).toBe("bert.u-F3");
  });

  it("puts the cost of each scope side by side with A − B", () => {
    const row = (measure: string, scope: string) =>
      extras.cost.find((c) => c.grp === "overall" && c.measure === measure && c.scope === scope)!;
    expect(
      ["unint", "all", "focus"].map((s) => [row("tokens", s).a_mean, row("tokens", s).b_mean, row("tokens", s).diff]),
    ).toEqual([
      [6000, 12000, -6000],
      [28000, 56000, -28000],
      [4000, 8000, -4000],
    ]);
    expect(["unint", "all", "focus"].map((s) => row("tool_calls", s).diff)).toEqual([-3, -7, -1]);
    expect(["unint", "all", "focus"].map((s) => row("model_calls", s).diff)).toEqual([0, 0, 0]);
    expect(["unint", "all", "focus"].map((s) => Number(row("cost_usd", s).diff!.toFixed(10)))).toEqual([
      -0.06, -0.28, -0.04,
    ]);
    expect([row("tokens", "all").a_runs, row("tokens", "all").b_runs]).toEqual([10, 9]);
    const far = extras.cost.find((c) => c.grp === "far" && c.measure === "tokens" && c.scope === "focus")!;
    expect([far.a_mean, far.b_mean]).toEqual([4000, 8000]);
  });

  it("puts the signature rates of the two configurations side by side", () => {
    const rate = (config: string, condition: string, signature: string) =>
      extras.signatures.find((s) => s.config_id === config && s.condition === condition && s.signature === signature)!;
    expect(extras.signatures).toHaveLength(8);
    expect(rate("bert", "switched", "requirement_state_loss")).toMatchObject({
      runs: 9,
      runs_with_trajectory: 1,
      tagged_runs: 1,
      rate_of_inspectable: 100,
    });
    expect(rate("bert", "switched", "requirement_state_loss").rate).toBeCloseTo(100 / 9, 10);
    expect(rate("anna", "switched", "requirement_state_loss")).toMatchObject({
      runs: 10,
      runs_with_trajectory: 1,
      tagged_runs: 0,
      rate: 0,
    });
  });
});

describe("other conditions and releases", () => {
  it("fills the 2×2 under the baseline, the gaps still against the other condition", async () => {
    const m = await computeCompare(
      cmp,
      META,
      { a: "anna", b: "bert", condition: "uninterrupted" },
      { intervals: false },
    );
    expect(m.gapCondition).toBe("switched");
    expect(m.groups.map(cells)).toEqual([
      [7, 2, 1, 0],
      [4, 1, 0, 0],
      [3, 1, 1, 0],
    ]);
    expect(m.groups.map((g) => g.p)).toEqual([1, 1, 1]);
    expect(m.groups.map((g) => [g.gapA, g.gapB])).toEqual([
      [20, 50],
      [20, 60],
      [20, 40],
    ]);
    expect(Number.isNaN(m.groups[0]!.resDiff.lo)).toBe(true);
    // Intervals added afterwards are those computed in one go.
    const full = await computeCompare(cmp, META, { a: "anna", b: "bert", condition: "uninterrupted" });
    expect(withIntervals(m).groups).toEqual(full.groups);
  });

  it("takes the configurations it is given (the page's build-time rows) instead of querying them, and uses them", async () => {
    const req = { a: "anna", b: "bert", condition: "switched" };
    const queried = await computeCompare(cmp, META, req, { intervals: false });
    const given = await computeCompare(cmp, META, req, { intervals: false, configs: [queried.a!, queried.b!] });
    expect(given).toEqual(queried);
    // A row it is given is what the model names: no second source of configurations behind it.
    const renamed = await computeCompare(cmp, META, req, {
      intervals: false,
      configs: [{ ...queried.a!, display_name: "given A" }, queried.b!],
    });
    expect(renamed.a!.display_name).toBe("given A");
  });

  it("swaps the cells when A and B swap", async () => {
    const m = await computeCompare(cmp, META, { a: "bert", b: "anna", condition: "switched" }, { intervals: false });
    expect(m.groups.map(cells)).toEqual([
      [2, 1, 5, 2],
      [1, 0, 3, 1],
      [1, 1, 2, 1],
    ]);
    expect(m.groups.map((g) => g.resDiff.value)).toEqual([-40, -60, -20]);
  });

  it("pairs handcalc's alpha and beta by the EXPECTED.md outcome table", async () => {
    // switched: N1 1/1 both, N2 0/0 neither, F1 1/0 only alpha, F2 0/– neither
    const s = await computeCompare(hand, META, { a: "alpha", b: "beta", condition: "switched" }, { intervals: false });
    expect(s.groups.map(cells)).toEqual([
      [1, 1, 0, 2],
      [1, 0, 0, 1],
      [0, 1, 0, 1],
    ]);
    // uninterrupted: N1 1/1, N2 1/0 only alpha, F1 1/1, F2 0/1 only beta
    const u = await computeCompare(
      hand,
      META,
      { a: "alpha", b: "beta", condition: "uninterrupted" },
      { intervals: false },
    );
    expect(u.groups.map(cells)).toEqual([
      [2, 1, 1, 0],
      [1, 1, 0, 0],
      [1, 0, 1, 0],
    ]);
    // gaps: alpha 25/50/0, beta 50/0/100 → A − B −25/50/−100
    expect(s.groups.map((g) => g.gapDiff.value)).toEqual([-25, 50, -100]);
  });

  it("takes the first non-baseline condition for gaps when the baseline is chosen", () => {
    expect(gapConditionFor("uninterrupted", "uninterrupted", ["uninterrupted", "switched"])).toBe("switched");
    expect(gapConditionFor("oracle", "none", ["none", "summary", "oracle"])).toBe("oracle");
    expect(gapConditionFor("none", "none", ["none", "summary", "oracle"])).toBe("summary");
  });

  it("scores an unknown configuration as never resolving and names no config for it", async () => {
    const m = await computeCompare(cmp, META, { a: "anna", b: "nobody", condition: "switched" }, { intervals: false });
    expect(m.b).toBeNull();
    expect(cells(m.groups[0]!)).toEqual([0, 7, 0, 3]);
  });
});
