// The leaderboard's filters: harness, model, variant, repositories, verified only, the focus-task subset and
// which column groups are shown. Each change is a history entry of the view's URL state.
import type { LeaderboardModel } from "@/lib/queries/leaderboard/model";
import type { ViewState } from "@/lib/site/leaderboard-view";
import { groupLabel } from "@/lib/site/labels";
import { filterOptions, hasProvenance, type FilterKey, type LeaderboardHead } from "@/lib/site/leaderboard-head";
import { FilterMenu } from "./FilterMenu";
import { TaskSubsetControl } from "./TaskSubsetControl";

export function LeaderboardFilters({
  staticModel,
  head,
  repos,
  state,
  update,
}: {
  /** The build's model (a long release's first rows): its groups and, without a head, its filter options. */
  staticModel: LeaderboardModel;
  head: LeaderboardHead | null;
  repos: { repo: string; n_tasks: number }[];
  state: ViewState;
  update: (patch: Partial<ViewState>) => void;
}) {
  // The filter is offered when some configuration of the release carries submission provenance.
  const hasVerified = head ? head.hasVerified : hasProvenance(staticModel);
  const options = (key: FilterKey) => (head ? head.options[key] : filterOptions(staticModel, key));
  return (
    <>
      <FilterMenu
        label="Harness"
        options={options("harness")}
        value={state.harness}
        onChange={(v) => update({ harness: v })}
      />
      <FilterMenu label="Model" options={options("model")} value={state.model} onChange={(v) => update({ model: v })} />
      <FilterMenu
        label="Variant"
        options={options("variant")}
        value={state.variant}
        onChange={(v) => update({ variant: v })}
      />
      <FilterMenu
        label="Repositories"
        options={repos.map((r) => r.repo)}
        value={state.repos}
        onChange={(v) => update({ repos: v })}
      />
      {hasVerified ? (
        <label className="flex items-center gap-1" data-filter="verified">
          <input type="checkbox" checked={state.verified} onChange={() => update({ verified: !state.verified })} />
          Verified only
        </label>
      ) : null}
      <TaskSubsetControl value={state.tasks} onChange={(v) => update({ tasks: v })} />
      <span className="ml-1 flex items-center gap-2" role="group" aria-label="column groups">
        {staticModel.groups.map((g) => (
          <label key={g} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={state.groups.includes(g)}
              onChange={() =>
                update({
                  groups: state.groups.includes(g)
                    ? state.groups.filter((x) => x !== g)
                    : staticModel.groups.filter((x) => x === g || state.groups.includes(x)),
                })
              }
            />
            {groupLabel(g)}
          </label>
        ))}
      </span>
    </>
  );
}
