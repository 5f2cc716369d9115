"use client";
// Mounted by pages whose next interaction needs a query: warms DuckDB-WASM when the page is idle (lib/site/warm-duckdb.ts).
import { useEffect } from "react";
import { warmDuckDbOnIdle, type WarmPage } from "@/lib/site/warm-duckdb";
import { useReleaseSource } from "./ReleaseSource";

export function WarmDuckDb({ page }: { page: WarmPage }) {
  const source = useReleaseSource();
  useEffect(() => warmDuckDbOnIdle(source, page), [source, page]);
  return null;
}
