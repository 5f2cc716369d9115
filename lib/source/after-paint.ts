// "Once the page has painted, loaded and is idle": when a page starts work its first view does not need (DuckDB-WASM's
// warm-up, lib/source/warm.ts; the leaderboard's trace-signature panel, components/leaderboard).

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

/** After the first paint, the load event (the page's own scripts have run) and then an idle moment. */
export async function afterPaintAndIdle(): Promise<void> {
  await afterFirstPaint();
  if (document.readyState !== "complete") await new Promise((r) => window.addEventListener("load", r, { once: true }));
  await idle();
}
