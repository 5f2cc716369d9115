// Starts DuckDB-WASM and loads a page's tables once the page is idle after its first paint, so the first
// interaction that needs a query finds the engine ready (docs/architecture.md, "Warm on idle"). Never before
// the first paint (the static numbers come first), and not at all when the browser asks to save data.
import { defineQuery, tablesOf } from "../db/query";
import type { PageWarm } from "../queries/page";
import type { ReleaseSource } from "./release-source";
import { afterPaintAndIdle } from "./after-paint";

export const WARM_MARK = "duckdb:warm";

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true;
}

/**
 * Warms what the page declared (its page.ts `warm`, lib/queries/<feature>/warm.ts): its next queries' tables, then
 * its rehearsal with `next`, what the page's server component passed. The queries and the rehearsal's code are
 * imported when the page is idle, and only this page's. Returns a cancel function (a page left before it is idle
 * warms nothing).
 */
export function warmDuckDbOnIdle<W>(source: ReleaseSource, warm: PageWarm<W>, next?: W): () => void {
  if (typeof window === "undefined" || saveData()) return () => undefined;
  let live = true;
  void (async () => {
    // The page's own scripts run on load; the warm-up waits for them and then for an idle moment.
    await afterPaintAndIdle();
    if (!live) return;
    // The page is loaded, hydrated and idle: what it fetches from here on is the warm-up, not what it needed to
    // become interactive (scripts/bench/leaderboard.ts counts the JS before this mark).
    performance.mark(`${WARM_MARK}:idle`);
    const queries = await warm.queries();
    if (!live) return;
    performance.mark(`${WARM_MARK}:start`);
    await source.prepare(queries);
    // A fresh engine's first statement pays for code paths every later query uses.
    const first = tablesOf(queries)[0]!;
    await source.engine.run(
      defineQuery({ name: "warm", tables: [first], sql: () => `SELECT COUNT(*)::INTEGER AS n FROM ${first}` }),
    );
    if (live && next !== undefined) await warm.rehearse?.(source.engine, next);
    performance.mark(`${WARM_MARK}:done`);
  })().catch(() => undefined); // a failed warm-up is retried by the first real query
  return () => {
    live = false;
  };
}
