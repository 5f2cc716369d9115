"use client";
// Review mode of the explorer (docs/trajectory-explorer.md, "Review"): the detectors' tags with this browser's
// verdicts on them, the tag the keys act on, and the actions that save a verdict, add a tag or say a signature is
// absent. Reviews go to IndexedDB (lib/local/review-store.ts); the release's own annotations are never changed.
import { useCallback, useMemo, useState } from "react";
import { useReviewerName } from "@/components/review/useReviewerName";
import {
  absentSignature,
  addedTag,
  judgeTag,
  runAudit,
  tagReviewId,
  type Judgement,
  type ReviewContext,
  type StoredReview,
} from "@/lib/queries/review/verdicts";
import { currentTag, nextUnreviewed } from "@/lib/queries/review/nav";
import type { StepRows } from "@/lib/trajectory/packed-rows";
import type { Signature, SignatureTag } from "@/lib/trajectory/tags";
import { localRunId, looseLogId, type TrajectoryUrlState } from "@/lib/trajectory/url-state";
import { useReviewKeys } from "./useReviewKeys";
import { useRunReviews, type RunReviews } from "./useRunReviews";

export interface ReviewModeInput {
  releaseId: string;
  url: TrajectoryUrlState | null;
  rows: StepRows | null;
  tags: readonly SignatureTag[];
  selected: number | null;
  select: (n: number) => void;
  positionOf: (n: number) => number | null;
  /** The run's configuration and condition (its header), which its audit stratum must be. */
  run: { config_id: string; condition: string } | null;
}

export interface ReviewMode {
  /** The detectors' tags, in the order they are listed. */
  tags: SignatureTag[];
  reviews: RunReviews;
  reviewOf: (tag: SignatureTag) => StoredReview | null;
  current: SignatureTag | null;
  noteOf: (tag: SignatureTag) => string;
  setNote: (tag: SignatureTag, note: string) => void;
  judge: (tag: SignatureTag, verdict: Judgement) => void;
  next: () => void;
  add: (signature: Signature, steps: number[], note: string) => void;
  absent: (signature: Signature, note: string) => void;
  reviewer: string;
  setReviewer: (name: string) => void;
  audit: TrajectoryUrlState["audit"];
}

export function useReviewMode(input: ReviewModeInput): ReviewMode | null {
  const { releaseId, url, rows, selected, select, positionOf } = input;
  // The URL's audit only when it names the run's own stratum: a crafted link cannot put another in the export.
  const audit = runAudit(url?.audit ?? null, input.run);
  const runId = url?.runId ?? null;
  // A local run is no run of the release: its reviews could not be added to it.
  const enabled = url?.review === true && runId !== null && localRunId(runId) === null && looseLogId(runId) === null;
  const reviews = useRunReviews(releaseId, runId, enabled);
  const [reviewer, setReviewer] = useReviewerName();
  const tags = useMemo(() => input.tags.filter((t) => t.origin === "detector"), [input.tags]);
  const [preferred, setPreferred] = useState<string | null>(null);
  const [notes, setNotes] = useState<ReadonlyMap<string, string>>(new Map());

  const reviewOf = useCallback(
    (t: SignatureTag) => reviews.byId?.get(tagReviewId(t.signature, t.steps)) ?? null,
    [reviews.byId],
  );
  const current = currentTag(tags, selected, preferred);
  const noteOf = (t: SignatureTag) => notes.get(t.id) ?? reviewOf(t)?.note ?? "";
  const context = (): ReviewContext | null =>
    runId !== null && rows ? { release: releaseId, run: runId, rows, audit, reviewer, now: new Date() } : null;
  const judge = (t: SignatureTag, verdict: Judgement) => {
    const ctx = context();
    if (ctx) reviews.save(judgeTag(ctx, t, verdict, noteOf(t).trim()));
  };
  const next = () => {
    const t = nextUnreviewed(tags, current, selected, (tag) => reviewOf(tag) !== null);
    if (!t || t.steps[0] === undefined) return;
    setPreferred(t.id);
    select(t.steps[0]);
  };
  const add = (signature: Signature, steps: number[], note: string) => {
    const ctx = context();
    if (ctx && steps.length > 0) reviews.save(addedTag(ctx, signature, steps, positionOf(steps[0]!), note.trim()));
  };
  const absent = (signature: Signature, note: string) => {
    const ctx = context();
    if (ctx) reviews.save(absentSignature(ctx, signature, note.trim()));
  };
  useReviewKeys(enabled && reviews.byId !== null, {
    confirm: () => current && judge(current, "confirmed"),
    reject: () => current && judge(current, "rejected"),
    next,
  });

  if (!enabled) return null;
  return {
    tags,
    reviews,
    reviewOf,
    current,
    noteOf,
    setNote: (t, note) => setNotes((prev) => new Map(prev).set(t.id, note)),
    judge,
    next,
    add,
    absent,
    reviewer,
    setReviewer,
    audit,
  };
}
