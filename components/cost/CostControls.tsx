// The cost page's controls: locality group, token accounting and condition, beside the button that opens
// local results.
import { OpenLocalResults } from "@/components/local/OpenLocalResults";
import type { PublishedBench } from "@/lib/local";
import type { CostPageData } from "@/lib/queries/cost/model";
import { otherConditions, type CostViewState } from "@/lib/queries/cost/view";
import { conditionLabel, groupLabel } from "@/lib/site/labels";

export function CostControls({
  releaseId,
  data,
  bench,
  state,
  ready,
  update,
}: {
  releaseId: string;
  data: CostPageData;
  bench: PublishedBench;
  state: CostViewState;
  /** The URL has been read: tests wait on it before using the controls. */
  ready: boolean;
  update: (patch: Partial<CostViewState>) => void;
}) {
  return (
    <div
      className="flex flex-wrap items-center gap-4 text-sm"
      data-testid="cost-controls"
      data-ready={ready ? "yes" : undefined}
    >
      <span role="radiogroup" aria-label="group" className="flex items-center gap-2">
        {data.groups.map((g) => (
          <label key={g} className="flex items-center gap-1">
            <input
              type="radio"
              name="cost-group"
              value={g}
              checked={state.grp === g}
              onChange={() => update({ grp: g })}
            />
            {groupLabel(g)}
          </label>
        ))}
      </span>
      <span role="radiogroup" aria-label="token accounting" className="flex items-center gap-2">
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name="cost-tokens"
            value="cached"
            checked={state.mode === "cached"}
            onChange={() => update({ mode: "cached", bin: null })}
          />
          cached input included (paper)
        </label>
        <label className="flex items-center gap-1">
          <input
            type="radio"
            name="cost-tokens"
            value="uncached"
            checked={state.mode === "uncached"}
            onChange={() => update({ mode: "uncached", bin: null })}
          />
          cached input excluded
        </label>
      </span>
      {otherConditions(data).length > 1 ? (
        <label className="flex items-center gap-1">
          Condition
          <select
            className="btn"
            value={state.condition}
            onChange={(e) => update({ condition: e.target.value, bin: null })}
          >
            {otherConditions(data).map((c) => (
              <option key={c} value={c}>
                {conditionLabel(c)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <span className="ml-auto">
        <OpenLocalResults releaseId={releaseId} bench={bench} />
      </span>
    </div>
  );
}
