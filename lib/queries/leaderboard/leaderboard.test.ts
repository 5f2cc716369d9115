// The leaderboard SQL on real DuckDB against the hand-computed release (e2e/fixtures/releases/handcalc).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import type { QuerySource } from "../../db/query";
import { computeLeaderboard, leaderboardModel, leaderboardModelInSlices, type LeaderboardModel } from "./model";
import { DERIVE_REPO_TALLIES, DERIVE_TASK_CELLS } from "../derive";
import {
  byteOrder,
  configsQuery,
  repoGapSql,
  resolutionQuery,
  resolutionSql,
  taskResolutionQuery,
  taskScoresQuery,
} from "./sql";

const DIR = "e2e/fixtures/releases/handcalc";
const META = { groups: ["near", "far"], conditions: ["uninterrupted", "switched"], baseline: "uninterrupted" };
let db: NodeDb;
let model: LeaderboardModel;

beforeAll(async () => {
  const { release, problems } = await loadRelease(DIR);
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  model = await computeLeaderboard(db, META);
});
afterAll(() => db?.close());

function cells(config: string) {
  const row = model.rows.find((r) => r.config.config_id === config)!;
  return ["overall", "near", "far"].flatMap((g) => [
    row.rates[g]!.uninterrupted!.value,
    row.rates[g]!.switched!.value,
    row.gaps[g]!.switched!.value,
  ]);
}

