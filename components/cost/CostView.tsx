"use client";
// The cost page's state (group, token accounting, condition, scatter axis, selected bin, session) lives in
// the URL. The first render uses the build-time data, so every default number is in the static HTML;
// only a chosen bin's task list and a chosen session are queried in the browser (DuckDB-WASM). Local results
// the user opens (here or on another page of the release) join Table 2, the scatter and the failure breakdown,
// marked local; the per-task histogram and the session view stay on the published runs.
import { Term } from "@/components/site/Term";
import { useUrlState } from "@/components/site/useUrlState";
import { useLocalCost } from "@/components/local/useLocalCost";
import type { PublishedBench } from "@/lib/local";
import type { CostPageData } from "@/lib/queries/cost/model";
import {
  defaultCostState,
  hasCost,
  parseCostState,
  serializeCostState,
  type CostViewState,
} from "@/lib/queries/cost/view";
import { CostControls } from "./CostControls";
import { CostResolution } from "./CostResolution";
import { SessionUsage } from "./SessionUsage";
import { SwitchCostHistogram } from "./SwitchCostHistogram";
import { UnresolvedReasons } from "./UnresolvedReasons";
import type { CostPanelProps } from "./CostSection";
import { UsagePerRun } from "./UsagePerRun";

export function CostView({
  releaseId,
  data,
  costSource,
  bench,
}: {
  releaseId: string;
  data: CostPageData;
  costSource: string | null;
  bench: PublishedBench;
}) {
  // Every control is a history entry; `ready` (the URL has been read) tells tests the controls answer.
  const [state, update, ready] = useUrlState<CostViewState>(
    () => defaultCostState(data),
    {
      parse: (search) => parseCostState(search, data),
      serialize: (next) => serializeCostState(next, data),
    },
    data,
  );

  const exportSubset = `${state.grp}-${state.condition}-${state.mode}`;
  // Published rows plus the local releases' rows (the same SQL, run in the browser).
  const local = useLocalCost(releaseId, data);
  const shown = local.data;
  const withCost = hasCost(shown);
  const panel: CostPanelProps = { releaseId, shown, state, withCost, exportSubset };

  return (
    <div className="space-y-6">
      <CostControls releaseId={releaseId} data={data} bench={bench} state={state} ready={ready} update={update} />
      {local.error ? (
        <p className="text-sm text-rose-700" data-testid="local-cost-error">
          Could not compute the local results&apos; cost rows: {local.error}
        </p>
      ) : null}

      <UsagePerRun {...panel} baseline={data.baseline} costSource={costSource} />

      <CostResolution {...panel} data={data} update={update} />

      <UnresolvedReasons {...panel} />

      <section aria-labelledby="per-task" className="space-y-2">
        <h2 id="per-task" className="text-base font-semibold">
          What switching cost, task by task (
          {state.mode === "cached" ? "cached input included" : "cached input excluded"}){" "}
          <Term term="switch_cost" label="the switch cost of a task" />
        </h2>
        <SwitchCostHistogram
          releaseId={releaseId}
          baseline={data.baseline}
          condition={state.condition}
          mode={state.mode}
          dist={data.tasks[state.mode]}
          configs={data.configs}
          selected={state.bin}
          onSelect={(bin) => update({ bin })}
        />
      </section>

      <section aria-labelledby="session" className="space-y-2">
        <h2 id="session" className="text-base font-semibold">
          One session, request by request
        </h2>
        <SessionUsage
          releaseId={releaseId}
          baseline={data.baseline}
          configs={data.configs}
          defaultPick={data.session.pick}
          defaultRows={data.session.rows}
          pick={state.session}
          onPick={(session) => update({ session })}
        />
      </section>
    </div>
  );
}
