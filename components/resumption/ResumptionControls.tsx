// The resumption page's pickers: condition (when the release has more than one besides the baseline), load measure
// and configuration (pooled first). Every choice is a history entry (useUrlState).
import type { ConditionResumption, ResumptionPageData } from "@/lib/queries/resumption/model";
import { LOAD_MEASURES } from "@/lib/queries/resumption/series";
import { MEASURES, type ResumptionViewState } from "@/lib/queries/resumption/view";
import { conditionLabel } from "@/lib/site/labels";
import { ControlBar, optionsOf, RadioGroup, SelectField, type ControlsProps } from "@/components/ui/controls";

const SELECT = "rounded border border-zinc-300 px-1 py-0.5 dark:border-zinc-700 dark:bg-zinc-900";

export function ResumptionControls({
  data,
  cond,
  state,
  ready,
  update,
}: ControlsProps<ResumptionViewState> & { data: ResumptionPageData; cond: ConditionResumption }) {
  return (
    <ControlBar testId="resumption-controls" ready={ready}>
      {data.conditions.length > 1 ? (
        <SelectField
          label="Condition"
          className={SELECT}
          value={state.condition}
          options={optionsOf(data.conditions, conditionLabel)}
          onValue={(condition) => update({ condition })}
        />
      ) : null}
      <RadioGroup
        label="load measure"
        name="resumption-measure"
        value={state.measure}
        options={optionsOf(LOAD_MEASURES, (m) => MEASURES[m].label)}
        onValue={(measure) => update({ measure })}
      >
        <span className="text-zinc-500">Work in between:</span>
      </RadioGroup>
      <SelectField
        label="Configuration"
        className={SELECT}
        data-testid="scope-picker"
        value={state.scope}
        options={cond.scopes.map((s) => ({ value: s.id, label: s.label }))}
        onValue={(scope) => update({ scope })}
      />
      {cond.unscoped > 0 ? (
        <span className="text-xs text-zinc-500" data-testid="unscoped-note">
          the first {cond.scopes.length - 1} configurations in the leaderboard&apos;s order; the other {cond.unscoped}{" "}
          are in the pooled series only
        </span>
      ) : null}
    </ControlBar>
  );
}
