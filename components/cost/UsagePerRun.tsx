"use client";
// Table 2: usage per run under the three scopes for the chosen group, condition and token accounting, with
// what each scope counts and where the release's prices come from.
import { useMemo } from "react";
import { table2Rows } from "@/lib/queries/cost/view";
import { conditionLabel } from "@/lib/site/labels";
import { CostSection, type CostPanelProps } from "./CostSection";
import { CostTable } from "./CostTable";

export function UsagePerRun({
  baseline,
  costSource,
  ...panel
}: CostPanelProps & { baseline: string; costSource: string | null }) {
  const { shown, state, withCost } = panel;
  const base = conditionLabel(baseline);
  const cond = conditionLabel(state.condition);
  const labels = { base, all: `${cond}-All`, focus: `${cond}-Focus` };
  const rows = useMemo(() => table2Rows(shown, state), [shown, state]);
  const tokensWord = state.mode === "cached" ? "Tokens (M)" : "Tokens − cached (M)";
  return (
    <CostSection id="table2" title="Usage per run" view="cost-usage" what="usage per run" panel={panel}>
      <CostTable rows={rows} labels={labels} tokensTitle={tokensWord} showCost={withCost} />
      <p className="text-xs text-zinc-500" data-testid="cost-notes">
        Mean per run over the runs that exist (Runs: {base} / {cond} runs); a run that ended early counts what it used,
        a missing run is left out. {base}: whole session. {labels.all}: whole session, interruptions and finalization
        included. {labels.focus}: focus requests after the first interruption (not the first focus requests,
        interruptions or finalization). Ratios are against the whole {base} session.{" "}
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
    </CostSection>
  );
}
