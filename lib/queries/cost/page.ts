// The cost page (/r/<release>/cost/): its model; the tasks of every histogram bar it draws answered ahead (a
// click lists them); a session's usage warmed, one bar's tasks rehearsed.
import { defineDerived } from "../../db/query";
import { AHEAD_MAX_CONFIGS_PER_CONFIG, definePage, type PageMeta } from "../page";
import { computeCostPage, type CostPageData } from "./model";
import { taskCostBinQuery, TOKEN_MODES } from "./tasks.sql";
import { costWarm, type CostBinAsk } from "./warm";

export type { CostBinAsk } from "./warm";

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
  warm: costWarm,
});
