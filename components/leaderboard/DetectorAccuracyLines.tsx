// The leaderboard panel's word on how far its tags can be trusted: one line per signature with the detector
// version the tags carry and that version's precision and recall on planted synthetic cases (strong tags only),
// or "not measured yet" when the bench has not measured that version. The full table is on the signatures page.
import Link from "next/link";
import type { DetectorTrustRow } from "@/lib/queries/signatures/accuracy.sql";
import {
  accuracyText,
  detectorName,
  notMeasuredText,
  ON_PLANTED,
  setText,
  signatureTrust,
  type SignatureTrust,
} from "@/lib/queries/signatures/accuracy-view";
import { SIGNATURE_LABELS } from "@/lib/queries/signatures/tables";
import { releaseHref } from "@/lib/site/nav";

function lineText(t: SignatureTrust): string {
  if (t.detector === null) return "no tag in this release, so no detector version to match.";
  if (t.sets.length === 0) return notMeasuredText(t);
  const sets = t.sets.map((s) => `${accuracyText(s)} ${ON_PLANTED} (${setText(s)})`).join("; ");
  return `${detectorName(t.detector, t.version ?? "")}, ${sets}.`;
}

export function DetectorAccuracyLines({ releaseId, rows }: { releaseId: string; rows: DetectorTrustRow[] }) {
  return (
    <div className="text-xs text-zinc-600 dark:text-zinc-400" data-testid="detector-accuracy-lines">
      <ul>
        {signatureTrust(rows).map((t) => (
          <li
            key={`${t.signature}@${t.detector ?? ""}@${t.version ?? ""}`}
            data-trust-signature={t.signature}
            data-measured={t.sets.length > 0 ? "true" : "false"}
          >
            {SIGNATURE_LABELS[t.signature] ?? t.signature}: {lineText(t)}
          </li>
        ))}
      </ul>
      <p>
        Strong tags only; weak tags are not scored.{" "}
        <Link className="underline" href={`${releaseHref(releaseId, "signatures")}#detector-trust`} prefetch={false}>
          How far the tags can be trusted
        </Link>
      </p>
    </div>
  );
}
