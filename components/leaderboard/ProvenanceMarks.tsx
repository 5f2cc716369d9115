// A configuration's submission provenance beside its name: the verified mark, the submission date and the
// report link. Values arrive from CONFIGS_SQL through lib/site/leaderboard-view's provenanceOf; text only. A
// local release's own claim to be verified is said as such, never shown as the mark.
import type { ConfigRow } from "@/lib/queries/leaderboard/sql";
import { declaredVerification, provenanceOf } from "@/lib/site/leaderboard-view";
import { Badge } from "@/components/ui/Badge";

export function ProvenanceMarks({ config }: { config: ConfigRow }) {
  const p = provenanceOf(config);
  const declared = declaredVerification(config);
  if (!p.verified && !declared && !p.submittedAt && !p.reportHref && !p.submittedBy) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 pl-4 text-xs text-zinc-500" data-testid="provenance">
      {p.verified ? (
        <Badge tone="good" data-testid="verified-mark" title={`reproduced by ${p.verified.by} on ${p.verified.at}`}>
          ✓ verified
        </Badge>
      ) : declared ? (
        <Badge
          data-testid="declared-verified"
          title={`the file says: reproduced by ${declared.by} on ${declared.at}; only published configurations a maintainer verified carry the mark`}
        >
          declared verified by the file, not shown as verified
        </Badge>
      ) : (
        <Badge data-testid="unverified-mark">not verified</Badge>
      )}
      {p.submittedAt ? <span data-testid="submitted-at">submitted {p.submittedAt}</span> : null}
      {p.submittedBy ? <span>by {p.submittedBy}</span> : null}
      {p.reportHref ? (
        <a className="underline" href={p.reportHref} rel="noopener noreferrer nofollow" data-testid="report-link">
          report
        </a>
      ) : null}
    </div>
  );
}
