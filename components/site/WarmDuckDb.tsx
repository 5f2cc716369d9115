"use client";
// Mounted by the pages whose next interaction needs a query (WarmLeaderboard, WarmCompare, WarmCost): warms
// DuckDB-WASM when the page is idle (lib/source/warm.ts) as the page declares it (lib/queries/<feature>/warm.ts).
import { useEffect } from "react";
import type { PageWarm } from "@/lib/queries/page";
import { warmDuckDbOnIdle } from "@/lib/source";
import { useReleaseSource } from "./ReleaseSource";

/** `rehearsal`: what `warm.rehearse` runs once on the warmed engine, a server component's prop. */
export function WarmDuckDb<W>({ warm, rehearsal }: { warm: PageWarm<W>; rehearsal?: W }) {
  const source = useReleaseSource();
  // The rehearsal is a server component's prop: one object for the page's life.
  useEffect(() => warmDuckDbOnIdle(source, warm, rehearsal), [source, warm, rehearsal]);
  return null;
}
