// Starts DuckDB-WASM and loads a page's tables once the page is idle after its first paint, so the first
// interaction that needs a query finds the engine ready (docs/architecture.md, "Warm on idle"). Never before
// the first paint (the static numbers come first), and not at all when the browser asks to save data.
import { defineQuery, tablesOf, type Query } from "../db/query";
import type { CompareMeta, CompareRequest } from "../queries/compare/model";
import type { BinSpec } from "../queries/cost/bins";
import type { TokenMode } from "../queries/cost/tasks.sql";
import type { TaskScope } from "../queries/leaderboard/sql";
import type { ReleaseSource } from "./release-source";
import { afterPaintAndIdle } from "./after-paint";

interface NetworkInformation {
  saveData?: boolean;
}

export const WARM_MARK = "duckdb:warm";

/**
 * The queries each page's next interaction runs, whose tables are warmed. Imported when the page is idle: the
 * page's own bundle already holds them, and a page never carries another page's queries.
 */
export const WARM_QUERIES = {
  leaderboard: () => import("../queries/leaderboard/model").then((m) => m.SCOPE_QUERIES),
  cost: () => import("../queries/cost/session.sql").then((m) => [m.sessionUsageQuery]),
  compare: () => import("../queries/compare/model").then((m) => m.PAIR_QUERIES),
} as const satisfies Record<string, () => Promise<readonly Query<never, unknown>[]>>;

export type WarmPage = keyof typeof WARM_QUERIES;

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true;
}

/**
 * A query that will be asked next, run once on the warmed engine. A fresh DuckDB-WASM's first run of a query's
 * shape costs several times its later runs (the engine's code is compiled as it is first used), so the warm-up
 * runs the shown pair's (and, on the cost page, one bin's tasks).
 */
export interface WarmRehearsal {
  /**
   * The leaderboard: a repository subset's queries (one repository the page offers). Without it the first
   * tick of a repository at scale paid for the shape in DuckDB-WASM and for rows made JavaScript by code not yet
   * compiled, several times the same shape's next run (docs/performance.md, "Scale").
   */
  leaderboardScope?: TaskScope;
  comparePair?: { meta: CompareMeta; request: CompareRequest };
  /** The cost page: one histogram bin's tasks (what a click on a bar lists). */
  costBin?: {
    baseline: string;
    mode: TokenMode;
    bins: BinSpec;
    sel: { configId: string; condition: string; bin: number };
  };
}

/** How many times the warm-up runs a repository subset's resolution query (see `rehearse`). */
export const LEADERBOARD_REHEARSALS = 3;

async function rehearse(source: ReleaseSource, rehearsal: WarmRehearsal): Promise<void> {
  if (rehearsal.leaderboardScope) {
    const { resolutionQuery, taskScoresQuery } = await import("../queries/leaderboard/sql");
    // The click waits on the resolution query alone; one rehearsal left it well above its steady state at scale
    // (DuckDB-WASM's hot code is recompiled by the browser's optimising tier only after repeated use).
    for (let i = 0; i < LEADERBOARD_REHEARSALS; i++)
      await source.engine.run(resolutionQuery, rehearsal.leaderboardScope);
    await source.engine.run(taskScoresQuery, rehearsal.leaderboardScope);
  }
  if (rehearsal.comparePair) {
    const { computeCompare } = await import("../queries/compare/model");
    await computeCompare(source.engine, rehearsal.comparePair.meta, rehearsal.comparePair.request, {
      intervals: false,
    });
  }
  if (rehearsal.costBin) {
    const { taskCostBinQuery } = await import("../queries/cost/tasks.sql");
    await source.engine.run(taskCostBinQuery, rehearsal.costBin);
  }
}

/** Returns a cancel function (a page left before it is idle warms nothing). */
export function warmDuckDbOnIdle(source: ReleaseSource, page: WarmPage, rehearsal: WarmRehearsal = {}): () => void {
  if (typeof window === "undefined" || saveData()) return () => undefined;
  let live = true;
  void (async () => {
    // The page's own scripts run on load; the warm-up waits for them and then for an idle moment.
    await afterPaintAndIdle();
    if (!live) return;
    // The page is loaded, hydrated and idle: what it fetches from here on is the warm-up, not what it needed to
    // become interactive (scripts/bench/leaderboard.ts counts the JS before this mark).
    performance.mark(`${WARM_MARK}:idle`);
    const queries = await WARM_QUERIES[page]();
    if (!live) return;
    performance.mark(`${WARM_MARK}:start`);
    await source.prepare(queries);
    // A fresh engine's first statement pays for code paths every later query uses.
    const first = tablesOf(queries)[0]!;
    await source.engine.run(
      defineQuery({ name: "warm", tables: [first], sql: () => `SELECT COUNT(*)::INTEGER AS n FROM ${first}` }),
    );
    if (live) await rehearse(source, rehearsal);
    performance.mark(`${WARM_MARK}:done`);
  })().catch(() => undefined); // a failed warm-up is retried by the first real query
  return () => {
    live = false;
  };
}
