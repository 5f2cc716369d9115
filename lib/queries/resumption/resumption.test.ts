// The resumption page's numbers on the hand-worked release (e2e/fixtures/releases/resumecalc, EXPECTED.md), on real
// DuckDB: every focus return's loads and outcome, the bins with their Wilson intervals, the logistic fits (and the
// reasons two of them are refused), the signatures at the return, and interruption completion beside focus
// resolution.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadRelease } from "../../data/load-release";
import { releaseTables } from "../../data/tables";
import { openNodeDb, type NodeDb } from "../../db/node";
import { loadDerivedNode } from "../load-derived-node";
import { loadTablesNode } from "../load-node";
import { computeResumption, type ConditionResumption, type ResumptionPageData } from "./model";
import { fitCurve, POOLED, type LoadMeasure, type LoadSeries, type ResumptionOutcome } from "./series";
import { focusReturnsQuery, interruptionCompletionQuery, type FocusReturnRow } from "./sql";

const DIR = "e2e/fixtures/releases/resumecalc";
const META = { baseline: "uninterrupted", conditions: ["uninterrupted", "switched"] };
let db: NodeDb;
let returns: FocusReturnRow[];
let data: ResumptionPageData;
let switched: ConditionResumption;

beforeAll(async () => {
  const { release } = await loadRelease(DIR);
  db = await openNodeDb();
  await loadTablesNode(db, releaseTables(release!));
  await loadDerivedNode(db, `${DIR}/derived`);
  returns = await db.run(focusReturnsQuery, { baseline: META.baseline });
  data = await computeResumption(db, META);
  switched = data.byCondition.switched!;
});
afterAll(() => db?.close());

const M = 1e6;
const series = (scope: string, outcome: ResumptionOutcome, measure: LoadMeasure): LoadSeries =>
  switched.scopes.find((s) => s.id === scope)!.series[outcome][measure];
const r2 = (v: number) => Number(v.toFixed(2));
/** [n, successes, rate %, clustered lo %, clustered hi %] per bin, rounded to two decimals. */
const binTable = (s: LoadSeries) =>
  s.bins.map((b) => [b.n, b.successes, b.rate === null ? null : r2(b.rate), r2(b.ciLo), r2(b.ciHi)]);
/** [focus tasks, design effect, plain Wilson lo %, hi %] per bin. */
const clusterTable = (s: LoadSeries) =>
  s.bins.map((b) => [b.focusTasks, Number(b.designEffect.toFixed(4)), r2(b.plainLo), r2(b.plainHi)]);

describe("focus returns of resumecalc", () => {
  it("finds every return after an earlier focus request, with its loads (EXPECTED.md, Each return's loads)", () => {
    const shown = returns.map((r) => [
      r.run_id,
      r.position,
      r.stage,
      r.prev_focus,
      r.requests_between,
      r.switches_between,
      r.tokens_between === null ? null : r.tokens_between / M,
    ]);
    expect(shown).toEqual([
      ["p.s-A", 2, 2, 0, 1, 2, 3],
      ["p.s-A", 6, 4, 3, 2, 3, 8],
      ["p.s-B", 4, 2, 0, 3, 3, 12],
      ["p.s-B", 6, 3, 4, 1, 2, 6],
      ["p.s-C", 5, 2, 0, 4, 5, 45],
      ["q.s-A", 2, 2, 0, 1, 2, 4],
      ["q.s-A", 6, 4, 3, 2, 3, 4],
      ["q.s-B", 4, 2, 0, 3, 3, 9],
      // B3 was never reached: X2 at position 5 has no usage line, so its tokens are unknown, not 0.
      ["q.s-B", 6, 3, 4, 1, 2, null],
      ["q.s-C", 5, 2, 0, 4, 5, 40],
      ["r.s-A", 2, 2, 0, 1, 2, 1],
      ["r.s-A", 6, 4, 3, 2, 3, 22],
      ["r.s-B", 4, 2, 0, 3, 3, 15],
      ["r.s-B", 6, 3, 4, 1, 2, 2],
      ["r.s-C", 5, 2, 0, 4, 5, 16],
    ]);
  });

  it("scores each return by its own stage, and marks the one return a run never got to", () => {
    expect(returns.filter((r) => !r.reached).map((r) => `${r.run_id}@${r.position}`)).toEqual(["q.s-B@6"]);
    const held = (run: string) => returns.filter((r) => r.run_id === run && r.reached).map((r) => (r.held ? 1 : 0));
    // p.s-C: c2 passes, c2b fails → C2 not held. r.s-A: a1 (stage 1) fails, so no return loses. q.s-C: not applied.
    expect([held("p.s-A"), held("p.s-B"), held("p.s-C")]).toEqual([[1, 1], [1, 1], [0]]);
    expect([held("q.s-A"), held("q.s-B"), held("q.s-C")]).toEqual([[1, 1], [0], [0]]);
    expect([held("r.s-A"), held("r.s-B"), held("r.s-C")]).toEqual([[1, 1], [0, 1], [1]]);
  });

  it("reads strong tags at the return's position only, and only from readable trajectories", () => {
    const tagged = (sig: "tag_requirement_state_loss" | "tag_cross_task_interference") =>
      returns.filter((r) => r[sig]).map((r) => `${r.run_id}@${r.position}${r.readable ? "" : " (unreadable)"}`);
    expect(tagged("tag_requirement_state_loss")).toEqual(["r.s-A@6"]);
    expect(tagged("tag_cross_task_interference")).toEqual(["p.s-C@5", "q.s-A@2", "q.s-C@5 (unreadable)"]);
  });
});

