// The cost page (/r/<release>/cost/): its model; the tasks of every histogram bar it draws answered ahead (a
// click lists them); a session's usage warmed, one bar's tasks rehearsed.
import { defineDerived } from "../../db/query";
import { AHEAD_MAX_CONFIGS_PER_CONFIG, definePage, type PageMeta } from "../page";
import { computeCostPage, type CostPageData } from "./model";
import { sessionUsageQuery } from "./session.sql";
import { taskCostBinQuery, TOKEN_MODES } from "./tasks.sql";

/** One histogram bar's tasks: what a click on a bar lists. */
export type CostBinAsk = Parameters<typeof taskCostBinQuery.sql>[0];

export const costPage = definePage<CostPageData, CostBinAsk>({
  name: "cost",
  model: defineDerived({ name: "cost page", compute: (src, m: PageMeta) => computeCostPage(src, m) }),
  async ahead(src, m) {
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
  warm: {
    queries: async () => [sessionUsageQuery],
    rehearse: (engine, bin) => engine.run(taskCostBinQuery, bin).then(() => {}),
  },
});
