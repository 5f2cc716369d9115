// The resumption page's pickers: condition (when the release has more than one besides the baseline), load measure
// and configuration (pooled first). Every choice is a history entry (useUrlState).
import type { ConditionResumption, ResumptionPageData } from "@/lib/queries/resumption/model";
import { LOAD_MEASURES } from "@/lib/queries/resumption/series";
import { MEASURES, type ResumptionViewState } from "@/lib/queries/resumption/view";
import { conditionLabel } from "@/lib/site/labels";

export function ResumptionControls({
  data,
  cond,
  state,
  ready,
  update,
}: {
  data: ResumptionPageData;
  cond: ConditionResumption;
  state: ResumptionViewState;
  /** The URL has been read: tests wait on it before using the controls. */
  ready: boolean;
  update: (patch: Partial<ResumptionViewState>) => void;
}) {
  return (
    <div
      className="flex flex-wrap items-center gap-4 text-sm"
      data-testid="resumption-controls"
      data-ready={ready ? "yes" : undefined}
    >
      {data.conditions.length > 1 ? (
        <label className="flex items-center gap-1">
          Condition
          <select
            className="rounded border border-zinc-300 px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
            value={state.condition}
            onChange={(e) => update({ condition: e.target.value })}
          >
            {data.conditions.map((c) => (
              <option key={c} value={c}>
                {conditionLabel(c)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <span role="radiogroup" aria-label="load measure" className="flex items-center gap-2">
        <span className="text-zinc-500">Work in between:</span>
        {LOAD_MEASURES.map((m) => (
          <label key={m} className="flex items-center gap-1">
            <input
              type="radio"
              name="resumption-measure"
              value={m}
              checked={state.measure === m}
              onChange={() => update({ measure: m })}
            />
            {MEASURES[m].label}
          </label>
        ))}
      </span>
      <label className="flex items-center gap-1">
        Configuration
        <select
          className="rounded border border-zinc-300 px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900"
          data-testid="scope-picker"
          value={state.scope}
          onChange={(e) => update({ scope: e.target.value })}
        >
          {cond.scopes.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      {cond.unscoped > 0 ? (
        <span className="text-xs text-zinc-500" data-testid="unscoped-note">
          the first {cond.scopes.length - 1} configurations in the leaderboard&apos;s order; the other {cond.unscoped}{" "}
          are in the pooled series only
        </span>
      ) : null}
    </div>
  );
}
