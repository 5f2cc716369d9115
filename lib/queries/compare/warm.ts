// What the compare page warms once it is idle (lib/source/warm.ts): the pair's queries, rehearsed on the shown
// pair. Apart from page.ts so the view mounts it without the page's ahead code.
import type { PageWarm } from "../page";
import type { CompareMeta, CompareRequest } from "./model";

export const compareWarm: PageWarm<{ meta: CompareMeta; request: CompareRequest }> = {
  queries: () => import("./model").then((m) => m.PAIR_QUERIES),
  async rehearse(engine, { meta, request }) {
    const { computeCompare } = await import("./model");
    await computeCompare(engine, meta, request, { intervals: false });
  },
};