describe("bins with Wilson intervals clustered by focus task (EXPECTED.md, Bins of held)", () => {
  it("bins pooled requests 1, 2, 3, 4–5, 6–8, 9+", () => {
    const s = series(POOLED, "held", "requests");
    expect([s.n, s.unknown, s.outside]).toEqual([14, 0, 0]);
    // Bins 2, 3 and 4–5 each hold one focus task's three returns (A4, B2, C2): one piece of evidence, n_eff = 1.
    expect(binTable(s)).toEqual([
      [5, 5, 100, 56.55, 100],
      [3, 3, 100, 20.65, 100],
      [3, 1, 33.33, 2.53, 90.58],
      [3, 1, 33.33, 2.53, 90.58],
      [0, 0, null, 0, 100],
      [0, 0, null, 0, 100],
    ]);
    expect(clusterTable(s)).toEqual([
      [2, 1, 56.55, 100],
      [1, 3, 43.85, 100],
      [1, 3, 6.15, 79.23],
      [1, 3, 6.15, 79.23],
      [0, 1, 0, 100],
      [0, 1, 0, 100],
    ]);
    expect(s.bins.map((b) => [b.lo, b.hi])).toEqual([
      [1, 2],
      [2, 3],
      [3, 4],
      [4, 6],
      [6, 9],
      [9, null],
    ]);
  });

  it("bins pooled switches and tokens (an edge opens its bin: 40 M goes to 40 M+)", () => {
    expect(binTable(series(POOLED, "held", "switches"))).toEqual([
      [5, 5, 100, 56.55, 100],
      [6, 4, 66.67, 15.94, 95.47],
      [0, 0, null, 0, 100],
      [3, 1, 33.33, 2.53, 90.58],
      [0, 0, null, 0, 100],
    ]);
    // Switches 3: A4 ×3 (all held) and B2 ×3 (one held): deff 3.
    expect(clusterTable(series(POOLED, "held", "switches"))[1]).toEqual([2, 3, 30, 90.32]);
    expect(binTable(series(POOLED, "held", "tokens"))).toEqual([
      [5, 5, 100, 56.55, 100],
      [3, 2, 66.67, 20.77, 93.85],
      [3, 2, 66.67, 20.77, 93.85],
      [1, 1, 100, 20.65, 100],
      [2, 0, 0, 0, 79.35],
    ]);
    // 5–10 M: A 1 of 1, B 1 of 2 → deff 2/3, floored at 1; 40 M+: both returns are C2 → one focus task, n_eff 1.
    expect(clusterTable(series(POOLED, "held", "tokens")).map((r) => r.slice(0, 2))).toEqual([
      [2, 1],
      [2, 1],
      [2, 1],
      [1, 1],
      [1, 2],
    ]);
    expect(series(POOLED, "held", "tokens").bins[4]!.meanLoad).toBe(42.5 * M);
  });

  it("bins each configuration's own returns", () => {
    const counts = (id: string) =>
      series(id, "held", "requests")
        .bins.slice(0, 4)
        .map((b) => `${b.successes}/${b.n}`);
    expect(counts("p")).toEqual(["2/2", "1/1", "1/1", "0/1"]);
    expect(counts("q")).toEqual(["1/1", "1/1", "0/1", "0/1"]);
    expect(counts("r")).toEqual(["2/2", "1/1", "0/1", "1/1"]);
  });
});

