"use client";
// The matching steps of the search shown, as the list's rows: a row per run before its steps, the rows in view,
// and the next pages fetched as the list nears the end of those already in.
import { useEffect, useMemo, useRef, useState } from "react";
import type { HitKey, StepHitRow } from "@/lib/queries/search/sql";
import { rowWindow } from "@/lib/trajectory/windowing";

export const HIT_ROW = 64;
export const HITS_VIEWPORT = 560;

const NO_HITS: StepHitRow[] = [];

/** Rows before the end of the fetched hits at which the list asks for the next page. */
const PREFETCH_ROWS = 40;

type HitItem = { kind: "run"; hit: StepHitRow; steps: number } | { kind: "step"; hit: StepHitRow };

function items(hits: StepHitRow[]): HitItem[] {
  const out: HitItem[] = [];
  let prev: string | null = null;
  for (const h of hits) {
    // The run's count is of all its hits, also those on pages not fetched yet.
    if (h.run_id !== prev) out.push({ kind: "run", hit: h, steps: h.run_steps });
    out.push({ kind: "step", hit: h });
    prev = h.run_id;
  }
  return out;
}

/** A search's answer as the list reads it: its first page, how many steps match, and whether it is a first answer. */
interface Searched {
  hits: StepHitRow[];
  steps: number;
  partial: unknown;
}

/** `fetchPage` gives the hits after a key (null while there is nothing to search). */
export function useSearchHits<R extends Searched>(
  result: R | null,
  scrollTop: number,
  fetchPage: ((after: HitKey) => Promise<StepHitRow[]>) | null,
) {
  // The pages fetched after the first, for the result shown (a new result starts again from its first page).
  const [more, setMore] = useState<{ of: R | null; hits: StepHitRow[]; error: string | null }>({
    of: null,
    hits: [],
    error: null,
  });
  const fetching = useRef<R | null>(null);
  const shown = useRef<R | null>(null);
  shown.current = result;
  const extra = more.of === result ? more.hits : NO_HITS;
  const hits = useMemo(() => (result ? [...result.hits, ...extra] : NO_HITS), [result, extra]);
  const complete = !result || hits.length >= result.steps;
  const list = useMemo(() => items(hits), [hits]);
  const win = rowWindow(scrollTop, HITS_VIEWPORT, HIT_ROW, list.length, 6);
  // A first answer (the first shard's) gets no further pages: the exact answer replaces it.
  const wantMore = Boolean(
    result && !result.partial && !complete && !more.error && win.end + PREFETCH_ROWS >= list.length,
  );
  useEffect(() => {
    if (!wantMore || !result || !fetchPage || fetching.current === result) return;
    const last = hits[hits.length - 1]!;
    fetching.current = result;
    const done = (next: (m: typeof more) => typeof more) => {
      if (fetching.current === result) fetching.current = null;
      // A page that arrives after another search replaced this one is dropped.
      if (shown.current === result) setMore(next);
    };
    fetchPage({ run: last.run, step: last.step }).then(
      (page) => done((m) => ({ of: result, hits: [...(m.of === result ? m.hits : []), ...page], error: null })),
      (e: unknown) => done((m) => ({ ...m, error: e instanceof Error ? e.message : String(e) })),
    );
  }, [wantMore, result, hits, fetchPage]);
  return { hits, list, win, complete, moreError: more.of === result ? more.error : null };
}

export type SearchHitsPage = ReturnType<typeof useSearchHits>;
