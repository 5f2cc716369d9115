// Local results on the cost and compare pages, on real DuckDB: the seven sample runs replayed as Harbor jobs
// and imported as `my-agent` (lib/data/fixtures/harbor/README.md, "Local results on the cost and compare
// pages", has the hand computation of every number asserted here). As in the browser, the published release
// and the local one are in schemas of their own, and the compare runs on a schema of views over both.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeJobs } from "../../data/fixtures/harbor/make-jobs";
import { importHarbor } from "../../data/import-harbor";
import { loadRelease } from "../../data/load-release";
import { releaseTables, TABLES } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { mcnemarExact } from "../../metrics/mcnemar";
import { computeCompare, computeCompareCost, runOf, type CompareModel } from "../compare/model";
import { withLocalCost } from "../cost/local";
import { computeCostPage, computeCostRows, type CostPageData, type CostRows } from "../cost/model";
import { failureTable, scatterPoints, table2Rows } from "../cost/view";
import { DERIVED_TABLES } from "../derive";
import { combinedViewSql, unmatchedLocalRunsSql } from "./union.sql";
import { localConfigRows } from "./config-rows";

const SAMPLE = "data/releases/sample";
const META = { baseline: "uninterrupted", conditions: ["uninterrupted", "switched"], groups: ["near", "far"] };
const MINE = "local:my-agent";
const DEEPSEEK = "deepseek-v4.1-flash-opencode";

let tmp: string;
let db: NodeDb;
let local: CostRows;
let published: CostPageData;
let pairSwitched: CompareModel;
let pairUnint: CompareModel;

