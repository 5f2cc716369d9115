// What the leaderboard warms once it is idle (lib/source/warm.ts): a repository subset's queries, rehearsed on the
// last repository offered. Apart from page.ts so the view mounts it without the page's model code; what it runs
// is imported when the page is idle.
import type { PageWarm } from "../page";
import type { TaskScope } from "./sql";

/** How many times the warm-up runs a repository subset's resolution query (see `rehearse`). */
export const LEADERBOARD_REHEARSALS = 3;

export const leaderboardWarm: PageWarm<TaskScope> = {
  queries: () => import("./model").then((m) => m.SCOPE_QUERIES),
  // Without a rehearsal the first tick of a repository at scale paid for the shape in DuckDB-WASM and for rows
  // made JavaScript by code not yet compiled (docs/performance.md).
  async rehearse(engine, scope) {
    const { resolutionQuery, taskScoresQuery } = await import("./sql");
    // The click waits on the resolution query alone; one rehearsal left it well above its steady state at scale
    // (DuckDB-WASM's hot code is recompiled by the browser's optimising tier only after repeated use).
    for (let i = 0; i < LEADERBOARD_REHEARSALS; i++) await engine.run(resolutionQuery, scope);
    await engine.run(taskScoresQuery, scope);
  },
};
