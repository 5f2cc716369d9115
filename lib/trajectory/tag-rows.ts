// The detectors' tags of one trajectory as rows of the derived `signature_tags` table (docs/data-format.md,
// "Derived tables"): the same analysis the trajectory page runs (analyze.ts), with the release's annotations
// left out, so the table holds what the detectors find and nothing a human wrote.
import { analyzeTrajectory } from "./analyze";
import type { Trajectory } from "./model";
import { splitDetectorName, type SignatureTag } from "./tags";
import type { AnalysisContext } from "./worker-protocol";

export interface SignatureTagRow {
  [column: string]: string | number | boolean | null;
  run_id: string;
  tag_id: string;
  signature: string;
  position: number | null;
  /** null: a tag that names no step (none of today's detectors writes one, but the table must not drop it). */
  first_step: number | null;
  evidence_steps: string;
  strength: string;
  detector: string;
  detector_version: string;
  reason_kinds: string;
  note: string;
}

function reasonKinds(tag: SignatureTag): string {
  const kinds = tag.reasons.map((r) => (r as { kind?: string }).kind ?? "unclassified");
  return [...new Set(kinds)].sort().join(",");
}

export function signatureTagRows(runId: string, t: Trajectory, ctx: AnalysisContext): SignatureTagRow[] {
  const tags = analyzeTrajectory(t, { ...ctx, annotations: [] }).tags.filter((tag) => tag.origin === "detector");
  return tags.map((tag) => {
    const { detector, version } = splitDetectorName(tag.author.name ?? "detector");
    return {
      run_id: runId,
      tag_id: tag.id,
      signature: tag.signature,
      position: tag.position,
      first_step: tag.steps[0] ?? null,
      evidence_steps: tag.steps.join(","),
      strength: tag.strength,
      detector,
      detector_version: version,
      reason_kinds: reasonKinds(tag),
      note: tag.note,
    };
  });
}
