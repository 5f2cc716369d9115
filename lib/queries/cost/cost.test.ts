// The cost SQL on real DuckDB against two hand-computed releases: costcalc (made for these panels: a focus
// request right after the first one, a finalization with no usage line, a run that ended early, a missing
// run, a configuration without cost) and handcalc (usage 1000·(p+1) per request).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { loadTablesNode } from "../load-node";
import { openNodeDb, type NodeDb } from "../../db/node";
import { costScopesSql, type CostScopeRow } from "./sql";
import { COST_FAILURES_SQL, OUTCOMES, type FailureRow } from "./failures.sql";
import { resolutionSql, type ResolutionRow } from "../leaderboard/sql";

const M = 1_000_000;

async function open(dir: string): Promise<NodeDb> {
  const { release, problems } = await loadRelease(dir);
  expect(problems.filter((p) => p.level === "error")).toEqual([]);
  const db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  return db;
}

let cost: NodeDb;
let hand: NodeDb;
beforeAll(async () => {
  [cost, hand] = await Promise.all([open("e2e/fixtures/releases/costcalc"), open("e2e/fixtures/releases/handcalc")]);
});
afterAll(() => {
  cost?.close();
  hand?.close();
});

async function scopes(db: NodeDb, config: string, grp: string, measure: string) {
  const rows = await db.query<CostScopeRow>(costScopesSql("uninterrupted"));
  const r = rows.find((x) => x.config_id === config && x.grp === grp && x.measure === measure);
  if (!r) throw new Error(`no row ${config}/${grp}/${measure}`);
  return r;
}

const triple = (r: CostScopeRow) => [r.base_mean, r.all_mean, r.focus_mean];

describe("Table 2 scopes on costcalc", () => {
  it("means tokens per run over the runs that exist", async () => {
    // p: Unint (6.5 + 2.5)/2; Switch-All (14 + 9)/2; Switch-Focus (4 + 3)/2: A2 right after A1 and F's finalization stay out
    expect(triple(await scopes(cost, "p", "overall", "tokens"))).toEqual([4.5 * M, 11.5 * M, 3.5 * M]);
    // q: its switched far run is missing, so Switch means are over the one early-ended run
    const q = await scopes(cost, "q", "overall", "tokens");
    expect(triple(q)).toEqual([5.5 * M, 12 * M, 6 * M]);
    expect([q.base_runs, q.runs]).toEqual([2, 1]);
  });

  it("gives the ratios against the whole uninterrupted session", async () => {
    const p = await scopes(cost, "p", "overall", "tokens");
    expect(p.all_ratio).toBeCloseTo(11.5 / 4.5, 12);
    expect(p.focus_ratio).toBeCloseTo(3.5 / 4.5, 12);
    const q = await scopes(cost, "q", "overall", "model_calls");
    expect([q.base_mean, q.all_mean, q.focus_mean, q.all_ratio]).toEqual([9, 18, 8, 2]);
    expect(q.focus_ratio).toBeCloseTo(8 / 9, 12);
  });

  it("counts model and tool calls under each scope", async () => {
    expect(triple(await scopes(cost, "p", "overall", "model_calls"))).toEqual([7.5, 20.5, 5.5]);
    expect(triple(await scopes(cost, "p", "overall", "tool_calls"))).toEqual([7, 17, 7]);
    expect(triple(await scopes(cost, "q", "overall", "tool_calls"))).toEqual([5.5, 15, 9]);
  });

  it("excludes cached input on request", async () => {
    expect(triple(await scopes(cost, "p", "overall", "uncached_tokens"))).toEqual([2.25 * M, 4.25 * M, 1 * M]);
    expect(triple(await scopes(cost, "q", "overall", "uncached_tokens"))).toEqual([2.75 * M, 5 * M, 2 * M]);
  });

  it("has cost only where every request carries one", async () => {
    const p = triple(await scopes(cost, "p", "overall", "cost_usd"));
    expect(p.map((x) => Number(x!.toFixed(10)))).toEqual([0.45, 1.15, 0.35]);
    expect(triple(await scopes(cost, "q", "overall", "cost_usd"))).toEqual([null, null, null]);
  });

  it("splits by locality group, with no mean where no run exists", async () => {
    expect(triple(await scopes(cost, "p", "near", "tokens"))).toEqual([6.5 * M, 14 * M, 4 * M]);
    expect(triple(await scopes(cost, "p", "far", "tokens"))).toEqual([2.5 * M, 9 * M, 3 * M]);
    const qFar = await scopes(cost, "q", "far", "tokens");
    expect([...triple(qFar), qFar.runs, qFar.all_ratio]).toEqual([3 * M, null, null, 0, null]);
  });
});

