// A reviewer's verdict on a trace-signature tag, as the browser keeps it (lib/local/review-store.ts) until the
// review page exports it as annotations.jsonl records (review-records.ts). One review per release, run,
// signature and evidence steps: reviewing the same tag again replaces the earlier verdict.
import type { Annotation } from "../../data/schema";
import { stratumKey, type Stratum } from "../../metrics/audit-sample";
import type { StepRow } from "../../trajectory/rows";
import { splitDetectorName, type Signature, type SignatureTag } from "../../trajectory/tags";

export type ReviewVerdict = NonNullable<Annotation["review"]>["verdict"];

/** The verdicts on a detector's tag (the others add a tag or say a signature is absent). */
export type Judgement = Extract<ReviewVerdict, "confirmed" | "rejected">;

export function isJudgement(verdict: ReviewVerdict | null | undefined): verdict is Judgement {
  return verdict === "confirmed" || verdict === "rejected";
}

/** The audit sample a run was opened from: its seed and its stratum (`<config_id>/<condition>`). */
export interface AuditRef {
  seed: string;
  stratum: string;
}

/**
 * The audit a review is stored with: the link's, only when its stratum is the run's own (lib/metrics/audit-sample.ts,
 * `<config_id>/<condition>`). The review page's links always are; a crafted link naming another stratum would
 * write that stratum into the export and move the audit's numbers, so its review is stored as no audit's. Null
 * too while the run's configuration and condition are not known.
 */
export function runAudit(audit: AuditRef | null, run: Stratum | null): AuditRef | null {
  if (!audit || !run) return null;
  return audit.stratum === stratumKey(run) ? audit : null;
}

export interface StoredReview {
  release: string;
  run: string;
  signature: Signature;
  /** The explorer's step numbers joined by ",": the key's last part ("" for a verdict of absence). */
  steps: string;
  /** The explorer's step numbers (1…N) the review is about: a detector tag's evidence, or the steps added. */
  stepNumbers: number[];
  /** Their ATIF step ids in the main file, as annotations.jsonl names steps (continuation steps have none). */
  stepIds: number[];
  verdict: ReviewVerdict;
  note: string;
  /** The request the evidence belongs to, when known. */
  position: number | null;
  /** The detector and version whose tag was judged (confirmed, rejected). */
  detector: string | null;
  detectorVersion: string | null;
  /** The judged tag's strength; null for an added tag or an absence. */
  strength: "strong" | "weak" | null;
  audit: AuditRef | null;
  /** The reviewer's name when the review was made ("" when none was given). */
  reviewer: string;
  /** When the review was made (ISO timestamp). */
  at: string;
}

/** The store's key: release, run, signature, steps. */
export type ReviewKey = [string, string, string, string];

export function stepsKey(stepNumbers: readonly number[]): string {
  return [...stepNumbers].sort((a, b) => a - b).join(",");
}

export function reviewKey(r: Pick<StoredReview, "release" | "run" | "signature" | "steps">): ReviewKey {
  return [r.release, r.run, r.signature, r.steps];
}

/** The key of a tag's review in one run, as a string (for maps). */
export function tagReviewId(signature: string, stepNumbers: readonly number[]): string {
  return `${signature}@${stepsKey(stepNumbers)}`;
}

export function reviewId(r: Pick<StoredReview, "signature" | "steps">): string {
  return `${r.signature}@${r.steps}`;
}

/** A run's step rows by explorer step number (lib/trajectory/packed-rows.ts `StepRows`). */
export interface StepLookup {
  row(n: number): Pick<StepRow, "n" | "stepId" | "file"> | undefined;
}

/**
 * ATIF step ids of the main file for explorer steps, ascending: annotations name step ids and are matched against
 * the main file only (lib/trajectory/tags.ts), so a step of a continuation file has none to export.
 */
export function mainFileStepIds(rows: StepLookup, steps: readonly number[]) {
  const ids = steps
    .map((n) => rows.row(n))
    .filter((r) => r !== undefined && r.file === 0 && r.stepId !== null)
    .map((r) => r!.stepId!);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/** Where the review is made: the run, the reviewer, the audit and the clock. */
export interface ReviewContext {
  release: string;
  run: string;
  rows: StepLookup;
  audit: AuditRef | null;
  reviewer: string;
  now: Date;
}

function stored(
  ctx: ReviewContext,
  signature: Signature,
  stepNumbers: readonly number[],
  fields: Pick<StoredReview, "verdict" | "note" | "position" | "detector" | "detectorVersion" | "strength">,
): StoredReview {
  const sorted = [...new Set(stepNumbers)].sort((a, b) => a - b);
  return {
    release: ctx.release,
    run: ctx.run,
    signature,
    steps: stepsKey(sorted),
    stepNumbers: sorted,
    stepIds: mainFileStepIds(ctx.rows, sorted),
    ...fields,
    audit: ctx.audit,
    reviewer: ctx.reviewer.trim(),
    at: ctx.now.toISOString(),
  };
}

/** A verdict on a detector's tag: confirmed or rejected at the tag's evidence steps. */
export function judgeTag(ctx: ReviewContext, tag: SignatureTag, verdict: Judgement, note: string): StoredReview {
  const { detector, version } = splitDetectorName(tag.author.name ?? "detector");
  return stored(ctx, tag.signature, tag.steps, {
    verdict,
    note,
    position: tag.position,
    detector,
    detectorVersion: version || null,
    strength: tag.strength,
  });
}

/** A tag the reviewer adds where the detectors put none. */
export function addedTag(
  ctx: ReviewContext,
  signature: Signature,
  stepNumbers: readonly number[],
  position: number | null,
  note: string,
): StoredReview {
  return stored(ctx, signature, stepNumbers, {
    verdict: "added",
    note,
    position,
    detector: null,
    detectorVersion: null,
    strength: null,
  });
}

/** The reviewer read the run and found no such signature (an audit run's signature without a tag). */
export function absentSignature(ctx: ReviewContext, signature: Signature, note: string): StoredReview {
  return stored(ctx, signature, [], {
    verdict: "absent",
    note,
    position: null,
    detector: null,
    detectorVersion: null,
    strength: null,
  });
}