async function schema(name: string, dir: string, opts: { local?: boolean } = {}) {
  const { release } = await loadRelease(dir);
  await db.run(`CREATE SCHEMA ${name}; SET search_path = '${name}'`);
  await loadTablesNode(db, releaseTables(release!, opts));
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "local-results-"));
  const { mapping } = await writeJobs(SAMPLE, join(tmp, "jobs"));
  await importHarbor({
    jobs: join(tmp, "jobs"),
    specs: SAMPLE,
    configId: "my-agent",
    out: join(tmp, "mine"),
    mapping,
    config: { display_name: "My agent / Harbor" },
  });
  db = await openNodeDb();
  await schema("pub", SAMPLE);
  await schema("loc", join(tmp, "mine"), { local: true });
  local = await computeCostRows(db, META.baseline);
  await db.run("SET search_path = 'pub'");
  published = await computeCostPage(db, META);
  await db.run("CREATE SCHEMA pair");
  for (const table of [...Object.keys(TABLES), ...DERIVED_TABLES])
    await db.run(combinedViewSql(table, "pair", "pub", ["loc"]));
  await db.run("SET search_path = 'pair'");
  pairSwitched = await computeCompare(db, META, { a: MINE, b: DEEPSEEK, condition: "switched" });
  pairUnint = await computeCompare(db, META, { a: MINE, b: DEEPSEEK, condition: "uninterrupted" });
}, 120_000);
afterAll(() => {
  db?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const scope = (rows: CostRows, grp: string, measure: string) =>
  rows.scopes.find(
    (r) => r.config_id === "my-agent" && r.condition === "switched" && r.grp === grp && r.measure === measure,
  )!;

describe("Table 2 of the local configuration (computeCostRows on its own schema)", () => {
  it("averages tokens over the runs that exist: 3 uninterrupted, 4 switched", () => {
    const t = scope(local, "overall", "tokens");
    expect([t.base_runs, t.runs]).toEqual([3, 4]);
    expect(t.base_mean).toBeCloseTo(38_364_379 / 3, 6);
    expect(t.all_mean).toBeCloseTo(392_354_891 / 4, 6);
    expect(t.all_ratio).toBeCloseTo(392_354_891 / 4 / (38_364_379 / 3), 12);
    const near = scope(local, "near", "tokens");
    expect([near.base_runs, near.runs, near.base_mean, near.all_mean]).toEqual([2, 3, 23_520_559 / 2, 271_448_710 / 3]);
  });

  it("counts model calls the import recorded (none for the two totals-only runs) and a cost only where every run has one", () => {
    expect(scope(local, "overall", "model_calls")).toMatchObject({ base_mean: 208 / 3, all_mean: 1193 / 4 });
    expect(scope(local, "overall", "cost_usd").base_mean).toBeNull();
    expect(scope(local, "overall", "cost_usd").all_mean).toBeCloseTo(21.9616 / 4, 9);
  });

  it("ends the focus cells as the imported runs did, the other 196 or 197 with no run", () => {
    const f = (condition: string) =>
      local.failures.find((r) => r.config_id === "my-agent" && r.condition === condition && r.grp === "overall")!;
    expect(f("switched")).toMatchObject({
      resolved: 1,
      implementation: 1,
      submission: 1,
      incomplete: 1,
      no_run: 196,
      unresolved: 199,
      total: 200,
    });
    expect(f("uninterrupted")).toMatchObject({
      resolved: 2,
      implementation: 1,
      submission: 0,
      incomplete: 0,
      no_run: 197,
      total: 200,
    });
  });
});

describe("the cost page with the local rows appended (withLocalCost)", () => {
  const shown = () => withLocalCost(published, [local]);

  it("adds the local configuration last, prefixed and marked local, and leaves the published rows as they are", () => {
    const rows = table2Rows(shown(), { mode: "cached", grp: "overall", condition: "switched" });
    expect(rows.map((r) => r.config.config_id)).toEqual([...published.configs.map((c) => c.config_id), MINE]);
    expect(rows.at(-1)!.config).toMatchObject({ display_name: "My agent / Harbor", is_local: true });
    expect(rows.at(-1)!.tokens.base).toBeCloseTo(38_364_379 / 3, 6);
    expect(rows.slice(0, -1)).toEqual(table2Rows(published, { mode: "cached", grp: "overall", condition: "switched" }));
    expect(withLocalCost(published, [])).toBe(published);
  });

  it("puts the local resolution (the leaderboard's 1.0 and 0.5) on the scatter and its failures in the breakdown", () => {
    const points = scatterPoints(shown(), {
      mode: "cached",
      grp: "overall",
      condition: "switched",
      axis: "tokens",
    }).filter((p) => p.configId === MINE);
    expect(points.map((p) => [p.condition, p.resolution])).toEqual([
      ["uninterrupted", 1],
      ["switched", 0.5],
    ]);
    expect(points[1]!.cost).toBeCloseTo(392_354_891 / 4, 6);
    const fails = failureTable(shown(), "far", ["uninterrupted", "switched"]).filter(
      (r) => r.config.config_id === MINE,
    );
    expect(fails.map((r) => [r.condition, r.counts.resolved, r.counts.submission, r.total])).toEqual([
      ["uninterrupted", 1, 0, 100],
      ["switched", 0, 1, 100],
    ]);
  });
});

describe("local:my-agent against a published configuration on the combined schema", () => {
  const cells = (m: CompareModel, grp: string) => {
    const g = m.groups.find((x) => x.grp === grp)!;
    return [g.both, g.onlyA, g.onlyB, g.neither];
  };

  it("fills the 2×2 per group under switched: my-agent resolves only flask-5818, which deepseek resolves too", () => {
    expect(pairSwitched.a).toMatchObject({
      config_id: MINE,
      display_name: "My agent / Harbor",
      is_local: true,
      base_config_id: null,
    });
    expect(pairSwitched.b?.config_id).toBe(DEEPSEEK);
    expect(cells(pairSwitched, "overall")).toEqual([1, 0, 62, 137]);
    expect(cells(pairSwitched, "near")).toEqual([1, 0, 33, 66]);
    expect(cells(pairSwitched, "far")).toEqual([0, 0, 29, 71]);
    expect(pairSwitched.groups[0]!.p).toBe(mcnemarExact(0, 62));
  });

  it("fills it under uninterrupted and gives both gaps", () => {
    expect(cells(pairUnint, "overall")).toEqual([2, 0, 91, 107]);
    expect(cells(pairUnint, "near")).toEqual([1, 0, 44, 55]);
    expect(cells(pairUnint, "far")).toEqual([1, 0, 47, 52]);
    const o = pairSwitched.groups[0]!;
    expect([o.resA, o.resB, o.gapA, o.gapB]).toEqual([0.5, 31.5, 0.5, 15]);
    expect(o.resDiff.value).toBeCloseTo(-31, 9);
    expect(o.resDiff.lo).toBeLessThan(o.resDiff.hi);
  });

  it("lists a local configuration in the picker under the id the combined schema gives it", () => {
    const { sort_order: _order, ...view } = pairSwitched.a!;
    const { sort_order: _o, ...row } = localConfigRows([{ ...local.configs[0]!, config_id: "my-agent" }], 99)[0]!;
    expect(row).toEqual(view);
  });

  it("lists a local display name as the site shows it: a bidi override as ⟦U+202E⟧, look-alikes with their id", () => {
    // Issue 58: the picker's rows come from the local entry's configs.jsonl, not from the combined schema.
    const first = local.configs[0]!;
    const rows = localConfigRows(
      [
        { ...first, config_id: "a", display_name: "Orca \u202eretuoR+", model: "m\u2066x" },
        { ...first, config_id: "b", display_name: "\u041erca" },
        { ...first, config_id: "c", display_name: "Orca" },
      ],
      99,
    );
    expect(rows.map((r) => [r.config_id, r.display_name, r.model])).toEqual([
      ["local:a", "Orca ⟦U+202E⟧retuoR+", "m⟦U+2066⟧x"],
      ["local:b", "\u041erca (b)", first.model],
      ["local:c", "Orca (c)", first.model],
    ]);
    expect(JSON.stringify(rows)).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("lists the local runs under prefixed ids and pairs the local usage with the published one", async () => {
    expect(runOf(pairSwitched.runs, MINE, "pallets__flask-5818", "switched")?.run_id).toBe(
      "local:my-agent.pallets__flask-5818.switched.r0",
    );
    expect(pairSwitched.runs.filter((r) => r.config_id === MINE)).toHaveLength(7);
    const cost = await computeCompareCost(db, META, { a: MINE, b: DEEPSEEK, condition: "switched" });
    const tokens = cost.find((r) => r.grp === "overall" && r.measure === "tokens" && r.scope === "unint")!;
    expect([tokens.a_runs, tokens.b_runs]).toEqual([3, 200]);
    expect(tokens.a_mean).toBeCloseTo(38_364_379 / 3, 6);
    expect(await db.query(unmatchedLocalRunsSql([MINE, DEEPSEEK]))).toEqual([{ n: 0 }]);
  });

  it("takes two local releases at once; runs on sessions the published release lacks are counted and left out", async () => {
    // data/examples/minimal: another benchmark (2 focus tasks, sessions s-1xx), 4 runs per configuration.
    await schema("loc2", "data/examples/minimal", { local: true });
    await db.run("CREATE SCHEMA pair2");
    for (const table of [...Object.keys(TABLES), ...DERIVED_TABLES])
      await db.run(combinedViewSql(table, "pair2", "pub", ["loc", "loc2"]));
    await db.run("SET search_path = 'pair2'");
    const mine = await computeCompare(db, META, { a: MINE, b: DEEPSEEK, condition: "switched" }, { intervals: false });
    const orca = await computeCompare(
      db,
      META,
      { a: "local:orca-opencode", b: DEEPSEEK, condition: "switched" },
      { intervals: false },
    );
    const unmatched = await db.query(unmatchedLocalRunsSql(["local:orca-opencode", "local:orca-opencode-router"]));
    const router = (
      await db.query<{ base_config_id: string }>(
        "SELECT base_config_id FROM configs WHERE config_id = 'local:orca-opencode-router'",
      )
    )[0];
    await db.run("SET search_path = 'pair'");
    expect(cells(mine, "overall")).toEqual([1, 0, 62, 137]);
    expect(cells(orca, "overall")).toEqual([0, 0, 63, 137]);
    expect(orca.a?.display_name).toBe("Orca-2 / OpenCode");
    expect(unmatched).toEqual([{ n: 8 }]);
    expect(router?.base_config_id).toBe("local:orca-opencode");
  });

  it("leaves two published configurations as they are on the published schema", async () => {
    const req = { a: DEEPSEEK, b: "glm-5.3-opencode", condition: "switched" };
    const onPair = await computeCompare(db, META, req, { intervals: false });
    await db.run("SET search_path = 'pub'");
    const onPub = await computeCompare(db, META, req, { intervals: false });
    await db.run("SET search_path = 'pair'");
    expect(onPair).toEqual(onPub);
  });
});
