"use client";
// What the explorer derives from a run's loaded data: its tags by step, its request segmentation, the session
// timeline, the final patch's context and the requirement ledger (from the steps, or from the release tables
// when the run publishes no trajectory).
import { useCallback, useMemo } from "react";
import { toVerdictTests } from "@/lib/queries/trajectory/sql";
import { requirementLedger } from "@/lib/trajectory/ledger";
import type { Segmentation } from "@/lib/trajectory/segment";
import { tagsByStep, type SignatureTag } from "@/lib/trajectory/tags";
import { timelineLayout } from "@/lib/trajectory/timeline";
import type { TrajectoryUrlState } from "@/lib/trajectory/url-state";
import type { PatchContext } from "./useRunPatch";
import type { RunTrajectory } from "./useRunTrajectory";

type Basics = NonNullable<RunTrajectory["basics"]>;
type Analysis = NonNullable<RunTrajectory["analysis"]>;

export function useRunLayout(data: RunTrajectory, size: TrajectoryUrlState["size"] | undefined) {
  const { rows, analysis, basics } = data;
  const tags = useMemo(() => analysis?.tags ?? [], [analysis]);
  const byStep = useMemo(() => tagsByStep(tags), [tags]);
  const tagged = useMemo(() => [...byStep.keys()].sort((a, b) => a - b), [byStep]);

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

  const header = basics?.header ?? null;
  const timeline = useMemo(() => {
    if (!analysis || !rows) return null;
    return runTimeline(analysis, rows, header, basics, tags, size ?? "steps");
  }, [analysis, rows, header, basics, tags, size]);

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
  const ledger = useMemo(() => {
    if (analysis?.ledger) return analysis.ledger;
    if (!data.noTrajectory || !data.facts || !header || !basics) return null;
    return ledgerWithoutSteps(header, basics, data.facts, data.verdict, patchCtx);
  }, [analysis, data.noTrajectory, data.facts, data.verdict, header, basics, patchCtx]);

  return { tags, byStep, tagged, seg, positionOf, header, timeline, patchCtx, ledger };
}

export type RunLayout = ReturnType<typeof useRunLayout>;

/** A request of the release's schedule as the timeline and the ledger read it. */
function scheduledRequest(r: Basics["schedule"][number]) {
  return {
    position: r.position,
    taskId: r.task_id,
    stage: r.stage,
    isSubmit: r.is_submit,
    workspace: r.workspace,
    isFocus: r.is_focus,
    workspaceSwitch: r.workspace_switch,
    focusReturn: r.focus_return,
    ran: r.ran,
  };
}

/** The session timeline: the steps' requests in lanes of their checkouts, with the release's schedule if any. */
function runTimeline(
  analysis: Analysis,
  rows: NonNullable<RunTrajectory["rows"]>,
  header: Basics["header"] | null,
  basics: Basics | null,
  tags: SignatureTag[],
  size: TrajectoryUrlState["size"],
) {
  return timelineLayout({
    segments: analysis.segments,
    rows,
    requests: header ? basics!.schedule.map(scheduledRequest) : null,
    workspaces: Object.fromEntries((basics?.workspaces ?? []).map((w) => [w.workspace, w.task_id])),
    focusTaskId: header?.focus_task_id ?? null,
    tags,
    mismatchPositions: new Set(analysis.mismatches.map((m) => m.position).filter((p): p is number => p !== null)),
    size,
  });
}

/** A run without a trajectory: its ledger from the release tables alone (schedule, stages, verdict). */
function ledgerWithoutSteps(
  header: NonNullable<Basics["header"]>,
  basics: Basics,
  facts: NonNullable<RunTrajectory["facts"]>,
  verdict: RunTrajectory["verdict"],
  patchCtx: PatchContext | null,
) {
  return requirementLedger({
    steps: null,
    segmentation: null,
    focusTaskId: header.focus_task_id,
    stages: facts.stages,
    workspaces: patchCtx?.workspaces ?? {},
    schedule: basics.schedule.map((r) => ({
      ...scheduledRequest(r),
      stage: r.is_submit ? null : r.stage,
      modelCalls: r.model_calls,
      tokens: r.tokens,
      text: r.text,
    })),
    verdict: verdict ? toVerdictTests(verdict.tests) : null,
  });
}
