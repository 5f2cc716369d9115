"use client";
// One detector tag in review mode: its chip and evidence steps, a short note, Confirm / Reject and the verdict
// this browser holds. The current tag (what r and x judge) is outlined.
import { Badge } from "@/components/ui/Badge";
import { VERDICT_TONE } from "@/components/review/verdict-tone";
import { isJudgement, type Judgement, type StoredReview } from "@/lib/queries/review/verdicts";
import type { SignatureTag } from "@/lib/trajectory/tags";
import { TagChip } from "./TagChips";

export interface TagReviewRowProps {
  tag: SignatureTag;
  review: StoredReview | null;
  current: boolean;
  note: string;
  onNote: (note: string) => void;
  onJudge: (verdict: Judgement) => void;
  onJump: (n: number) => void;
}

export function TagReviewRow({ tag, review, current, note, onNote, onJudge, onJump }: TagReviewRowProps) {
  const given = review?.verdict;
  const verdict = isJudgement(given) ? given : null;
  return (
    <li
      data-review-tag={tag.id}
      data-tag-signature={tag.signature}
      data-tag-strength={tag.strength}
      data-steps={tag.steps.join(",")}
      data-current={current ? "true" : undefined}
      data-verdict={verdict ?? "none"}
      className={`flex flex-wrap items-center gap-2 rounded px-1 py-0.5 ${current ? "outline outline-2 outline-sky-500" : ""}`}
    >
      <TagChip tag={tag} />
      {tag.position !== null ? <span className="text-xs text-zinc-500">request {tag.position}</span> : null}
      <span className="flex flex-wrap gap-1">
        {tag.steps.map((n) => (
          <button key={n} type="button" className="btn px-1 py-0 text-xs" onClick={() => onJump(n)}>
            step {n}
          </button>
        ))}
      </span>
      <input
        type="text"
        className="min-w-40 flex-1 rounded border border-zinc-300 px-1 text-xs dark:border-zinc-700 dark:bg-zinc-900"
        placeholder="Note (optional)"
        aria-label={`Note on the ${tag.strength} tag at steps ${tag.steps.join(", ")}`}
        maxLength={2000}
        value={note}
        onChange={(e) => onNote(e.target.value)}
        // A note changed after the verdict is saved with it when the field is left.
        onBlur={() => verdict && note.trim() !== review?.note && onJudge(verdict)}
      />
      {JUDGEMENTS.map(([judged, label]) => (
        <button
          key={judged}
          type="button"
          className="btn px-1.5 py-0 text-xs"
          aria-pressed={verdict === judged}
          onClick={() => onJudge(judged)}
        >
          {label}
        </button>
      ))}
      {verdict ? (
        <Badge tone={VERDICT_TONE[verdict]} className="text-xs" data-testid="tag-verdict">
          {verdict}
        </Badge>
      ) : (
        <span className="text-xs text-zinc-500">not reviewed</span>
      )}
    </li>
  );
}

/** The two verdicts a reviewer gives a tag, with their buttons' labels. */
const JUDGEMENTS = [
  ["confirmed", "Confirm"],
  ["rejected", "Reject"],
] as const;
