"use client";
// Why focus tasks went unresolved, baseline beside the chosen condition, for the chosen group.
import { useMemo } from "react";
import type { CostPageData } from "@/lib/queries/cost/model";
import { failureTable, type CostViewState } from "@/lib/queries/cost/view";
import { groupLabel } from "@/lib/site/labels";
import { TableExport } from "@/components/site/TableExport";
import { FailureBreakdown } from "./FailureBreakdown";

export function UnresolvedReasons({
  releaseId,
  shown,
  state,
  exportSubset,
}: {
  releaseId: string;
  /** Published rows plus the local releases' rows. */
  shown: CostPageData;
  state: CostViewState;
  exportSubset: string;
}) {
  const failures = useMemo(
    () => failureTable(shown, state.grp, [shown.baseline, state.condition]),
    [shown, state.grp, state.condition],
  );
  return (
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
  );
}
