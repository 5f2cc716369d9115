"use client";
// The cost page's data with the local releases opened on this page appended (lib/queries/cost/local.ts):
// each local release's Table 2, resolution and failure rows are computed on DuckDB-WASM in its own schema by
// the build's cost SQL (localCostRowsQuery). Until they arrive (or when there are none) the published
// data is returned as is.
import { useSyncExternalStore } from "react";
import { emptyEntries, localEntries, subscribeLocal } from "@/lib/local";
import { localCostRowsQuery, withLocalCost } from "@/lib/queries/cost/local";
import type { CostPageData } from "@/lib/queries/cost/model";
import { valueOnEach } from "@/lib/source";
import { useAsync } from "@/components/site/useAsync";

export interface LocalCost {
  data: CostPageData;
  /** Why the local rows could not be computed, if they could not. */
  error: string | null;
}

export function useLocalCost(releaseId: string, data: CostPageData): LocalCost {
  const entries = useSyncExternalStore(subscribeLocal, () => localEntries(releaseId), emptyEntries);
  // The published data is the release's own (one per page): the local releases and the baseline name the call.
  const local = useAsync<CostPageData, [number[], string]>(
    entries.length === 0 ? null : [entries.map((e) => e.key), data.baseline],
    async ([, baseline]) =>
      withLocalCost(
        data,
        await valueOnEach(
          entries.map((e) => e.tables),
          localCostRowsQuery,
          baseline,
        ),
      ),
  );
  return { data: local.value ?? data, error: local.error };
}
