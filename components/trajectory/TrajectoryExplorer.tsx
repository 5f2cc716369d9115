"use client";
// The trajectory explorer of one run. Everything it shows is in the URL (?id, step, q, tagged, size), read
// after hydration: the page is one static file per release, whatever the run.
import { useCallback, useEffect, useMemo, useRef } from "react";
import { nearestShown } from "@/lib/trajectory/navigation";
import { localRunId, looseLogId } from "@/lib/trajectory/url-state";
import { NoTrajectoryView } from "./NoTrajectoryView";
import { RunHeader } from "./RunHeader";
import { RunNotices, TrajectoryLoading } from "./RunNotices";
import { RunOverview } from "./RunOverview";
import { LocalRunGone, NoRunChosen } from "./RunUnavailable";
import { StepsTab } from "./StepsTab";
import { TagAccuracyProvider } from "./TagAccuracy";
import { FIRST_STEP_MARK, useRunTrajectory } from "./useRunTrajectory";
import { RunLinks } from "./RunLinks";
import { useTitleDetail } from "@/components/site/useTitleDetail";
import { PatchPanel } from "./PatchPanel";
import { PatchTabs } from "./PatchTabs";
import { useRunLayout } from "./useRunLayout";
import { ReviewPanel } from "./ReviewPanel";
import { useReviewMode } from "./useReviewMode";
import { useRunPatch } from "./useRunPatch";
import { useStepKeys } from "./useStepKeys";
import { useTrajectorySearch } from "./useTrajectorySearch";
import { useTrajectoryUrl } from "./useTrajectoryUrl";

export function TrajectoryExplorer({ releaseId, submitText }: { releaseId: string; submitText: string | null }) {
  const [url, update] = useTrajectoryUrl();

  const data = useRunTrajectory(url?.runId ?? null, submitText);
  const { rows, analysis } = data;
  const total = rows?.length ?? 0;
  const layout = useRunLayout(data, url?.size);
  const { byStep, tagged, header } = layout;
  const all = useMemo(() => Array.from({ length: total }, (_, i) => i + 1), [total]);
  const shown = url?.taggedOnly ? tagged : all;
  // While only the first steps are in, a deep link further on waits for the rest rather than landing early.
  const wanted = url?.step ?? 1;
  const selected = total === 0 || (data.partial && wanted > total) ? null : Math.min(Math.max(wanted, 1), total);
  const select = useCallback((n: number) => update({ step: n }, "replace"), [update]);

  const query = url?.query ?? "";
  const search = useTrajectorySearch(data, query, selected, select);
  const searchBox = useStepKeys(selected, shown, layout.seg, select);
  const review = useReviewMode({
    releaseId,
    url,
    rows,
    tags: layout.tags,
    selected,
    select,
    positionOf: layout.positionOf,
    run: header,
  });

  // With the tagged filter on, a selected step that is not tagged moves to the nearest tagged one.
  useEffect(() => {
    if (!url?.taggedOnly || selected === null || tagged.length === 0 || byStep.has(selected)) return;
    const n = nearestShown(selected, tagged);
    if (n !== null) select(n);
  }, [url?.taggedOnly, selected, tagged, byStep, select]);

  const onFirstRows = useFirstStepMark();
  useTitleDetail(
    url?.runId
      ? `${url.runId}${header ? ` · task ${header.focus_task_id}` : ""}${url.review ? " · review" : ""}`
      : null,
  );
  const patchState = useRunPatch(
    data.worker,
    releaseId,
    url?.runId ?? null,
    data.facts,
    layout.patchCtx,
    url?.tab === "patch" || data.noTrajectory,
  );

  if (url === null) return <p className="text-sm text-zinc-500">Reading the address…</p>;
  if (url.runId === null) return <NoRunChosen releaseId={releaseId} />;
  if (data.localGone) return <LocalRunGone releaseId={releaseId} runId={url.runId} />;

  return (
    <section
      className="space-y-3"
      data-testid="trajectory-explorer"
      data-ready={rows && !data.partial ? "true" : undefined}
      data-analyzed={analysis ? "true" : undefined}
      data-verdict={data.verdict ? "true" : undefined}
    >
      <RunHeader
        runId={url.runId}
        header={header}
        summary={data.summary}
        steps={rows ? total : null}
        rawUrl={data.rawUrl}
      />
      {header ? <RunLinks releaseId={releaseId} runId={url.runId} header={header} /> : null}
      <RunNotices data={data} runId={url.runId} />
      {data.noTrajectory ? <NoTrajectoryView data={data} ledger={layout.ledger} patchState={patchState} /> : null}
      {!rows && !data.loadError && !data.noTrajectory ? <TrajectoryLoading runId={url.runId} /> : null}
      {rows ? (
        <TagAccuracyProvider>
          <RunOverview
            run={{ data, rows, layout, selected, select }}
            onStepLink={(n) => update({ step: n, tab: "steps" })}
            review={
              review && analysis ? (
                <ReviewPanel releaseId={releaseId} mode={review} selected={selected} total={total} onJump={select} />
              ) : null
            }
            reviewing={review !== null}
            // A local run or log is no run of the release: its reviews could not be added to it.
            onReviewMode={
              localRunId(url.runId) === null && looseLogId(url.runId) === null ? (on) => update({ review: on }) : null
            }
          />
          <PatchTabs tab={url.tab} onTab={(tab) => update({ tab })} />
          {url.tab === "patch" ? (
            <div role="tabpanel" id="trajectory-tab-patch" aria-labelledby="trajectory-tab-patch-button">
              <PatchPanel state={patchState} />
            </div>
          ) : (
            <StepsTab
              run={{ data, rows, layout, selected, select }}
              view={{ url, update, search, searchBox, query, shown, onFirstRows }}
            />
          )}
        </TagAccuracyProvider>
      ) : null}
    </section>
  );
}

/** Marks the first step's paint once per page, when the list first renders rows. */
function useFirstStepMark() {
  const marked = useRef(false);
  return useCallback(() => {
    if (marked.current) return;
    marked.current = true;
    performance.mark(FIRST_STEP_MARK);
  }, []);
}
