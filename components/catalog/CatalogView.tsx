"use client";
// The task catalog: every focus task, searchable and filterable, with how each configuration did in each
// condition. The list and scores come computed from the build; filters live in the URL (read after
// hydration, so the static HTML lists every task).
import { useCallback, useMemo } from "react";
import { useUrlState } from "@/components/site/useUrlState";
import type { CatalogModel } from "@/lib/queries/catalog/model";
import {
  EMPTY_CATALOG_STATE,
  filterCatalog,
  parseCatalogState,
  serializeCatalogState,
  type CatalogState,
} from "@/lib/queries/catalog/url";
import { TableExport } from "@/components/site/TableExport";
import { CatalogFilters } from "./CatalogFilters";
import { CatalogTable } from "./CatalogTable";

export function CatalogView({ releaseId, model }: { releaseId: string; model: CatalogModel }) {
  // Back and Forward walk the filters (each a history entry; a search typed is one entry).
  const [state, setUrlState] = useUrlState<CatalogState>(
    EMPTY_CATALOG_STATE,
    {
      parse: (search) => parseCatalogState(search, model),
      serialize: serializeCatalogState,
    },
    model,
  );
  const update = useCallback(
    (patch: Partial<CatalogState>, push = true) => setUrlState(patch, push ? "push" : "typing"),
    [setUrlState],
  );

  const rows = useMemo(() => filterCatalog(model, state), [model, state]);
  const configIndex = state.config ? model.configs.findIndex((c) => c.config_id === state.config) : -1;

  return (
    <section aria-label="task catalog" className="space-y-3">
      <CatalogFilters releaseId={releaseId} model={model} state={state} rows={rows} update={update} />
      <div className="overflow-x-auto" data-export-scope>
        <TableExport
          releaseId={releaseId}
          view="catalog"
          subset={serializeCatalogState(state).slice(1) || null}
          what="task catalog"
        />
        <CatalogTable releaseId={releaseId} model={model} rows={rows} configIndex={configIndex} />
      </div>
    </section>
  );
}
