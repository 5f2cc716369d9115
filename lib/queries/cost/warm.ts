// What the cost page warms once it is idle (lib/source/warm.ts): a session's usage, and one histogram bar's tasks
// rehearsed (what a click on a bar lists). Apart from page.ts so the view mounts it without the page's model code.
import type { PageWarm } from "../page";
import type { taskCostBinQuery } from "./tasks.sql";

/** One histogram bar's tasks: what a click on a bar lists. */
export type CostBinAsk = Parameters<typeof taskCostBinQuery.sql>[0];

export const costWarm: PageWarm<CostBinAsk> = {
  queries: () => import("./session.sql").then((m) => [m.sessionUsageQuery]),
  async rehearse(engine, bin) {
    const { taskCostBinQuery } = await import("./tasks.sql");
    await engine.run(taskCostBinQuery, bin);
  },
};
