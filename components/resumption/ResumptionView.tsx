"use client";
// The resumption page's state (condition, load measure, configuration, signature) lives in the URL. The first render
// uses the build-time data (the pooled requests view), so those numbers are in the static HTML; every other view is
// the same data arranged again, with no query in the browser.
import { useUrlState } from "@/components/site/useUrlState";
import type { ResumptionPageData } from "@/lib/queries/resumption/model";
import {
  defaultResumptionState,
  parseResumptionState,
  serializeResumptionState,
  shownScope,
  type ResumptionViewState,
} from "@/lib/queries/resumption/view";
import { conditionLabel } from "@/lib/site/labels";
import { DistanceSection } from "./DistanceSection";
import { FitCount } from "./FitCount";
import { InterruptionSection } from "./InterruptionSection";
import { ResumptionControls } from "./ResumptionControls";
import { SignaturePicker } from "./SignaturePicker";

export function ResumptionView({ releaseId, data }: { releaseId: string; data: ResumptionPageData }) {
  const [state, update, ready] = useUrlState<ResumptionViewState>(
    () => defaultResumptionState(data),
    {
      parse: (search) => parseResumptionState(search, data),
      serialize: (next) => serializeResumptionState(next, data),
    },
    data,
  );
  const { cond, scope } = shownScope(data, state);
  if (!cond || !scope) {
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400" data-testid="resumption-empty">
        This release has no condition besides its baseline ({conditionLabel(data.baseline)}): no session interleaves
        other tasks, so there is nothing to return to.
      </p>
    );
  }
  const subset = `${state.condition}-${scope.id}-${state.measure}`;
  return (
    <div className="space-y-8">
      <ResumptionControls data={data} cond={cond} state={state} ready={ready} update={update} />
      <FitCount fits={cond.fits} scopes={cond.scopes.length} />
      <DistanceSection
        releaseId={releaseId}
        heading="Resumption distance: does the stage asked at a return hold?"
        outcome="held"
        measure={state.measure}
        scope={scope}
        exportSubset={subset}
      />
      <DistanceSection
        releaseId={releaseId}
        heading="Trace signatures at the return"
        outcome={state.signature}
        measure={state.measure}
        scope={scope}
        exportSubset={`${subset}-${state.signature}`}
      >
        <SignaturePicker value={state.signature} onChange={(signature) => update({ signature })} />
      </DistanceSection>
      <InterruptionSection releaseId={releaseId} cond={cond} />
    </div>
  );
}
