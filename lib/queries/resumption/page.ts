// The resumption page (/r/<release>/resumption/): its model.
import { defineDerived } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeResumption, type ResumptionPageData } from "./model";

// Focus returns against the work in between, and interruption completion (docs/resumption.md).
export const resumptionPage = definePage<ResumptionPageData>({
  name: "resumption",
  model: defineDerived({ name: "resumption page", compute: (src, m: PageMeta) => computeResumption(src, m) }),
});