describe("leaderboard on the hand-computed release", () => {
  it("reproduces every resolution and gap", () => {
    expect(cells("alpha")).toEqual([75, 50, 25, 100, 50, 50, 50, 50, 0]);
    expect(cells("beta")).toEqual([75, 25, 50, 50, 50, 0, 100, 0, 100]);
    expect(cells("gamma")).toEqual([50, 50, 0, 50, 100, -50, 50, 0, 50]);
  });

  it("keeps the missing run in the denominator and counts it", () => {
    const far = model.rows.find((r) => r.config.config_id === "beta")!.rates.far!.switched!;
    expect(far).toMatchObject({ n: 2, resolved: 0, missingRuns: 1 });
  });

  it("pairs tasks for McNemar", () => {
    const p = (c: string) => model.rows.find((r) => r.config.config_id === c)!.gaps.overall!.switched!;
    expect([p("alpha").baselineOnly, p("alpha").conditionOnly, p("alpha").p]).toEqual([1, 0, 1]);
    expect([p("beta").baselineOnly, p("beta").conditionOnly, p("beta").p]).toEqual([2, 0, 0.5]);
    expect([p("gamma").baselineOnly, p("gamma").conditionOnly, p("gamma").p]).toEqual([1, 1, 1]);
  });

  it("gives the Wilson interval of 3/4", () => {
    const u = model.rows.find((r) => r.config.config_id === "alpha")!.rates.overall!.uninterrupted!;
    expect(u.lo).toBeCloseTo(30.06, 2);
    expect(u.hi).toBeCloseTo(95.44, 2);
  });

  it("recomputes denominators for a subset of tasks", async () => {
    const sub = await computeLeaderboard(db, META, { taskIds: ["N1", "F2"] });
    const beta = sub.rows.find((r) => r.config.config_id === "beta")!;
    expect(beta.rates.overall!.uninterrupted).toMatchObject({ value: 100, n: 2 });
    expect(beta.rates.overall!.switched).toMatchObject({ value: 50, n: 2 });
  });

  it("shows a subset's rates before its task scores are queried, then the same model with McNemar", async () => {
    const scope = { taskIds: ["N1", "F2"] };
    const ran: string[] = [];
    const src: QuerySource = {
      run: (query, ...params) => {
        ran.push(query.name);
        return db.run(query, ...params);
      },
    };
    const partials: LeaderboardModel[] = [];
    const full = await computeLeaderboard(src, META, scope, { onRates: (m) => partials.push(m) });
    expect(ran).toEqual(["configs", "resolution of a task subset", "task scores"]);
    expect(partials).toHaveLength(1);
    const gap = (m: LeaderboardModel) => m.rows.find((r) => r.config.config_id === "beta")!.gaps.overall!.switched!;
    // beta on N1, F2: 100 % against 50 %; discordant N1 none, F2 uninterrupted only (EXPECTED.md).
    expect(gap(partials[0]!).value).toBe(50);
    expect([gap(partials[0]!).baselineOnly, gap(partials[0]!).p, gap(partials[0]!).lo]).toEqual([NaN, NaN, NaN]);
    expect([gap(full).value, gap(full).baselineOnly, gap(full).conditionOnly, gap(full).p]).toEqual([50, 1, 0, 1]);
    expect(full).toEqual(await computeLeaderboard(db, META, scope));
    // The rates shown first are the final ones; the ranks come with the task scores.
    const unranked = (rates: LeaderboardModel["rows"][number]["rates"]) =>
      Object.fromEntries(
        Object.entries(rates).map(([g, byCond]) => [
          g,
          Object.fromEntries(Object.entries(byCond).map(([c, { rank: _rank, ...cell }]) => [c, cell])),
        ]),
      );
    expect(partials[0]!.rows.map((r) => r.rates)).toEqual(full.rows.map((r) => unranked(r.rates)));
  });

  it("builds the same model a slice at a time, yielding between slices, and stops between them when aborted", async () => {
    const scope = { taskIds: ["N1", "F2"] };
    const [configs, rates, scores] = await Promise.all([
      db.run(configsQuery),
      db.run(taskResolutionQuery, scope),
      db.run(taskScoresQuery, scope),
    ]);
    // A zero-length slice yields after every configuration: three slices for alpha, beta and gamma.
    let turns = 0;
    const counting = setInterval(() => turns++, 0);
    const sliced = await leaderboardModelInSlices(META, scope, configs, rates, scores, {}, 0);
    clearInterval(counting);
    expect(sliced).toEqual(await leaderboardModel(META, scope, configs, rates, scores));
    expect(turns).toBeGreaterThan(0);
    const abort = new AbortController();
    abort.abort();
    await expect(
      leaderboardModelInSlices(META, scope, configs, rates, scores, { signal: abort.signal }, 0),
    ).rejects.toThrow("cancelled");
  });

  it("breaks resolution down by repository", async () => {
    const rows = await db.query(repoGapSql("uninterrupted"));
    expect(rows).toContainEqual({
      config_id: "beta",
      repo: "acme/widgets",
      n_tasks: 4,
      condition: "switched",
      baseline_resolution: 75,
      resolution: 25,
      gap: 50,
    });
  });

  it("averages repeats and reports their min–max, a missing repeat counting unresolved", async () => {
    // alpha gets a second repeat with one run only (u-N1 resolved): R = 2 for alpha, every other repeat-1 cell is missing.
    await db.run(`INSERT INTO runs (run_id, config_id, session_id, repeat, finalized, applied, resolved, failure_class)
      VALUES ('alpha.u-N1.r1', 'alpha', 'u-N1', 1, TRUE, TRUE, TRUE, NULL)`);
    // task_cells is derived from runs, repo_tallies from task_cells: re-derived after the insert, as the build would.
    await db.run(DERIVE_TASK_CELLS);
    await db.run(DERIVE_REPO_TALLIES);
    try {
      const m = await computeLeaderboard(db, META);
      const u = m.rows.find((r) => r.config.config_id === "alpha")!.rates.overall!.uninterrupted!;
      // scores N1 (1+1)/2, N2 (1+0)/2, F1 (1+0)/2, F2 0 → 2/4; repeat 0: 3/4, repeat 1: 1/4
      expect(u).toMatchObject({ value: 50, resolved: 2, repeats: 2, repMin: 25, repMax: 75, missingRuns: 3 });
      const beta = m.rows.find((r) => r.config.config_id === "beta")!.rates.overall!.uninterrupted!;
      expect(beta).toMatchObject({ value: 75, repeats: 1, repMin: 75, repMax: 75 });
    } finally {
      await db.run(`DELETE FROM runs WHERE run_id = 'alpha.u-N1.r1'`);
      await db.run(DERIVE_TASK_CELLS);
      await db.run(DERIVE_REPO_TALLIES);
    }
  });

  it("sums a repository scope from the per-repository tallies to the rows the cells give", async () => {
    // Every focus task of the one repository, named as tasks: the same scope counted from task_cells.
    const all = { taskIds: ["N1", "N2", "F1", "F2"] };
    const byRepo = await db.run(resolutionQuery, { repos: ["acme/widgets"] });
    expect(byRepo).toEqual(await db.run(taskResolutionQuery, all));
    expect(await db.run(resolutionQuery, {})).toEqual(byRepo);
    // beta, switched, far: F1 and F2, one of them never ran (EXPECTED.md)
    expect(byRepo).toContainEqual(
      expect.objectContaining({
        config_id: "beta",
        condition: "switched",
        grp: "far",
        n_tasks: 2,
        resolved: 0,
        missing_runs: 1,
      }),
    );
    expect(await db.run(resolutionQuery, { repos: ["acme/none"] })).toEqual([]);
    expect(() => resolutionSql({ taskIds: ["N1"] }, "repo_tallies")).toThrow(/task_cells/);
  });

  it("sorts in JavaScript to the order SQL's ORDER BY gives", async () => {
    // The query objects leave the sort out of their SQL (byConfigConditionGroup); the ordered SQL is the reference.
    expect(await db.run(resolutionQuery, {})).toEqual(await db.query(resolutionSql({}, "repo_tallies")));
    const tasks = { taskIds: ["N1", "F2"] };
    expect(await db.run(taskResolutionQuery, tasks)).toEqual(await db.query(resolutionSql(tasks, "task_cells")));
    expect(resolutionSql({}, "repo_tallies", false)).not.toMatch(/ORDER BY/);
  });
});

describe("byteOrder", () => {
  it("orders strings as DuckDB does, characters past U+FFFF included", async () => {
    // "\u{1F600}" is a surrogate pair in JavaScript, so `<` puts it before "\uFFFD"; DuckDB (UTF-8 bytes) after.
    const words = ["b", "B", "a", "ab", "", "é", "\uFFFD", "\u{1F600}", "\uE000", "z", "a\u{1F600}", "a\uFFFD"];
    const values = words.map((w) => `('${w}')`).join(", ");
    const sql = await db.query<{ w: string }>(`SELECT w FROM (VALUES ${values}) t(w) ORDER BY w`);
    expect([...words].sort(byteOrder)).toEqual(sql.map((r) => r.w));
    expect([...words].sort()).not.toEqual(sql.map((r) => r.w));
  });
});
