// Starts DuckDB-WASM and loads a page's tables once the page is idle after its first paint, so the first
// interaction that needs a query finds the engine ready (docs/architecture.md, "Warm on idle"). Never before
// the first paint (the static numbers come first), and not at all when the browser asks to save data.
import { releaseDb } from "../db/wasm";

interface NetworkInformation {
  saveData?: boolean;
}

export const WARM_MARK = "duckdb:warm";

/**
 * The tables each page's next queries read (the lists of lib/site/browser-queries.ts, browser-cost.ts and
 * browser-compare.ts, repeated here so a page's bundle does not carry another page's door; a test checks them).
 */
export const WARM_TABLES = {
  leaderboard: ["task_cells"],
  cost: ["runs", "sessions", "requests", "request_usage"],
  compare: ["configs", "sessions", "tasks", "runs", "task_cells"],
} as const satisfies Record<string, readonly string[]>;

export type WarmPage = keyof typeof WARM_TABLES;

function saveData(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformation }).connection;
  return connection?.saveData === true;
}

/** Resolves after the first paint (or at once when it is already recorded). */
function afterFirstPaint(): Promise<void> {
  if (performance.getEntriesByType("paint").length > 0) return Promise.resolve();
  return new Promise((resolve) => {
    if (typeof PerformanceObserver === "undefined")
      return window.addEventListener("load", () => resolve(), { once: true });
    const obs = new PerformanceObserver(() => {
      obs.disconnect();
      resolve();
    });
    obs.observe({ type: "paint", buffered: true });
  });
}

function idle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 200);
  });
}

/** Returns a cancel function (a page left before it is idle warms nothing). */
export function warmDuckDbOnIdle(releaseId: string, page: WarmPage): () => void {
  const tables = WARM_TABLES[page];
  if (typeof window === "undefined" || saveData()) return () => undefined;
  let live = true;
  void (async () => {
    await afterFirstPaint();
    // The page's own scripts run on load; the warm-up waits for them and then for an idle moment.
    if (document.readyState !== "complete")
      await new Promise((r) => window.addEventListener("load", r, { once: true }));
    await idle();
    if (!live) return;
    performance.mark(`${WARM_MARK}:start`);
    const db = await releaseDb(releaseId, tables);
    // A fresh engine's first statement pays for code paths every later query uses.
    await db.query(`SELECT COUNT(*)::INTEGER AS n FROM ${tables[0]}`);
    performance.mark(`${WARM_MARK}:done`);
  })().catch(() => undefined); // a failed warm-up is retried by the first real query
  return () => {
    live = false;
  };
}
