"use client";
// Review mode's panel (docs/trajectory-explorer.md, "Review"): the detectors' strong and weak tags apart, each with
// Confirm / Reject and a note; the jump to the next tag without a review; a tag added at the selected step; an
// audit run's absent signatures. Verdicts stay in this browser until the review page exports them.
import Link from "next/link";
import { ReviewerNameField } from "@/components/review/ReviewerNameField";
import { Badge } from "@/components/ui/Badge";
import { releaseHref } from "@/lib/site/nav";
import { isJudgement, reviewId, tagReviewId } from "@/lib/queries/review/verdicts";
import { tagOrder } from "@/lib/queries/review/nav";
import type { SignatureTag } from "@/lib/trajectory/tags";
import { AddTagForm } from "./AddTagForm";
import { AbsentSignatures, OwnTagReviews } from "./OwnReviews";
import { TagReviewRow } from "./TagReviewRow";
import type { ReviewMode } from "./useReviewMode";

function TagReviews({
  title,
  tags,
  mode,
  onJump,
}: {
  title: string;
  tags: SignatureTag[];
  mode: ReviewMode;
  onJump: (n: number) => void;
}) {
  if (tags.length === 0) return null;
  return (
    <div>
      <h3 className="text-xs font-semibold">{title}</h3>
      <ul className="mt-1 space-y-1 text-sm">
        {tagOrder(tags).map((t) => (
          <TagReviewRow
            key={t.id}
            tag={t}
            review={mode.reviewOf(t)}
            current={mode.current?.id === t.id}
            note={mode.noteOf(t)}
            onNote={(note) => mode.setNote(t, note)}
            onJudge={(verdict) => mode.judge(t, verdict)}
            onJump={onJump}
          />
        ))}
      </ul>
    </div>
  );
}

export function ReviewPanel({
  releaseId,
  mode,
  selected,
  total,
  onJump,
}: {
  releaseId: string;
  mode: ReviewMode;
  selected: number | null;
  total: number;
  onJump: (n: number) => void;
}) {
  const own = [...(mode.reviews.byId?.values() ?? [])];
  const reviewed = mode.tags.filter((t) => mode.reviewOf(t) !== null).length;
  const current = new Set(mode.tags.map((t) => tagReviewId(t.signature, t.steps)));
  const judged = own.filter((r) => isJudgement(r.verdict) && !current.has(reviewId(r)));
  return (
    <section
      className="space-y-2 rounded border border-sky-300 p-2 dark:border-sky-800"
      data-testid="review-panel"
      data-ready={mode.reviews.byId !== null ? "true" : undefined}
      data-saving={mode.reviews.pending > 0 ? "true" : undefined}
      aria-labelledby="review-heading"
    >
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <h2 id="review-heading" className="font-semibold">
          Review the detectors&apos; tags
        </h2>
        <span data-testid="review-progress">
          {reviewed} of {mode.tags.length} tag{mode.tags.length === 1 ? "" : "s"} reviewed
        </span>
        <button type="button" className="btn px-1.5 py-0 text-xs" data-testid="next-unreviewed" onClick={mode.next}>
          Next unreviewed tag (u)
        </button>
        <ReviewerNameField name={mode.reviewer} onName={mode.setReviewer} />
        {mode.audit ? (
          <Badge tone="info" data-testid="audit-badge">
            audit sample {mode.audit.stratum} (seed {mode.audit.seed})
          </Badge>
        ) : null}
      </div>
      <p className="text-xs text-zinc-600 dark:text-zinc-400">
        Keys: <kbd>r</kbd> confirms the outlined tag (the one at or nearest the selected step), <kbd>x</kbd> rejects it,{" "}
        <kbd>u</kbd> goes to the next tag without a review. Reviews stay in this browser and never change the
        release&apos;s annotations; the{" "}
        <Link className="underline" href={releaseHref(releaseId, "review")} prefetch={false}>
          review page
        </Link>{" "}
        lists and exports them.
      </p>
      {mode.reviews.error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          Reviews cannot be kept in this browser: {mode.reviews.error}
        </p>
      ) : null}
      {mode.tags.length === 0 ? <p className="text-sm text-zinc-500">The detectors put no tag on this run.</p> : null}
      <TagReviews
        title="Strong tags: the edit that shows the evidence"
        tags={mode.tags.filter((t) => t.strength === "strong")}
        mode={mode}
        onJump={onJump}
      />
      <TagReviews
        title="Weak tags (dashed): a pattern without the edit that shows it"
        tags={mode.tags.filter((t) => t.strength === "weak")}
        mode={mode}
        onJump={onJump}
      />
      {mode.audit ? (
        <AbsentSignatures
          tagged={new Set(mode.tags.map((t) => t.signature))}
          reviews={own.filter((r) => r.verdict === "absent")}
          onAbsent={mode.absent}
          onWithdraw={mode.reviews.remove}
        />
      ) : null}
      <AddTagForm selected={selected} total={total} onAdd={mode.add} />
      <OwnTagReviews
        title={null}
        testId="added-tags"
        reviews={own.filter((r) => r.verdict === "added")}
        onJump={onJump}
        onWithdraw={mode.reviews.remove}
      />
      <OwnTagReviews
        title="Your verdicts on tags the detectors no longer make at these steps (still exported)"
        testId="stale-reviews"
        reviews={judged}
        onJump={onJump}
        onWithdraw={mode.reviews.remove}
      />
    </section>
  );
}
