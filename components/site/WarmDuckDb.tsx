"use client";
// Mounted by pages whose next interaction needs a query: warms DuckDB-WASM when the page is idle (lib/source/warm.ts).
import { useEffect } from "react";
import { warmDuckDbOnIdle, type WarmPage, type WarmRehearsal } from "@/lib/source";
import { useReleaseSource } from "./ReleaseSource";

export function WarmDuckDb({ page, rehearsal }: { page: WarmPage; rehearsal?: WarmRehearsal }) {
  const source = useReleaseSource();
  // The rehearsal is a server component's prop: one object for the page's life.
  useEffect(() => warmDuckDbOnIdle(source, page, rehearsal), [source, page, rehearsal]);
  return null;
}
