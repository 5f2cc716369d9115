// The cost page's controls: locality group, token accounting and condition, beside the button that opens
// local results.
import { OpenLocalResults } from "@/components/local/OpenLocalResults";
import type { PublishedBench } from "@/lib/local";
import type { CostPageData } from "@/lib/queries/cost/model";
import { otherConditions, type CostViewState } from "@/lib/queries/cost/view";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import {
  ControlBar,
  optionsOf,
  RadioGroup,
  SelectField,
  type ControlsProps,
  type Option,
} from "@/components/ui/controls";

export function CostControls({
  releaseId,
  data,
  bench,
  state,
  ready,
  update,
}: ControlsProps<CostViewState> & { releaseId: string; data: CostPageData; bench: PublishedBench }) {
  return (
    <ControlBar testId="cost-controls" ready={ready}>
      <RadioGroup
        label="group"
        name="cost-group"
        value={state.grp}
        options={optionsOf(data.groups, groupLabel)}
        onValue={(grp) => update({ grp })}
      />
      <RadioGroup
        label="token accounting"
        name="cost-tokens"
        value={state.mode}
        options={TOKEN_ACCOUNTING}
        onValue={(mode) => update({ mode, bin: null })}
      />
      {otherConditions(data).length > 1 ? (
        <SelectField
          label="Condition"
          className="btn"
          value={state.condition}
          options={optionsOf(otherConditions(data), conditionLabel)}
          onValue={(condition) => update({ condition, bin: null })}
        />
      ) : null}
      <span className="ml-auto">
        <OpenLocalResults releaseId={releaseId} bench={bench} />
      </span>
    </ControlBar>
  );
}

const TOKEN_ACCOUNTING: Option<CostViewState["mode"]>[] = [
  { value: "cached", label: "cached input included (paper)" },
  { value: "uncached", label: "cached input excluded" },
];
