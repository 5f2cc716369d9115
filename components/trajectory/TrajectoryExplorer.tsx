"use client";
// The trajectory explorer of one run. Everything it shows is in the URL (?id, step, q, tagged, size), read
// after hydration: the page is one static file per release, whatever the run.
import Link from "next/link";
import { useCallback, useEffect, useMemo, useRef } from "react";
import { releaseHref } from "@/lib/site/nav";
import { nearestShown, nextFocusRequest, requestMove, stepMove } from "@/lib/trajectory/navigation";
import type { SearchResult } from "@/lib/trajectory/search";
import type { Segmentation } from "@/lib/trajectory/segment";
import { tagsByStep } from "@/lib/trajectory/tags";
import { timelineLayout } from "@/lib/trajectory/timeline";
import {
  localRunId,
  parseTrajectoryUrl,
  serializeTrajectoryUrl,
  type TrajectoryUrlState,
} from "@/lib/trajectory/url-state";
import { ProblemsPanel } from "./ProblemsPanel";
import { RunHeader } from "./RunHeader";
import { ScheduleUsage } from "./ScheduleUsage";
import { SessionTimeline } from "./SessionTimeline";
import { StepDetailPanel } from "./StepDetailPanel";
import { StepList } from "./StepList";
import { SubagentsPanel } from "./SubagentsPanel";
import { TagList } from "./TagChips";
import { Toolbar } from "./Toolbar";
import { FIRST_STEP_MARK, useRunTrajectory } from "./useRunTrajectory";
import { VerdictPanel } from "./VerdictPanel";
import { RunLinks } from "./RunLinks";
import { useTitleDetail } from "@/components/site/useTitleDetail";
import { useUrlState } from "@/components/site/useUrlState";
import { useAsync } from "@/components/site/useAsync";
import type { HistoryMode } from "@/lib/site/url-history";
import { requirementLedger } from "@/lib/trajectory/ledger";
import { toVerdictTests } from "@/lib/queries/trajectory/sql";
import { LedgerPanel, type StepLink } from "./LedgerPanel";
import { PatchPanel } from "./PatchPanel";
import { PatchTabs } from "./PatchTabs";
import { useRunPatch, type PatchContext } from "./useRunPatch";

const SEARCH_DEBOUNCE_MS = 200;

