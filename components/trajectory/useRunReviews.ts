"use client";
// The reviews this browser holds for one run (lib/local/review-store.ts), by review id (signature@steps): read
// when the run opens, then kept in step with every verdict saved or withdrawn here.
import { useCallback, useMemo, useState } from "react";
import { useAsync } from "@/components/site/useAsync";
import { reviewId, reviewKey, type StoredReview } from "@/lib/queries/review/verdicts";
import { reviewStore, type ReviewStore } from "@/lib/local";

export interface RunReviews {
  /** null until the stored reviews are read. */
  byId: ReadonlyMap<string, StoredReview> | null;
  error: string | null;
  /** Writes not yet committed to the store (a reload now could miss them). */
  pending: number;
  save: (review: StoredReview) => void;
  remove: (review: StoredReview) => void;
}

export function useRunReviews(releaseId: string, runId: string | null, enabled: boolean): RunReviews {
  const loaded = useAsync<StoredReview[], [string, string]>(
    enabled && runId !== null ? [releaseId, runId] : null,
    async ([release, run]) => (await reviewStore()).forRun(release, run),
  );
  // Changes made here since the read, per run (null: withdrawn).
  const [edits, setEdits] = useState<{ run: string | null; map: Map<string, StoredReview | null> }>({
    run: null,
    map: new Map(),
  });
  const [failed, setFailed] = useState<string | null>(null);
  const [pending, setPending] = useState(0);
  const edit = useCallback((review: StoredReview, value: StoredReview | null) => {
    setEdits((prev) => {
      const map = new Map(prev.run === review.run ? prev.map : []);
      map.set(reviewId(review), value);
      return { run: review.run, map };
    });
  }, []);
  const write = useCallback((change: (store: ReviewStore) => Promise<void>) => {
    setPending((n) => n + 1);
    void reviewStore()
      .then(change)
      .then(
        () => setFailed(null),
        (err: unknown) => setFailed(err instanceof Error ? err.message : String(err)),
      )
      .finally(() => setPending((n) => n - 1));
  }, []);
  const save = useCallback(
    (review: StoredReview) => {
      edit(review, review);
      write((s) => s.put(review));
    },
    [edit, write],
  );
  const remove = useCallback(
    (review: StoredReview) => {
      edit(review, null);
      write((s) => s.delete(reviewKey(review)));
    },
    [edit, write],
  );
  const byId = useMemo(() => {
    if (!loaded.value) return null;
    const map = new Map(loaded.value.map((r) => [reviewId(r), r]));
    if (edits.run === runId)
      for (const [id, r] of edits.map) {
        if (r) map.set(id, r);
        else map.delete(id);
      }
    return map;
  }, [loaded.value, edits, runId]);
  return { byId, error: loaded.error ?? failed, pending, save, remove };
}
