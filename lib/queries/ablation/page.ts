// The ablation page (/r/<release>/ablation/): its model.
import { defineDerived } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeAblation, type AblationModel } from "./model";

export const ablationPage = definePage<AblationModel>({
  name: "ablation",
  model: defineDerived({ name: "ablation page", compute: (src, m: PageMeta) => computeAblation(src, m) }),
});