describe("logistic fits of held on requests", () => {
  it("refuses p and q, whose outcomes the load separates, and says so", () => {
    expect(series("p", "held", "requests").fit).toEqual({ ok: false, n: 5, reason: "separation" });
    expect(series("q", "held", "requests").fit).toEqual({ ok: false, n: 4, reason: "separation" });
    expect(series("r", "held", "requests").fit.ok).toBe(true);
  });

  it("fits the pooled returns at the maximum likelihood, with a pointwise 95% band around the curve", () => {
    const fit = series(POOLED, "held", "requests").fit;
    if (!fit.ok) throw new Error(`no fit: ${fit.reason}`);
    const points = returns.filter((r) => r.reached).map((r) => ({ x: r.requests_between, y: r.held ? 1 : 0 }));
    const p = (x: number) => 1 / (1 + Math.exp(-(fit.intercept + fit.slope * x)));
    // The likelihood equations hold at the fit: Σ(y − p) = 0 and Σ x(y − p) = 0.
    expect(Math.abs(points.reduce((s, q) => s + q.y - p(q.x), 0))).toBeLessThan(1e-8);
    expect(Math.abs(points.reduce((s, q) => s + q.x * (q.y - p(q.x)), 0))).toBeLessThan(1e-8);
    // The independent solution in EXPECTED.md: the model-based se(slope) 0.99071 is larger than the clustered
    // 0.69032 (three focus tasks), so the slope's interval keeps the model's.
    expect(fit.slope).toBeCloseTo(-1.8686, 3);
    expect(fit.focusTasks).toBe(3);
    expect(fit.seModel).toBeCloseTo(0.99071, 5);
    expect(fit.seClustered).toBeCloseTo(0.69032, 5);
    expect([fit.slopeLo, fit.slopeHi].map((v) => Number(v.toFixed(3)))).toEqual([-3.81, 0.073]);
    const curve = fitCurve(fit);
    expect(curve[0]!.x).toBe(1);
    expect(curve.at(-1)!.x).toBe(4);
    // At 1 and at 4 requests the model's error is the larger: the band is the model's there.
    const first = curve[0]!;
    expect([first.p, first.lo, first.hi].map(r2)).toEqual([98.43, 47.09, 99.98]);
    const last = curve.at(-1)!;
    expect([last.p, last.lo, last.hi].map(r2)).toEqual([18.74, 1.92, 73.08]);
  });

  it("counts the fits the page draws: 36 series with returns, 14 fitted, none excluding 0", () => {
    expect(switched.fits).toEqual({ series: 36, fitted: 14, excludingZero: 0 });
  });
});

describe("signatures at the return", () => {
  it("bins the 13 known returns, the unreadable run's return counted as unknown", () => {
    const rsl = series(POOLED, "requirement_state_loss", "requests");
    const cti = series(POOLED, "cross_task_interference", "requests");
    expect([rsl.n, rsl.unknown, cti.n, cti.unknown]).toEqual([13, 1, 13, 1]);
    expect(binTable(rsl).slice(0, 4)).toEqual([
      [5, 0, 0, 0, 43.45],
      [3, 1, 33.33, 2.53, 90.58],
      [3, 0, 0, 0, 79.35],
      [2, 0, 0, 0, 79.35],
    ]);
    expect(binTable(cti).slice(0, 4)).toEqual([
      [5, 1, 20, 3.62, 62.45],
      [3, 0, 0, 0, 79.35],
      [3, 0, 0, 0, 79.35],
      [2, 1, 50, 5.46, 94.54],
    ]);
    // The plain Wilson intervals beside them: 0/3 [0, 56.15], 1/2 [9.45, 90.55]. Bin 1 (A ×3, one tagged; B ×2):
    // deff 0.8 floored at 1, so its interval stays the plain 1/5 [3.62, 62.45].
    expect(clusterTable(cti).slice(0, 4)).toEqual([
      [2, 1, 3.62, 62.45],
      [1, 3, 0, 56.15],
      [1, 3, 0, 56.15],
      [1, 2, 9.45, 90.55],
    ]);
  });
});

