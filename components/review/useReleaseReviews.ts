"use client";
// Every review this browser holds for a release (lib/local/review-store.ts), newest first, with deletion.
import { useCallback, useMemo, useState } from "react";
import { useAsync } from "@/components/site/useAsync";
import { reviewKey, type StoredReview } from "@/lib/queries/review/verdicts";
import { reviewStore } from "@/lib/local";

const idOf = (r: StoredReview) => reviewKey(r).join("\u0000");

export function useReleaseReviews(releaseId: string) {
  const loaded = useAsync<StoredReview[], [string]>([releaseId], async ([release]) =>
    (await reviewStore()).forRelease(release),
  );
  const [deleted, setDeleted] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState<string | null>(null);
  const remove = useCallback((r: StoredReview) => {
    setDeleted((prev) => new Set(prev).add(idOf(r)));
    void reviewStore()
      .then((s) => s.delete(reviewKey(r)))
      .catch((err: unknown) => setFailed(err instanceof Error ? err.message : String(err)));
  }, []);
  const reviews = useMemo(
    () =>
      loaded.value
        ?.filter((r) => !deleted.has(idOf(r)))
        .sort((a, b) => b.at.localeCompare(a.at) || a.run.localeCompare(b.run)) ?? null,
    [loaded.value, deleted],
  );
  return { reviews, error: loaded.error ?? failed, remove };
}
