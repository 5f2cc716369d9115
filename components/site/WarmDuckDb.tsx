"use client";
// Mounted by pages whose next interaction needs a query: warms DuckDB-WASM when the page is idle (lib/source/warm.ts)
// as the page's declaration says (lib/queries/<feature>/page.ts, its `warm`).
import { useEffect } from "react";
import { warmDuckDbOnIdle } from "@/lib/source";
import { useReleaseSource } from "./ReleaseSource";

/** `page`: the declared page's name; `rehearsal`: what its `warm.rehearse` runs once on the warmed engine. */
export function WarmDuckDb({ page, rehearsal }: { page: string; rehearsal?: unknown }) {
  const source = useReleaseSource();
  // The rehearsal is a server component's prop: one object for the page's life.
  useEffect(() => warmDuckDbOnIdle(source, page, rehearsal), [source, page, rehearsal]);
  return null;
}
