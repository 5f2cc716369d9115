// The frame of the cost page's tables: what each one reads, and its section (a heading naming the locality
// group shown, then the export of its table).
import type { ReactNode } from "react";
import type { CostPageData } from "@/lib/queries/cost/model";
import type { CostViewState } from "@/lib/queries/cost/view";
import { groupLabel } from "@/lib/site/labels";
import { TableExport } from "@/components/site/TableExport";

/** What every cost table reads besides its own inputs. */
export interface CostPanelProps {
  releaseId: string;
  /** Published rows plus the local releases' rows. */
  shown: CostPageData;
  state: CostViewState;
  /** The rows record cost in USD. */
  withCost: boolean;
  exportSubset: string;
}

export function CostSection({
  id,
  title,
  view,
  what,
  panel: { releaseId, state, exportSubset },
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  /** The export's view name and what it holds. */
  view: string;
  what: string;
  panel: CostPanelProps;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="space-y-2" data-export-scope>
      <h2 id={id} className="text-base font-semibold">
        {title} ({groupLabel(state.grp)})
      </h2>
      <TableExport releaseId={releaseId} view={view} subset={exportSubset} what={what} />
      {children}
    </section>
  );
}
