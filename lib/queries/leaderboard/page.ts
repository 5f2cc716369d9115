// The leaderboard (/r/<release>/): its model; each repository's subset (one tick), the breakdown by repository
// and the signature panel (with the detectors' agreement with human labels) answered ahead; a repository subset's
// queries warmed. The repositories the page offers are a page model of their own.
import { defineDerived } from "../../db/query";
import { AHEAD_MAX_CONFIGS_PER_CONFIG, definePage, type PageMeta } from "../page";
import { computeAgreement } from "../signatures/audit-model";
import { computePrevalence } from "../signatures/prevalence-model";
import { computeLeaderboard, SCOPE_QUERIES, type LeaderboardModel } from "./model";
import { configsQuery, repoGapQuery, reposQuery, resolutionQuery, taskScoresQuery, type TaskScope } from "./sql";

/** How many times the warm-up runs a repository subset's resolution query (see `rehearse`). */
export const LEADERBOARD_REHEARSALS = 3;

export const leaderboardPage = definePage<LeaderboardModel, TaskScope>({
  name: "leaderboard",
  model: defineDerived({ name: "leaderboard page", compute: (src, m: PageMeta) => computeLeaderboard(src, m) }),
  async ahead(src, m) {
    await src.run(repoGapQuery, { baseline: m.baseline });
    await computePrevalence(src, m);
    await computeAgreement(src);
    const configs = await src.run(configsQuery);
    if (configs.length > AHEAD_MAX_CONFIGS_PER_CONFIG) return;
    for (const { repo } of await src.run(reposQuery))
      await computeLeaderboard(src, m, { repos: [repo], taskIds: [] }, { configs, ranks: false });
  },
  warm: {
    queries: async () => SCOPE_QUERIES,
    // A repository subset (the last repository offered). Without it the first tick of a repository at scale paid
    // for the shape in DuckDB-WASM and for rows made JavaScript by code not yet compiled (docs/performance.md).
    async rehearse(engine, scope) {
      // The click waits on the resolution query alone; one rehearsal left it well above its steady state at scale
      // (DuckDB-WASM's hot code is recompiled by the browser's optimising tier only after repeated use).
      for (let i = 0; i < LEADERBOARD_REHEARSALS; i++) await engine.run(resolutionQuery, scope);
      await engine.run(taskScoresQuery, scope);
    },
  },
});

export const repositoriesPage = definePage<{ repo: string; n_tasks: number }[]>({
  name: "repositories",
  model: defineDerived({ name: "repositories page", compute: (src, _m: PageMeta) => src.run(reposQuery) }),
});