export function TrajectoryExplorer({
  releaseId,
  submitText,
  contextShards = null,
}: {
  releaseId: string;
  submitText: string | null;
  contextShards?: number | null;
}) {
  // Null until the URL is read. The run, the search and the filters are history entries (a search typed is
  // one); moving from step to step replaces the entry, so Back leaves the run's view rather than each step.
  const [url, setUrl] = useUrlState<TrajectoryUrlState | null>(null, {
    parse: parseTrajectoryUrl,
    serialize: (s) => (s ? serializeTrajectoryUrl(s) : ""),
  });
  const update = useCallback(
    (patch: Partial<TrajectoryUrlState>, mode: HistoryMode = "push") =>
      setUrl((prev) => (prev ? { ...prev, ...patch } : prev), mode),
    [setUrl],
  );

  const data = useRunTrajectory(url?.runId ?? null, submitText, contextShards);
  const { rows, analysis, basics } = data;
  const total = rows?.length ?? 0;
  const tags = useMemo(() => analysis?.tags ?? [], [analysis]);
  const byStep = useMemo(() => tagsByStep(tags), [tags]);
  const all = useMemo(() => Array.from({ length: total }, (_, i) => i + 1), [total]);
  const tagged = useMemo(() => [...byStep.keys()].sort((a, b) => a - b), [byStep]);
  const shown = url?.taggedOnly ? tagged : all;
  // While only the first steps are in, a deep link further on waits for the rest rather than landing early.
  const wanted = url?.step ?? 1;
  const selected = total === 0 || (data.partial && wanted > total) ? null : Math.min(Math.max(wanted, 1), total);
  const select = useCallback((n: number) => update({ step: n }, "replace"), [update]);

  const seg = useMemo<Segmentation | null>(
    () =>
      analysis
        ? {
            segments: analysis.segments,
            segmentOf: analysis.segmentOf,
            mismatches: analysis.mismatches,
            notes: analysis.notes,
          }
        : null,
    [analysis],
  );
  const positionOf = useCallback(
    (n: number) => (seg ? (seg.segments[seg.segmentOf[n - 1] ?? -1]?.position ?? null) : null),
    [seg],
  );

  // Search runs in the worker over every step; the list then jumps to the first match at or after the
  // current step, which renders that row even if it was far out of view.
  const query = url?.query ?? "";
  const selectedRef = useRef(selected);
  selectedRef.current = selected;
  // The steps searched: the run's, first the early ones, then the whole file.
  const worker = data.worker;
  const searched = useAsync<SearchResult | null, [number, string, number, boolean]>(
    worker && rows && query.trim() !== "" ? [worker.id, query, rows.length, data.partial] : null,
    async ([, q], { signal }) => {
      await new Promise((r) => setTimeout(r, SEARCH_DEBOUNCE_MS));
      if (signal.aborted) return null;
      const result = await worker!.search(q).catch(() => null);
      if (!result || signal.aborted) return result;
      const from = selectedRef.current ?? 1;
      const hit = result.steps.find((n) => n >= from) ?? result.steps[0];
      if (hit !== undefined && hit !== from) update({ step: hit }, "replace");
      return result;
    },
  );
  const search = { result: searched.value ?? null, pending: searched.loading };
  const matches = useMemo(() => new Set(search.result?.steps ?? []), [search.result]);
  const nextMatch = (dir: 1 | -1) => {
    const list = search.result?.steps ?? [];
    if (list.length === 0 || selected === null) return;
    const target =
      dir === 1
        ? (list.find((n) => n > selected) ?? list[0])
        : ([...list].reverse().find((n) => n < selected) ?? list[list.length - 1]);
    if (target !== undefined) select(target);
  };

  // Keys: j/k step, J/K request, f next focus request, / search.
  const searchBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (
        target &&
        (target.tagName === "INPUT" ||
          target.tagName === "TEXTAREA" ||
          target.tagName === "SELECT" ||
          target.isContentEditable)
      ) {
        if (e.key === "Escape") target.blur();
        return;
      }
      if (e.metaKey || e.ctrlKey || e.altKey || selected === null) return;
      let next: number | null;
      if (e.key === "j") next = stepMove(selected, shown, 1);
      else if (e.key === "k") next = stepMove(selected, shown, -1);
      else if (e.key === "J" && seg) next = requestMove(selected, seg, shown, 1);
      else if (e.key === "K" && seg) next = requestMove(selected, seg, shown, -1);
      else if (e.key === "f" && seg) next = nextFocusRequest(selected, seg, shown);
      else if (e.key === "/") {
        e.preventDefault();
        searchBox.current?.focus();
        return;
      } else return;
      e.preventDefault();
      if (next !== null && next !== selected) select(next);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [selected, shown, seg, select]);

  // With the tagged filter on, a selected step that is not tagged moves to the nearest tagged one.
  useEffect(() => {
    if (!url?.taggedOnly || selected === null || tagged.length === 0 || byStep.has(selected)) return;
    const n = nearestShown(selected, tagged);
    if (n !== null) select(n);
  }, [url?.taggedOnly, selected, tagged, byStep, select]);

  const marked = useRef(false);
  const onFirstRows = useCallback(() => {
    if (marked.current) return;
    marked.current = true;
    performance.mark(FIRST_STEP_MARK);
  }, []);

  const header = basics?.header ?? null;
  const timeline = useMemo(() => {
    if (!analysis || !rows) return null;
    return timelineLayout({
      segments: analysis.segments,
      rows,
      requests: header
        ? basics!.schedule.map((r) => ({
            position: r.position,
            taskId: r.task_id,
            stage: r.stage,
            isSubmit: r.is_submit,
            workspace: r.workspace,
            isFocus: r.is_focus,
            workspaceSwitch: r.workspace_switch,
            focusReturn: r.focus_return,
            ran: r.ran,
          }))
        : null,
      workspaces: Object.fromEntries((basics?.workspaces ?? []).map((w) => [w.workspace, w.task_id])),
      focusTaskId: header?.focus_task_id ?? null,
      tags,
      mismatchPositions: new Set(analysis.mismatches.map((m) => m.position).filter((p): p is number => p !== null)),
      size: url?.size ?? "steps",
    });
  }, [analysis, rows, header, basics, tags, url?.size]);
  useTitleDetail(url?.runId ? `${url.runId}${header ? ` · task ${header.focus_task_id}` : ""}` : null);

  // The final patch (a tab beside the steps) and the requirement ledger (beside the verdict).
  const patchCtx = useMemo<PatchContext | null>(
    () =>
      header && basics
        ? {
            focusTaskId: header.focus_task_id,
            workspaces: Object.fromEntries(basics.workspaces.map((w) => [w.workspace, w.task_id])),
            requests: basics.schedule.map((r) => ({ task_id: r.task_id, text: r.text })),
          }
        : null,
    [header, basics],
  );
  const patchState = useRunPatch(
    data.worker,
    releaseId,
    url?.runId ?? null,
    data.facts,
    patchCtx,
    url?.tab === "patch" || data.noTrajectory,
  );
  const ledger = useMemo(() => {
    if (analysis?.ledger) return analysis.ledger;
    if (!data.noTrajectory || !data.facts || !header || !basics) return null;
    return requirementLedger({
      steps: null,
      segmentation: null,
      focusTaskId: header.focus_task_id,
      stages: data.facts.stages,
      workspaces: patchCtx?.workspaces ?? {},
      schedule: basics.schedule.map((r) => ({
        position: r.position,
        taskId: r.task_id,
        stage: r.is_submit ? null : r.stage,
        isSubmit: r.is_submit,
        workspace: r.workspace,
        isFocus: r.is_focus,
        workspaceSwitch: r.workspace_switch,
        focusReturn: r.focus_return,
        ran: r.ran,
        modelCalls: r.model_calls,
        tokens: r.tokens,
        text: r.text,
      })),
      verdict: data.verdict ? toVerdictTests(data.verdict.tests) : null,
    });
  }, [analysis, data.noTrajectory, data.facts, data.verdict, header, basics, patchCtx]);
  const stepLink: StepLink = (n, label) => (
    <button
      type="button"
      key={`${label}-${n}`}
      className="underline"
      data-step-link={n}
      onClick={() => update({ step: n, tab: "steps" })}
    >
      {label}
    </button>
  );

  if (url === null) return <p className="text-sm text-zinc-500">Reading the address…</p>;
  if (url.runId === null) {
    return (
      <p data-testid="no-run">
        No run chosen. Pick one from the{" "}
        <Link className="underline" href={releaseHref(releaseId, "runs")}>
          runs with trajectories
        </Link>
        .
      </p>
    );
  }

  if (data.localGone) {
    return (
      <p data-testid="local-run-gone" className="text-amber-800 dark:text-amber-300">
        This run ({url.runId}) is from local results opened in another page load: they live only in that page&apos;s
        memory, and a reload or a new tab forgets them. Open them again with <strong>Open local results</strong> on the{" "}
        <Link className="underline" href={releaseHref(releaseId)}>
          leaderboard
        </Link>
        , then open the run from there.
      </p>
    );
  }

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
      {data.basicsError ? <p role="alert">The run's rows could not be loaded: {data.basicsError}</p> : null}
      {basics && !header ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          This run is not in the release tables: no schedule, verdict or annotations.
        </p>
      ) : null}
      {data.loadError ? (
        <p role="alert" data-testid="load-error">
          {data.loadError}
        </p>
      ) : null}
      {data.noTrajectory ? (
        <>
          <p data-testid="no-trajectory" className="text-sm">
            This run publishes no trajectory. Its verdict, schedule and per-request usage below come from the release
            tables.
          </p>
          <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
            {basics?.header ? (
              <ScheduleUsage schedule={basics.schedule} />
            ) : (
              <p className="text-sm text-zinc-500">Loading the run&apos;s schedule (DuckDB-WASM)…</p>
            )}
            <VerdictPanel
              header={header}
              stages={data.verdict?.stages ?? null}
              tests={data.verdict?.tests ?? null}
              error={data.verdictError}
            />
          </div>
          {header ? (
            <LedgerPanel rows={ledger} step={(n, label) => <span key={`${label}-${n}`}>{label}</span>} />
          ) : null}
          {header ? (
            <section aria-label="final focus patch of the run">
              <h2 className="mb-1 text-sm font-semibold">Final focus patch</h2>
              <PatchPanel state={patchState} />
            </section>
          ) : null}
        </>
      ) : null}
      {!rows && !data.loadError && !data.noTrajectory ? (
        <p className="text-sm text-zinc-500">
          {localRunId(url.runId) !== null
            ? "Reading your local trajectory file (in a worker)…"
            : "Fetching and parsing the trajectory (in a worker)…"}
        </p>
      ) : null}
      {rows ? (
        <>
          <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
            {timeline ? (
              <SessionTimeline lanes={timeline.lanes} blocks={timeline.blocks} current={selected} onJump={select} />
            ) : (
              <div />
            )}
            <VerdictPanel
              header={header}
              stages={data.verdict?.stages ?? null}
              tests={data.verdict?.tests ?? null}
              error={data.verdictError}
            />
          </div>
          {header ? <LedgerPanel rows={ledger} step={stepLink} /> : null}
          {data.partial ? (
            <p className="text-sm text-zinc-500" data-testid="partial-note">
              Showing the first {rows.length} steps while the rest of the file is read and parsed…
            </p>
          ) : null}
          <ProblemsPanel
            warnings={data.summary?.warnings ?? []}
            mismatches={analysis?.mismatches ?? []}
            notes={analysis?.notes ?? []}
            onJump={select}
          />
          <SubagentsPanel subagents={data.summary?.subagents ?? []} />
          <TagList tags={tags} onJump={select} />
          <PatchTabs tab={url.tab} onTab={(tab) => update({ tab })} />
          {url.tab === "patch" ? (
            <div role="tabpanel" id="trajectory-tab-patch" aria-labelledby="trajectory-tab-patch-button">
              <PatchPanel state={patchState} />
            </div>
          ) : (
            <div
              role="tabpanel"
              id="trajectory-tab-steps"
              aria-labelledby="trajectory-tab-steps-button"
              className="space-y-3"
            >
              <Toolbar
                ref={searchBox}
                query={query}
                onQuery={(q) => update({ query: q }, "typing")}
                onNextMatch={nextMatch}
                result={search.result}
                matchIndex={
                  selected !== null && search.result ? search.result.steps.indexOf(selected) + 1 || null : null
                }
                searching={search.pending}
                taggedOnly={url.taggedOnly}
                onTaggedOnly={(v) => update({ taggedOnly: v })}
                taggedCount={tagged.length}
                size={url.size}
                onSize={(s) => update({ size: s })}
              />
              <div className="grid gap-3 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
                <StepList
                  rows={rows}
                  shown={shown}
                  selected={selected}
                  onSelect={select}
                  tagsByStep={byStep}
                  matches={matches}
                  query={query}
                  positionOf={positionOf}
                  onFirstRows={onFirstRows}
                  partial={data.partial}
                />
                <div className="max-h-[70vh] overflow-auto">
                  <StepDetailPanel
                    worker={data.worker}
                    n={selected}
                    tags={selected !== null ? (byStep.get(selected) ?? []) : []}
                    rawUrl={data.rawUrl}
                    query={query}
                  />
                </div>
              </div>
            </div>
          )}
        </>
      ) : null}
    </section>
  );
}