describe("Table 2 scopes on handcalc", () => {
  it("lets the run that ended early contribute what it incurred", async () => {
    // gamma: three 7-request switched runs (28,000) and gamma.s-F1 after 4 requests (10,000)
    const g = await scopes(hand, "gamma", "overall", "tokens");
    expect(triple(g)).toEqual([6000, 23500, 4000]);
    expect(g.all_ratio).toBeCloseTo(23500 / 6000, 12);
    // beta: the missing switched F2 run is not in the denominator
    expect(triple(await scopes(hand, "beta", "overall", "tokens"))).toEqual([6000, 28000, 4000]);
    expect(triple(await scopes(hand, "gamma", "overall", "model_calls"))).toEqual([6, 12.5, 2]);
    expect(triple(await scopes(hand, "gamma", "overall", "uncached_tokens"))).toEqual([3600, 14100, 2400]);
  });
});

describe("failure breakdown", () => {
  // the classes a cell has (zero counts dropped), and the unresolved and total counts
  const count = (rows: FailureRow[], config: string, condition: string, grp = "overall") => {
    const r = rows.find((x) => x.config_id === config && x.condition === condition && x.grp === grp)!;
    return {
      ...Object.fromEntries(OUTCOMES.filter((o) => r[o] > 0).map((o) => [o, r[o]])),
      unresolved: r.unresolved,
      total: r.total,
    };
  };

  it("classifies every focus cell, a missing run included", async () => {
    const rows = await hand.query<FailureRow>(COST_FAILURES_SQL);
    expect(count(rows, "alpha", "uninterrupted")).toEqual({ resolved: 3, implementation: 1, unresolved: 1, total: 4 });
    expect(count(rows, "alpha", "switched")).toEqual({
      resolved: 2,
      implementation: 1,
      submission: 1,
      unresolved: 2,
      total: 4,
    });
    expect(count(rows, "beta", "switched")).toEqual({
      resolved: 1,
      implementation: 2,
      no_run: 1,
      unresolved: 3,
      total: 4,
    });
    expect(count(rows, "gamma", "switched")).toEqual({
      resolved: 2,
      incomplete: 1,
      implementation: 1,
      unresolved: 2,
      total: 4,
    });
    expect(count(rows, "beta", "switched", "far")).toEqual({ implementation: 1, no_run: 1, unresolved: 2, total: 2 });
    const c = await cost.query<FailureRow>(COST_FAILURES_SQL);
    expect(count(c, "q", "switched")).toEqual({ incomplete: 1, no_run: 1, unresolved: 2, total: 2 });
    expect(count(c, "p", "switched")).toEqual({ resolved: 1, implementation: 1, unresolved: 1, total: 2 });
  });

  it("agrees with the leaderboard's resolved counts", async () => {
    for (const db of [hand, cost]) {
      const rows = await db.query<FailureRow>(COST_FAILURES_SQL);
      const res = await db.query<ResolutionRow>(resolutionSql());
      expect(res.length).toBeGreaterThan(0);
      for (const r of res) {
        const f = rows.find((x) => x.config_id === r.config_id && x.condition === r.condition && x.grp === r.grp)!;
        expect([f.resolved, f.total]).toEqual([r.resolved, r.n_tasks * r.n_repeats]);
      }
    }
  });
});