describe("interruption completion beside switched focus resolution", () => {
  it("counts scored outcomes and unscored runs per configuration", async () => {
    const rows = await db.run(interruptionCompletionQuery, { baseline: META.baseline });
    expect(rows.map((r) => [r.config_id, r.runs, r.scored_runs, r.outcomes, r.resolved, r.unscored_tasks])).toEqual([
      ["p", 3, 3, 6, 5, 0],
      ["q", 3, 2, 4, 3, 0],
      ["r", 3, 0, 0, 0, 0],
    ]);
  });

  it("sums each configuration's focus tasks' moments: Σ resolved², Σ resolved·listed, Σ listed²", async () => {
    // One run per focus task here. p: A 1/2, B 2/2, C 2/2 → 1 + 4 + 4 = 9, 2 + 4 + 4 = 10, 4·3 = 12;
    // q: A 2/2, B 1/2 (C lists none: no cluster) → 5, 6, 8.
    const rows = await db.run(interruptionCompletionQuery, { baseline: META.baseline });
    const moments = rows.map((r) => [
      r.config_id,
      r.scored_focus_tasks,
      r.resolved_sq,
      r.resolved_by_listed,
      r.listed_sq,
    ]);
    expect(moments).toEqual([
      ["p", 3, 9, 10, 12],
      ["q", 2, 5, 6, 8],
      ["r", 0, 0, 0, 0],
    ]);
  });

  it("gives completion with its interval clustered by focus task, 'not scored' as null, and focus resolution", () => {
    const shown = switched.interruptions.map((r) => [
      r.config_id,
      r.unscored_runs,
      r.completion
        ? [r2(r.completion.value), r2(r.completion.lo), r2(r.completion.hi), r2(r.completion.designEffect)]
        : null,
      r.focus ? [r2(r.focus.value), r2(r.focus.lo), r2(r.focus.hi), r.focus.resolved, r.focus.n_tasks] : null,
    ]);
    // EXPECTED.md: p deff 6/5 (n_eff 5), q deff 4/3 (n_eff 3).
    expect(shown).toEqual([
      ["p", 0, [83.33, 40.33, 97.37, 1.2], [66.67, 20.77, 93.85, 2, 3]],
      ["q", 1, [75, 25.61, 96.32, 1.33], [33.33, 6.15, 79.23, 1, 3]],
      ["r", 3, null, [33.33, 6.15, 79.23, 1, 3]],
    ]);
    // The plain Wilson intervals beside them: 5/6 [43.65, 96.99], 3/4 [30.06, 95.44].
    const plain = switched.interruptions.flatMap((r) =>
      r.completion ? [[r2(r.completion.plainLo), r2(r.completion.plainHi)]] : [],
    );
    expect(plain).toEqual([
      [43.65, 96.99],
      [30.06, 95.44],
    ]);
  });

  it("lists the non-baseline conditions only, scopes pooled first, edges with an open end", () => {
    expect(data.conditions).toEqual(["switched"]);
    expect(switched.scopes.map((s) => [s.id, s.returns, s.reached])).toEqual([
      [POOLED, 15, 14],
      ["p", 5, 5],
      ["q", 5, 4],
      ["r", 5, 5],
    ]);
    expect(data.edges.requests).toEqual([1, 2, 3, 4, 6, 9, null]);
  });
});

// As lib/queries/query-tables.test.ts does for the other features: a browser source loads only the tables a query
// names, so each must run on exactly those and fail without any one of them.
describe("the resumption queries name exactly the tables they read", () => {
  let views = 0;
  async function runWith(sql: string, tables: readonly string[]): Promise<string | null> {
    const name = `only_${++views}`;
    await db.run(`ATTACH ':memory:' AS ${name}`);
    for (const t of tables) await db.run(`CREATE VIEW ${name}.main.${t} AS SELECT * FROM memory.main.${t}`);
    await db.run(`USE ${name}`);
    try {
      await db.query(sql);
      return null;
    } catch (e) {
      return e instanceof Error ? e.message : String(e);
    } finally {
      await db.run("USE memory");
      await db.run(`DETACH ${name}`);
    }
  }

  it.each([focusReturnsQuery, interruptionCompletionQuery].map((q) => [q.name, q] as const))("%s", async (_, q) => {
    const sql = q.sql({ baseline: META.baseline });
    expect(await runWith(sql, q.tables)).toBeNull();
    for (const t of q.tables)
      expect(
        await runWith(
          sql,
          q.tables.filter((x) => x !== t),
        ),
        `${q.name} without ${t}`,
      ).toMatch(/Catalog Error.*does not exist/);
  });
});
