"use client";
// What the explorer shows above a run's steps: the session timeline beside the verdict, the requirement ledger
// (its step references jump to the step), the problems found, the subagents and the signature tags.
import type { ReactNode } from "react";
import { LedgerPanel, type StepLink } from "./LedgerPanel";
import { ProblemsPanel } from "./ProblemsPanel";
import { SessionTimeline } from "./SessionTimeline";
import { SubagentsPanel } from "./SubagentsPanel";
import { TagList } from "./TagChips";
import type { LoadedRun } from "./StepsTab";
import { VerdictPanel } from "./VerdictPanel";

export function RunOverview({
  run: { data, rows, layout, selected, select: onJump },
  onStepLink,
  review,
  reviewing,
  onReviewMode,
}: {
  run: LoadedRun;
  /** A ledger's step reference: opens the steps at step `n`. */
  onStepLink: (n: number) => void;
  /** Review mode's panel, which lists the detectors' tags in place of the tag list; null outside review mode. */
  review: ReactNode;
  /** Review mode is on (its panel shows once the tags are computed). */
  reviewing: boolean;
  /** null: the run cannot be reviewed (a local run). */
  onReviewMode: ((on: boolean) => void) | null;
}) {
  const { header, timeline, ledger, tags } = layout;
  const stepLink: StepLink = (n, label) => (
    <button type="button" key={`${label}-${n}`} className="underline" data-step-link={n} onClick={() => onStepLink(n)}>
      {label}
    </button>
  );
  return (
    <>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,1fr)_18rem]">
        {timeline ? (
          <SessionTimeline lanes={timeline.lanes} blocks={timeline.blocks} current={selected} onJump={onJump} />
        ) : (
          <div />
        )}
        <VerdictPanel header={header} verdict={data.verdict} error={data.verdictError} />
      </div>
      {header ? <LedgerPanel rows={ledger} step={stepLink} /> : null}
      {data.partial ? (
        <p className="text-sm text-zinc-500" data-testid="partial-note">
          Showing the first {rows.length} steps while the rest of the file is read and parsed…
        </p>
      ) : null}
      <ProblemsPanel
        warnings={data.summary?.warnings ?? []}
        mismatches={data.analysis?.mismatches ?? []}
        notes={data.analysis?.notes ?? []}
        onJump={onJump}
      />
      <SubagentsPanel subagents={data.summary?.subagents ?? []} />
      {onReviewMode ? (
        <div className="flex justify-end">
          <button
            type="button"
            className="btn px-1.5 py-0 text-xs"
            data-testid="review-mode"
            aria-pressed={reviewing}
            onClick={() => onReviewMode(!reviewing)}
          >
            {reviewing ? "Leave review mode" : "Review these tags"}
          </button>
        </div>
      ) : null}
      {review}
      {!reviewing ? (
        <TagList tags={tags} analyzed={data.analysis !== null} onJump={onJump} />
      ) : tags.some((t) => t.origin === "annotation") ? (
        <div>
          <h3 className="text-xs font-semibold">The release&apos;s own annotations (reviews never change them)</h3>
          <TagList tags={tags.filter((t) => t.origin === "annotation")} analyzed onJump={onJump} />
        </div>
      ) : null}
    </>
  );
}
