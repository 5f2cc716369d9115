// The task catalog (/r/<release>/tasks/) and each task's page (/r/<release>/tasks/<task>/): their models.
import { defineDerived } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeCatalog, computeTaskPages, type CatalogModel, type TaskPageModel } from "./model";

export const catalogPage = definePage<CatalogModel>({
  name: "catalog",
  model: defineDerived({ name: "catalog page", compute: (src, m: PageMeta) => computeCatalog(src, m) }),
});

/** Every focus task's page, by task id: one answer that the build's task routes read once. */
export const taskPages = definePage<Record<string, TaskPageModel>>({
  name: "task pages",
  model: defineDerived({ name: "task pages", compute: (src, m: PageMeta) => computeTaskPages(src, m) }),
});
