// The run list (/r/<release>/runs/, and the review and search pages' run pickers): its index (run-list.ts).
import { defineDerived } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeRunListIndex, type RunListIndex } from "./run-list";

export const runListPage = definePage<RunListIndex>({
  name: "run list",
  model: defineDerived({
    name: "run list page",
    compute: (src, m: PageMeta) => computeRunListIndex(src, m.conditions),
  }),
});
