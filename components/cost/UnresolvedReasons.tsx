"use client";
// Why focus tasks went unresolved, baseline beside the chosen condition, for the chosen group.
import { useMemo } from "react";
import { failureTable } from "@/lib/queries/cost/view";
import { CostSection, type CostPanelProps } from "./CostSection";
import { FailureBreakdown } from "./FailureBreakdown";

export function UnresolvedReasons(panel: CostPanelProps) {
  const { shown, state } = panel;
  const failures = useMemo(
    () => failureTable(shown, state.grp, [shown.baseline, state.condition]),
    [shown, state.grp, state.condition],
  );
  return (
    <CostSection
      id="failures"
      title="Why focus tasks went unresolved"
      view="failure-breakdown"
      what="failure breakdown"
      panel={panel}
    >
      <FailureBreakdown rows={failures} />
      <p className="text-xs text-zinc-500">
        Implementation: the artifact applied but a test failed. Submission: no applicable focus artifact. Incomplete
        execution: the run ended early. No run: the release has no run for the cell, which counts as unresolved.
      </p>
    </CostSection>
  );
}
