// The intervals page (/r/<release>/uncertainty/): its model.
import { defineDerived } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeUncertaintyPage } from "./model";
import type { UncertaintyPageData } from "./types";

// Intervals clustered by repository, far − near and repeat metrics per configuration (docs/benchmark.md).
export const uncertaintyPage = definePage<UncertaintyPageData>({
  name: "uncertainty",
  model: defineDerived({ name: "uncertainty page", compute: (src, m: PageMeta) => computeUncertaintyPage(src, m) }),
});
