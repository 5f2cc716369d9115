"use client";
// Review mode: the tags this browser added to the run; verdicts on tags the detectors no longer make (a later
// detector version moved them); and, for a run of the audit sample, each signature the detectors did not tag,
// which the reviewer may mark absent from the run. Each can be withdrawn.
import { useState } from "react";
import { Badge } from "@/components/ui/Badge";
import { VERDICT_TONE } from "@/components/review/verdict-tone";
import type { StoredReview } from "@/lib/queries/review/verdicts";
import { SIGNATURE_LABELS, SIGNATURES, type Signature } from "@/lib/trajectory/tags";

export function OwnTagReviews({
  title,
  testId,
  reviews,
  onJump,
  onWithdraw,
}: {
  title: string | null;
  testId: string;
  reviews: StoredReview[];
  onJump: (n: number) => void;
  onWithdraw: (r: StoredReview) => void;
}) {
  if (reviews.length === 0) return null;
  return (
    <div className="text-xs">
      {title ? <h3 className="font-semibold">{title}</h3> : null}
      <ul className="space-y-1" data-testid={testId}>
        {reviews.map((r) => (
          <li
            key={`${r.signature}@${r.steps}`}
            data-added-steps={r.steps}
            data-tag-signature={r.signature}
            className="flex flex-wrap items-center gap-2"
          >
            <Badge tone={VERDICT_TONE[r.verdict]}>{r.verdict}</Badge>
            <span>{SIGNATURE_LABELS[r.signature]}</span>
            {r.stepNumbers.map((n) => (
              <button key={n} type="button" className="btn px-1 py-0 text-xs" onClick={() => onJump(n)}>
                step {n}
              </button>
            ))}
            <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{r.note}</span>
            <button type="button" className="btn px-1 py-0 text-xs" onClick={() => onWithdraw(r)}>
              Withdraw
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function AbsentRow({
  signature,
  review,
  onAbsent,
  onWithdraw,
}: {
  signature: Signature;
  review: StoredReview | null;
  onAbsent: (note: string) => void;
  onWithdraw: (r: StoredReview) => void;
}) {
  const [note, setNote] = useState("");
  return (
    <li
      className="flex flex-wrap items-center gap-2"
      data-absent-signature={signature}
      data-verdict={review ? "absent" : "none"}
    >
      {review ? (
        <>
          <Badge tone="good">no {SIGNATURE_LABELS[signature].toLowerCase()} in this run</Badge>
          <span className="min-w-0 flex-1 [overflow-wrap:anywhere]">{review.note}</span>
          <button type="button" className="btn px-1 py-0 text-xs" onClick={() => onWithdraw(review)}>
            Withdraw
          </button>
        </>
      ) : (
        <>
          <input
            type="text"
            className="min-w-40 flex-1 rounded border border-zinc-300 px-1 dark:border-zinc-700 dark:bg-zinc-900"
            placeholder="Note (optional)"
            aria-label={`Note on the absence of ${SIGNATURE_LABELS[signature].toLowerCase()}`}
            maxLength={2000}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
          <button type="button" className="btn px-1.5 py-0 text-xs" onClick={() => onAbsent(note)}>
            No {SIGNATURE_LABELS[signature].toLowerCase()} in this run
          </button>
        </>
      )}
    </li>
  );
}

/** An audit run's signatures without a detector tag, each with its "absent" verdict or the button to give it. */
export function AbsentSignatures({
  tagged,
  reviews,
  onAbsent,
  onWithdraw,
}: {
  tagged: ReadonlySet<Signature>;
  reviews: StoredReview[];
  onAbsent: (signature: Signature, note: string) => void;
  onWithdraw: (r: StoredReview) => void;
}) {
  const untagged = SIGNATURES.filter((s) => !tagged.has(s));
  if (untagged.length === 0) return null;
  return (
    <div className="text-xs" data-testid="absent-signatures">
      <p className="text-zinc-600 dark:text-zinc-400">
        The detectors tagged none of these in this audit run: having read it, say whether the run has none.
      </p>
      <ul className="mt-1 space-y-1">
        {untagged.map((s) => (
          <AbsentRow
            key={s}
            signature={s}
            review={reviews.find((r) => r.signature === s) ?? null}
            onAbsent={(note) => onAbsent(s, note)}
            onWithdraw={onWithdraw}
          />
        ))}
      </ul>
    </div>
  );
}
