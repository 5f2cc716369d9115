// The leaderboard panel's word on how far its tags can be trusted: one line per signature with the detector
// version the tags carry and that version's precision and recall on planted synthetic cases (strong tags only),
// or "not measured yet" when the bench has not measured that version; then, when the release has human labels, one
// line per signature with the strong tags' precision and recall against them. The full tables are on the signatures
// page.
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
import type { SignatureLookedAt } from "@/lib/queries/signatures/audit-model";
import { agreementText, ON_LOOKED_AT } from "@/lib/queries/signatures/audit-view";
import { SIGNATURE_LABELS } from "@/lib/queries/signatures/tables";
import { releaseHref } from "@/lib/site/nav";

function lineText(t: SignatureTrust): string {
  if (t.detector === null) return "no tag in this release, so no detector version to match.";
  if (t.sets.length === 0) return notMeasuredText(t);
  const sets = t.sets.map((s) => `${accuracyText(s)} ${ON_PLANTED} (${setText(s)})`).join("; ");
  return `${detectorName(t.detector, t.version ?? "")}, ${sets}.`;
}

function AgreementLines({ looked }: { looked: readonly SignatureLookedAt[] }) {
  if (looked.length === 0) return null;
  return (
    <ul data-testid="human-agreement-lines">
      {looked.map((a) => (
        <li key={a.signature} data-agreement-signature={a.signature}>
          {SIGNATURE_LABELS[a.signature] ?? a.signature} {ON_LOOKED_AT}: {agreementText(a.lookedAt)}.
        </li>
      ))}
    </ul>
  );
}

export function DetectorAccuracyLines({
  releaseId,
  rows,
  agreement,
}: {
  releaseId: string;
  rows: DetectorTrustRow[];
  /** The detectors against the release's human labels, per signature. */
  agreement: readonly SignatureLookedAt[];
}) {
  const looked = agreement.filter((a) => a.lookedAt.labelled_runs > 0);
  const signaturesPage = releaseHref(releaseId, "signatures");
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
      <AgreementLines looked={looked} />
      <p>
        Strong tags only; weak tags are not scored.{" "}
        <Link className="underline" href={`${signaturesPage}#detector-trust`} prefetch={false}>
          How far the tags can be trusted
        </Link>
        {looked.length > 0 ? (
          <>
            {" · "}
            <Link className="underline" href={`${signaturesPage}#human-agreement`} prefetch={false}>
              Agreement with human labels
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
