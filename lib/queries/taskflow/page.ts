// The Task Flow page (/r/<release>/taskflow/): its model, over the release's target files as the build loaded
// them into a table (files-node.ts).
import { defineDerived } from "../../db/query";
import { definePage, type PageMeta } from "../page";
import { computeTaskFlow, type TaskFlowModel } from "./model";
import { taskFlowTargetsQuery } from "./sql";

export const taskFlowPage = definePage<TaskFlowModel>({
  name: "taskflow",
  model: defineDerived({
    name: "task flow page",
    compute: async (src, m: PageMeta) => computeTaskFlow(src, m.conditions, await src.run(taskFlowTargetsQuery)),
  }),
});
