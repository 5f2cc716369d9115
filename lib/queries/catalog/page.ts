// The task catalog (/r/<release>/tasks/) and each task's page (/r/<release>/tasks/<task>/): their models.
import { stableKey } from "../../common/stable-key";
import { defineDerived, valueOf, type QuerySource } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeCatalog, computeTaskPages, type CatalogModel, type TaskPageModel } from "./model";

export const catalogPage = definePage<CatalogModel>({
  name: "catalog",
  model: defineDerived({ name: "catalog page", compute: (src, m: PageMeta) => computeCatalog(src, m) }),
});

/**
 * Every task's pages are computed together (one pass over the release's sessions), once per source and parameters:
 * the build asks for each task's page in turn on the same source.
 */
const pagesBySource = new WeakMap<QuerySource, Map<string, Promise<Record<string, TaskPageModel>>>>();

function taskPagesOn(src: QuerySource, m: PageMeta): Promise<Record<string, TaskPageModel>> {
  const bySource = pagesBySource.get(src) ?? new Map<string, Promise<Record<string, TaskPageModel>>>();
  pagesBySource.set(src, bySource);
  const key = stableKey({ ...m });
  let pages = bySource.get(key);
  if (!pages) bySource.set(key, (pages = computeTaskPages(src, m)));
  return pages;
}

/**
 * One focus task's page (null: no such task), an answer of its own: at 100× the sample every task's pages together
 * pass the export's cap on one file (docs/scale.md), one task's page does not.
 */
export const taskPageQuery = defineDerived({
  name: "task page",
  compute: async (src, p: PageMeta & { task: string }) =>
    (await taskPagesOn(src, { baseline: p.baseline, conditions: p.conditions, groups: p.groups }))[p.task] ?? null,
});

/** Each task's page, answered ahead for every task the catalog lists. */
export const taskPages = definePage({
  name: "task pages",
  async ahead(src, m) {
    const catalog = await valueOf(src, catalogPage.model!, m);
    for (const { task_id } of catalog.tasks) await src.run(taskPageQuery, { ...m, task: task_id });
  },
});
