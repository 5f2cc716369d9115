"use client";
// The cost page's data with the local releases opened on this page appended (lib/queries/cost-local.ts):
// each local release's Table 2, resolution and failure rows are computed on DuckDB-WASM in its own schema by
// the build's cost SQL. Until they arrive (or when there are none) the published data is returned as is.
import { useEffect, useState, useSyncExternalStore } from "react";
import { localCostRows } from "@/lib/local/db";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local/store";
import { withLocalCost } from "@/lib/queries/cost-local";
import type { CostPageData } from "@/lib/queries/cost-model";

export interface LocalCost {
  data: CostPageData;
  /** Why the local rows could not be computed, if they could not. */
  error: string | null;
}

export function useLocalCost(releaseId: string, data: CostPageData): LocalCost {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  const [state, setState] = useState<{ entries: typeof entries; data: CostPageData; error: string | null } | null>(
    null,
  );
  useEffect(() => {
    if (entries.length === 0) return;
    let live = true;
    Promise.all(entries.map((e) => localCostRows(e.tables, data.baseline)))
      .then((rows) => live && setState({ entries, data: withLocalCost(data, rows), error: null }))
      .catch(
        (err: unknown) => live && setState({ entries, data, error: err instanceof Error ? err.message : String(err) }),
      );
    return () => {
      live = false;
    };
  }, [entries, data]);
  if (entries.length === 0 || state?.entries !== entries) return { data, error: null };
  return { data: state.data, error: state.error };
}
