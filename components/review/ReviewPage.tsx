"use client";
// The review page of a release (docs/trajectory-explorer.md, "Review"): the reviews this browser holds, their
// export as annotations.jsonl records the release accepts (npm run release:add), and the audit sample.
import { useMemo, useState } from "react";
import { download } from "@/components/site/ExportButtons";
import { reviewExport, reviewFileName } from "@/lib/queries/review/records";
import { AuditSample, type AuditIndex } from "./AuditSample";
import { ReviewerNameField } from "./ReviewerNameField";
import { ReviewTable } from "./ReviewTable";
import { useReleaseReviews } from "./useReleaseReviews";
import { useReviewerName } from "./useReviewerName";

export function ReviewPage({ releaseId, index }: { releaseId: string; index: AuditIndex }) {
  const { reviews, error, remove } = useReleaseReviews(releaseId);
  const [name, setName] = useReviewerName();
  const [note, setNote] = useState<string | null>(null);
  const reviewed = useMemo(() => new Set((reviews ?? []).map((r) => r.run)), [reviews]);
  const exportFile = () => {
    const out = reviewExport(reviews ?? [], name);
    download(reviewFileName(releaseId), "application/x-ndjson", out.text);
    setNote(
      `${out.records.length} record${out.records.length === 1 ? "" : "s"} exported` +
        (out.skipped.length
          ? `; ${out.skipped.length} left out: they name only steps of a continuation file, which annotations cannot name`
          : ""),
    );
  };
  return (
    <div className="space-y-6">
      <section
        className="space-y-2"
        data-testid="review-list"
        data-ready={reviews ? "true" : undefined}
        aria-labelledby="reviews-heading"
      >
        <h2 id="reviews-heading" className="text-lg font-semibold">
          Reviews in this browser
        </h2>
        <p className="text-sm text-zinc-600 dark:text-zinc-400">
          Verdicts on the detectors&apos; tags made in review mode on the run pages, kept in this browser only. The
          export is an <code>annotations.jsonl</code> the maintainers add to the release with{" "}
          <code>npm run release:add -- &lt;file&gt; --into data/releases/{releaseId}</code>; the release&apos;s own
          annotations are never changed here.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <ReviewerNameField name={name} onName={setName} />
          <button
            type="button"
            className="btn px-1.5 py-0.5 text-sm"
            data-testid="export-reviews"
            disabled={!reviews?.length}
            onClick={exportFile}
          >
            Export annotations.jsonl
          </button>
          {note ? (
            <span role="status" className="text-sm" data-testid="export-note">
              {note}
            </span>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            Reviews cannot be read in this browser: {error}
          </p>
        ) : null}
        {reviews ? <ReviewTable releaseId={releaseId} reviews={reviews} onDelete={remove} /> : null}
      </section>
      <AuditSample releaseId={releaseId} index={index} reviewed={reviewed} />
    </div>
  );
}
