// The Task Flow page's pickers: which condition's distributions are shown, and against which target.
import type { TaskFlowModel } from "@/lib/queries/taskflow/model";
import type { TaskFlowState } from "@/lib/queries/taskflow/view";
import { conditionLabel } from "@/lib/site/labels";

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
      <label className="flex items-center gap-1">
        Condition
        <select
          aria-label="condition"
          className={SELECT_CLASS}
          value={state.condition}
          onChange={(e) => update({ condition: e.target.value })}
        >
          {model.conditions.map((c) => (
            <option key={c.condition} value={c.condition}>
              {conditionLabel(c.condition)}
            </option>
          ))}
        </select>
      </label>
      {model.targets.length ? (
        <label className="flex items-center gap-1">
          Target
          <select
            aria-label="target"
            className={SELECT_CLASS}
            value={state.target ?? ""}
            onChange={(e) => update({ target: e.target.value || null })}
          >
            {model.targets.map((t) => (
              <option key={t.file} value={t.file}>
                {t.name}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </div>
  );
}
