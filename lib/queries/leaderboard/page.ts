// The leaderboard (/r/<release>/): its model; each repository's subset (one tick), the breakdown by repository
// and the signature panel (with the detectors' agreement with human labels) answered ahead; a repository subset's
// queries warmed. The repositories the page offers are a page model of their own.
import { defineDerived } from "../../db/query";
import { AHEAD_MAX_CONFIGS_PER_CONFIG, definePage, type PageMeta } from "../page";
import { computeAgreement } from "../signatures/audit-model";
import { computePrevalence } from "../signatures/prevalence-model";
import { computeLeaderboard, type LeaderboardModel } from "./model";
import { configsQuery, repoGapQuery, reposQuery, type TaskScope } from "./sql";
import { leaderboardWarm } from "./warm";

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
  warm: leaderboardWarm,
});

export const repositoriesPage = definePage<{ repo: string; n_tasks: number }[]>({
  name: "repositories",
  model: defineDerived({ name: "repositories page", compute: (src, _m: PageMeta) => src.run(reposQuery) }),
});
