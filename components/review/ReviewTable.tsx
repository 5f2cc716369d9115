"use client";
// The reviews this browser holds for the release: run, signature, verdict, steps, note, date and reviewer, each
// with a link back to the run in review mode and a Delete button. Every text is the reviewer's, shown as text.
import Link from "next/link";
import { Badge } from "@/components/ui/Badge";
import { HeaderRow, Table } from "@/components/ui/Table";
import { reviewRunHref } from "@/lib/site/nav";
import type { StoredReview } from "@/lib/queries/review/verdicts";
import { SIGNATURE_LABELS } from "@/lib/trajectory/tags";

import { VERDICT_TONE } from "./verdict-tone";

export function ReviewTable({
  releaseId,
  reviews,
  onDelete,
}: {
  releaseId: string;
  reviews: StoredReview[];
  onDelete: (r: StoredReview) => void;
}) {
  if (reviews.length === 0)
    return <p className="text-sm text-zinc-500">No review in this browser for this release yet.</p>;
  return (
    <div className="overflow-x-auto">
      <Table className="w-full text-sm" caption="Reviews of trace-signature tags kept in this browser for this release">
        <thead>
          <HeaderRow
            look="ruled"
            className="text-left text-xs text-zinc-500"
            cellClassName="font-normal"
            columns={["Run", "Signature", "Verdict", "Steps", "Note", "Date (UTC)", "Reviewer", ""]}
          />
        </thead>
        <tbody>
          {reviews.map((r) => (
            <tr
              key={`${r.run}@${r.signature}@${r.steps}`}
              data-review-run={r.run}
              data-review-signature={r.signature}
              data-review-verdict={r.verdict}
              data-review-steps={r.steps}
              className="border-b border-zinc-100 align-top dark:border-zinc-900"
            >
              <td className="py-1 break-all">
                <Link
                  className="underline"
                  href={reviewRunHref(releaseId, r.run, r.audit ?? undefined)}
                  prefetch={false}
                >
                  {r.run}
                </Link>
                {r.audit ? (
                  <div className="text-xs text-zinc-500">
                    audit {r.audit.stratum}, seed {r.audit.seed}
                  </div>
                ) : null}
              </td>
              <td>
                {SIGNATURE_LABELS[r.signature]}
                {r.strength === "weak" ? <span className="text-xs text-zinc-500"> (weak tag)</span> : null}
              </td>
              <td>
                <Badge tone={VERDICT_TONE[r.verdict]}>{r.verdict}</Badge>
              </td>
              <td className="text-xs">{r.stepNumbers.length ? r.stepNumbers.join(", ") : "—"}</td>
              <td className="max-w-xs [overflow-wrap:anywhere]">{r.note}</td>
              <td className="text-xs whitespace-nowrap">
                <time dateTime={r.at}>{r.at.slice(0, 16).replace("T", " ")}</time>
              </td>
              <td>{r.reviewer}</td>
              <td>
                <button type="button" className="btn px-1 py-0 text-xs" onClick={() => onDelete(r)}>
                  Delete<span className="sr-only"> the review of {r.run}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
