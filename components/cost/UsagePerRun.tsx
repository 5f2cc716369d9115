"use client";
// Table 2: usage per run under the three scopes for the chosen group, condition and token accounting, with
// what each scope counts and where the release's prices come from.
import { useMemo } from "react";
import type { CostPageData } from "@/lib/queries/cost/model";
import { table2Rows, type CostViewState } from "@/lib/queries/cost/view";
import { conditionLabel, groupLabel } from "@/lib/site/labels";
import { TableExport } from "@/components/site/TableExport";
import { CostTable } from "./CostTable";

export function UsagePerRun({
  releaseId,
  baseline,
  shown,
  state,
  withCost,
  costSource,
  exportSubset,
}: {
  releaseId: string;
  baseline: string;
  /** Published rows plus the local releases' rows. */
  shown: CostPageData;
  state: CostViewState;
  withCost: boolean;
  costSource: string | null;
  exportSubset: string;
}) {
  const base = conditionLabel(baseline);
  const cond = conditionLabel(state.condition);
  const labels = { base, all: `${cond}-All`, focus: `${cond}-Focus` };
  const rows = useMemo(() => table2Rows(shown, state), [shown, state]);
  const tokensWord = state.mode === "cached" ? "Tokens (M)" : "Tokens − cached (M)";
  return (
    <section aria-labelledby="table2" className="space-y-2" data-export-scope>
      <h2 id="table2" className="text-base font-semibold">
        Usage per run ({groupLabel(state.grp)})
      </h2>
      <TableExport releaseId={releaseId} view="cost-usage" subset={exportSubset} what="usage per run" />
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
    </section>
  );
}
