// What the build answers ahead of time (lib/db/answers.ts, scripts/build/answers.ts): every keyed query for every
// key of its space, and each plan's run of a view's own code over the states worth answering early: the default
// state a view fetches after its first paint, and the cheap interactions (one repository's subset, a histogram
// bin, a pair of configurations). The parameters a plan passes must be the ones the view passes, or the view asks
// the engine instead; scripts/build/answers.test.ts checks every answer against a live run.
import type { Query, QuerySource } from "../db/query";
import type { ReleaseMeta } from "../data/schema";
import { computeCompare, computeCompareCost, type CompareMeta } from "./compare/model";
import { defaultCompareRequest } from "./compare/default";
import { defaultCondition } from "./compare/url";
import { computeCostPage } from "./cost/model";
import { taskCostBinQuery, TOKEN_MODES } from "./cost/tasks.sql";
import { computeLeaderboard } from "./leaderboard/model";
import { configsQuery, repoGapQuery, reposQuery } from "./leaderboard/sql";
import { computeAgreement } from "./signatures/audit-model";
import { computePrevalence } from "./signatures/prevalence-model";
import { KEYED_QUERIES } from "./trajectory/run.sql";
import { configTaskRepeatsQuery } from "./uncertainty/sql";

/** What a plan knows of the release it answers for. */
export interface AheadRelease {
  meta: ReleaseMeta;
}

export interface AheadPlan {
  readonly name: string;
  /** Runs the view's own code for every state worth answering; the source records what it asked. */
  run(src: QuerySource, release: AheadRelease): Promise<void>;
}

/**
 * Above these many configurations a plan writes no answers per pair (they grow as n(n − 1)) or per configuration:
 * they would outgrow the export, and such a release computes those states in the page.
 */
export const AHEAD_MAX_CONFIGS = 30;
const AHEAD_MAX_CONFIGS_PER_CONFIG = 4 * AHEAD_MAX_CONFIGS;

const metaOf = (meta: ReleaseMeta): CompareMeta => ({
  baseline: meta.baseline_condition,
  conditions: meta.conditions,
  groups: meta.groups,
});

async function publishedConfigs(src: QuerySource): Promise<string[]> {
  return (await src.run(configsQuery)).filter((c) => !c.is_local).map((c) => c.config_id);
}

/**
 * The leaderboard: each repository's subset (one tick), its breakdown by repository, its signature panel (with the
 * detectors' agreement with human labels).
 */
const leaderboard: AheadPlan = {
  name: "leaderboard",
  async run(src, { meta }) {
    const m = metaOf(meta);
    await src.run(repoGapQuery, { baseline: m.baseline });
    await computePrevalence(src, m);
    await computeAgreement(src);
    const configs = await src.run(configsQuery);
    if (configs.length > AHEAD_MAX_CONFIGS_PER_CONFIG) return;
    for (const { repo } of await src.run(reposQuery))
      await computeLeaderboard(src, m, { repos: [repo], taskIds: [] }, { configs, ranks: false });
  },
};

/** The compare page: the default pair whole, and every other pair's counts under the default condition. */
const compare: AheadPlan = {
  name: "compare",
  async run(src, { meta }) {
    const m = metaOf(meta);
    const ids = await publishedConfigs(src);
    const first = defaultCompareRequest(ids, m);
    if (!first) return;
    await computeCompare(src, m, first);
    await computeCompareCost(src, m, first);
    await computePrevalence(src, m, { configIds: [first.a, first.b] });
    if (ids.length > AHEAD_MAX_CONFIGS) return;
    const configs = (await src.run(configsQuery)).filter((c) => !c.is_local);
    const condition = defaultCondition(m);
    for (const a of ids)
      for (const b of ids)
        if (a !== b) await computeCompare(src, m, { a, b, condition }, { intervals: false, runs: false, configs });
  },
};

/** The cost page: the tasks of every histogram bar it draws (a click lists them). */
const cost: AheadPlan = {
  name: "cost",
  async run(src, { meta }) {
    const m = metaOf(meta);
    const page = await computeCostPage(src, m);
    if (page.configs.length > AHEAD_MAX_CONFIGS_PER_CONFIG) return;
    for (const mode of TOKEN_MODES) {
      const { bins, histogram } = page.tasks[mode];
      for (const h of histogram) {
        const sel = { configId: h.config_id, condition: h.condition, bin: h.bin };
        await src.run(taskCostBinQuery, { baseline: m.baseline, mode, bins, sel });
      }
    }
  },
};

// Each configuration's task repeats: the leaderboard's expansion and the compare page read one configuration's file.
export const AHEAD_KEYED: readonly Query<never, unknown>[] = [...KEYED_QUERIES, configTaskRepeatsQuery];

export const AHEAD_PLANS: readonly AheadPlan[] = [leaderboard, compare, cost];
