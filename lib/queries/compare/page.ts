// The compare page (/r/<release>/compare/): no model of its own (its static HTML is the leaderboard's model and
// the repositories); the default pair whole and every other pair's counts under the default condition answered
// ahead; the pair's queries warmed, the shown pair rehearsed.
import { AHEAD_MAX_CONFIGS, definePage } from "../page";
import { configsQuery } from "../leaderboard/sql";
import { computePrevalence } from "../signatures/prevalence-model";
import { defaultCompareRequest } from "./default";
import { computeCompare, computeCompareCost, type CompareMeta, type CompareRequest } from "./model";
import { compareWarm } from "./warm";
import { defaultCondition } from "./url";

export const comparePage = definePage<never, { meta: CompareMeta; request: CompareRequest }>({
  name: "compare",
  async ahead(src, m) {
    const configs = (await src.run(configsQuery)).filter((c) => !c.is_local);
    const ids = configs.map((c) => c.config_id);
    const first = defaultCompareRequest(ids, m);
    if (!first) return;
    await computeCompare(src, m, first);
    await computeCompareCost(src, m, first);
    await computePrevalence(src, m, { configIds: [first.a, first.b] });
    if (ids.length > AHEAD_MAX_CONFIGS) return;
    const condition = defaultCondition(m);
    for (const a of ids)
      for (const b of ids)
        if (a !== b) await computeCompare(src, m, { a, b, condition }, { intervals: false, runs: false, configs });
  },
  warm: compareWarm,
});
