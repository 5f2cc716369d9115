"use client";
// The cost page's state (group, token accounting, condition, scatter axis, selected bin, session) lives in
// the URL. The first render uses the build-time data, so every default number is in the static HTML;
// only a chosen bin's task list and a chosen session are queried in the browser (DuckDB-WASM). Local results
// the user opens (here or on another page of the release) join Table 2, the scatter and the failure breakdown,
// marked local; the per-task histogram and the session view stay on the published runs.
import { Term } from "@/components/site/Term";
import dynamic from "next/dynamic";
import { useMemo } from "react";
import { useUrlState } from "@/components/site/useUrlState";
import { OpenLocalResults } from "@/components/local/OpenLocalResults";
import { useLocalCost } from "@/components/local/useLocalCost";
import type { PublishedBench } from "@/lib/local/bench";
import type { CostPageData } from "@/lib/queries/cost/model";
import {
  defaultCostState,
  failureTable,
  hasCost,
  otherConditions,
  parseCostState,
  scatterPoints,
  serializeCostState,
  table2Rows,
  type CostViewState,
} from "@/lib/queries/cost/view";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { TableExport } from "@/components/site/TableExport";
import { CostTable } from "./CostTable";
import { FailureBreakdown } from "./FailureBreakdown";
import { millions, usd } from "./format";
import { ScatterTable } from "./ScatterTable";
import { SessionUsage } from "./SessionUsage";
import { SwitchCostHistogram } from "./SwitchCostHistogram";

const CostScatter = dynamic(() => import("./CostScatter").then((m) => m.CostScatter), { ssr: false });

export function CostView({
  releaseId,
  data,
  costSource,
  bench,
  binFiles = false,
}: {
  releaseId: string;
  data: CostPageData;
  costSource: string | null;
  bench: PublishedBench;
  /** The build wrote each configuration's cost-bins/<i>.json (release.json's cost_bin_files). */
  binFiles?: boolean;
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

  const base = conditionLabel(data.baseline);
  const cond = conditionLabel(state.condition);
  const exportSubset = `${state.grp}-${state.condition}-${state.mode}`;
  const labels = { base, all: `${cond}-All`, focus: `${cond}-Focus` };
  // Published rows plus the local releases' rows (the same SQL, run in the browser).
  const local = useLocalCost(releaseId, data);
  const shown = local.data;
  const withCost = hasCost(shown);
  const axis = withCost ? state.axis : "tokens";
  const rows = useMemo(() => table2Rows(shown, state), [shown, state]);
  const points = useMemo(() => scatterPoints(shown, { ...state, axis }), [shown, state, axis]);
  const failures = useMemo(
    () => failureTable(shown, state.grp, [shown.baseline, state.condition]),
    [shown, state.grp, state.condition],
  );
  const tokensWord = state.mode === "cached" ? "Tokens (M)" : "Tokens − cached (M)";
  const costLabel =
    axis === "usd" ? "USD per run" : `${state.mode === "cached" ? "tokens" : "tokens − cached"} per run (M)`;

  return (
    <div className="space-y-6">
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
      {local.error ? (
        <p className="text-sm text-rose-700" data-testid="local-cost-error">
          Could not compute the local results&apos; cost rows: {local.error}
        </p>
      ) : null}

      <section aria-labelledby="table2" className="space-y-2" data-export-scope>
        <h2 id="table2" className="text-base font-semibold">
          Usage per run ({groupLabel(state.grp)})
        </h2>
        <TableExport releaseId={releaseId} view="cost-usage" subset={exportSubset} what="usage per run" />
        <CostTable rows={rows} labels={labels} tokensTitle={tokensWord} showCost={withCost} />
        <p className="text-xs text-zinc-500" data-testid="cost-notes">
          Mean per run over the runs that exist (Runs: {base} / {cond} runs); a run that ended early counts what it
          used, a missing run is left out. {base}: whole session. {labels.all}: whole session, interruptions and
          finalization included. {labels.focus}: focus requests after the first interruption (not the first focus
          requests, interruptions or finalization). Ratios are against the whole {base} session.{" "}
          {state.mode === "cached"
            ? "Tokens are input + output over model calls with cached input included, as the paper counts them."
            : "Tokens exclude cached input (tokens − cached tokens), the accounting the paper's critics ask for."}{" "}
          {withCost ? (
            <span data-testid="cost-source">
              Cost in USD as the release records it; prices:{" "}
              {costSource ? costSource.replace(/\.?\s*$/, ".") : "source not given by the release."}
            </span>
          ) : (
            <span data-testid="cost-source">This release records no cost in USD.</span>
          )}
        </p>
      </section>

      <section aria-labelledby="scatter" className="space-y-2" data-export-scope>
        <h2 id="scatter" className="text-base font-semibold">
          Cost against resolution ({groupLabel(state.grp)})
        </h2>
        <TableExport
          releaseId={releaseId}
          view="cost-resolution"
          subset={exportSubset}
          what="cost against resolution"
        />
        {withCost ? (
          <span role="radiogroup" aria-label="cost axis" className="flex items-center gap-2 text-sm">
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="cost-axis"
                value="tokens"
                checked={axis === "tokens"}
                onChange={() => update({ axis: "tokens" })}
              />
              tokens
            </label>
            <label className="flex items-center gap-1">
              <input
                type="radio"
                name="cost-axis"
                value="usd"
                checked={axis === "usd"}
                onChange={() => update({ axis: "usd" })}
              />
              USD
            </label>
          </span>
        ) : null}
        <CostScatter
          points={points}
          baseline={data.baseline}
          condition={state.condition}
          xLabel={costLabel}
          scale={axis === "usd" ? 1 : 1e6}
        />
        <ScatterTable
          points={points}
          configs={shown.configs}
          conditions={[data.baseline, state.condition]}
          costLabel={axis === "usd" ? "USD" : "M tokens"}
          formatCost={(v) => (axis === "usd" ? usd(v) : millions(v))}
        />
        <p className="text-xs text-zinc-500">
          Arrows go from each configuration&apos;s {base} point to its {cond} point; dashed lines and ★ mark each
          condition&apos;s Pareto frontier (no other configuration is both cheaper and more resolved). Resolution is the
          leaderboard&apos;s.
        </p>
      </section>

      <section aria-labelledby="failures" className="space-y-2" data-export-scope>
        <h2 id="failures" className="text-base font-semibold">
          Why focus tasks went unresolved ({groupLabel(state.grp)})
        </h2>
        <TableExport releaseId={releaseId} view="failure-breakdown" subset={exportSubset} what="failure breakdown" />
        <FailureBreakdown rows={failures} />
        <p className="text-xs text-zinc-500">
          Implementation: the artifact applied but a test failed. Submission: no applicable focus artifact. Incomplete
          execution: the run ended early. No run: the release has no run for the cell, which counts as unresolved.
        </p>
      </section>

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
          binFiles={binFiles}
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
