// The Task Flow page's pickers: which condition's distributions are shown, and against which target.
import type { TaskFlowModel } from "@/lib/queries/taskflow/model";
import type { TaskFlowState } from "@/lib/queries/taskflow/view";
import { conditionLabel } from "@/lib/site/labels";
import { optionsOf, SelectField } from "@/components/ui/controls";

export const SELECT_CLASS =
  "rounded border border-zinc-300 bg-white px-1 py-1 text-sm dark:border-zinc-700 dark:bg-zinc-900";

export function FlowControls({
  model,
  state,
  update,
}: {
  model: TaskFlowModel;
  state: TaskFlowState;
  update: (patch: Partial<TaskFlowState>) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <SelectField
        label="Condition"
        aria-label="condition"
        className={SELECT_CLASS}
        value={state.condition}
        options={optionsOf(
          model.conditions.map((c) => c.condition),
          conditionLabel,
        )}
        onValue={(condition) => update({ condition })}
      />
      {model.targets.length ? (
        <SelectField
          label="Target"
          aria-label="target"
          className={SELECT_CLASS}
          value={state.target ?? ""}
          options={model.targets.map((t) => ({ value: t.file, label: t.name }))}
          onValue={(target) => update({ target: target || null })}
        />
      ) : null}
    </div>
  );
}
