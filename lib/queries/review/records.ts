// The review page's export: one annotations.jsonl record per review (docs/data-format.md, annotations.jsonl and
// its review extension), the file `npm run release:add -- <file> --into <release>` validates and appends. The
// file is a release file, not a spreadsheet: values are written as the reviewer typed them (JSON escapes them),
// never prefixed as the CSV export does, so the record means what was said.
import type { Annotation } from "../../data/schema";
import { isJudgement, type StoredReview } from "./verdicts";

/** The record of one review; null when it names no step it can export (a tag in a continuation file). */
export function reviewRecord(r: StoredReview, reviewer: string): Annotation | null {
  const stepIds = r.verdict === "absent" ? [] : r.stepIds;
  if (r.verdict !== "absent" && stepIds.length === 0) return null;
  const name = r.reviewer || reviewer.trim();
  const judged = isJudgement(r.verdict);
  return {
    run_id: r.run,
    signature: r.signature,
    ...(r.position !== null ? { position: r.position } : {}),
    step_ids: stepIds,
    note: r.note,
    author: { kind: "human", ...(name ? { name } : {}) },
    review: {
      verdict: r.verdict,
      date: r.at,
      ...(judged && r.detector ? { detector: r.detector } : {}),
      ...(judged && r.detectorVersion ? { detector_version: r.detectorVersion } : {}),
      ...(r.audit ? { audit: { seed: r.audit.seed, stratum: r.audit.stratum } } : {}),
    },
  };
}

/** Earliest first, then by run, signature and steps, so two exports of the same reviews are the same file. */
function byTime(a: StoredReview, b: StoredReview): number {
  return (
    a.at.localeCompare(b.at) ||
    a.run.localeCompare(b.run) ||
    a.signature.localeCompare(b.signature) ||
    a.steps.localeCompare(b.steps)
  );
}

export interface ReviewExport {
  /** The annotations.jsonl text: one JSON object a line, each line ended by "\n". */
  text: string;
  records: Annotation[];
  /** Reviews left out: they name no step of the trajectory's main file. */
  skipped: StoredReview[];
}

/** Every review as a record; `reviewer` names the author of reviews made before a name was given. */
export function reviewExport(reviews: readonly StoredReview[], reviewer: string): ReviewExport {
  const records: Annotation[] = [];
  const skipped: StoredReview[] = [];
  for (const r of [...reviews].sort(byTime)) {
    const record = reviewRecord(r, reviewer);
    if (record) records.push(record);
    else skipped.push(r);
  }
  return { text: records.map((r) => `${JSON.stringify(r)}\n`).join(""), records, skipped };
}

/** The downloaded file's name: the release's annotations, from this browser's reviews. */
export function reviewFileName(releaseId: string): string {
  return `${releaseId.replace(/[^A-Za-z0-9._-]+/g, "-")}-review-annotations.jsonl`;
}
