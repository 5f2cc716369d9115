"use client";
// The Task Flow page: TFAS and its components for every condition and target, then for the chosen
// condition the three distributions beside the target's and the Sankey of labels per user step.
// Condition, target and Sankey depth live in the URL; the static HTML carries the default view.
import { useMemo } from "react";
import { useUrlState } from "@/components/site/useUrlState";
import type { TaskFlowModel } from "@/lib/queries/taskflow/model";
import {
  defaultTaskFlowState,
  flowShares,
  parseTaskFlowState,
  serializeTaskFlowState,
  type TaskFlowState,
} from "@/lib/queries/taskflow/view";
import { ConditionFlow } from "./ConditionFlow";
import { FlowControls } from "./FlowControls";
import { TfasSection } from "./TfasSection";

export function TaskFlowView({
  releaseId,
  model,
  baseline,
}: {
  releaseId: string;
  model: TaskFlowModel;
  baseline: string;
}) {
  const [state, update] = useUrlState<TaskFlowState>(
    () => defaultTaskFlowState(model, baseline),
    {
      parse: (search) => parseTaskFlowState(search, model, baseline),
      serialize: (next) => serializeTaskFlowState(next, model, baseline),
    },
    model,
  );

  const shares = useMemo(
    () => flowShares(model, state.condition, state.target),
    [model, state.condition, state.target],
  );
  const cond = model.conditions.find((c) => c.condition === state.condition);
  const target = model.targets.find((t) => t.file === state.target) ?? null;

  return (
    <div className="space-y-6">
      <TfasSection releaseId={releaseId} model={model} />

      <FlowControls model={model} state={state} update={update} />

      {cond && shares ? (
        <ConditionFlow
          releaseId={releaseId}
          cond={cond}
          shares={shares}
          state={state}
          targetName={target?.name ?? null}
          update={update}
        />
      ) : null}
    </div>
  );
}
