"use client";
// Mounted by pages whose next interaction needs a query: warms DuckDB-WASM when the page is idle (lib/site/warm-duckdb.ts).
import { useEffect } from "react";
import { warmDuckDbOnIdle, type WarmPage } from "@/lib/site/warm-duckdb";

export function WarmDuckDb({ releaseId, page }: { releaseId: string; page: WarmPage }) {
  useEffect(() => warmDuckDbOnIdle(releaseId, page), [releaseId, page]);
  return null;
}
