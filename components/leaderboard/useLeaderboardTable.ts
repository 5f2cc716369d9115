"use client";
// The leaderboard's TanStack table: one column per leaderboard column under its group's header, sorted by the
// view's sort (held in the URL by the view, not by the table).
import { useMemo } from "react";
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_basic,
  sortFn_text,
  tableFeatures,
  useTable,
  type ColumnDef,
  type SortingState,
} from "@tanstack/react-table";
import type { LeaderboardRow } from "@/lib/queries/leaderboard/model";
import { groupLabel } from "@/lib/site/labels";
import { cellOf, sortValue, type LeaderboardColumn } from "@/lib/site/leaderboard-view";

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
});
const helper = createColumnHelper<typeof features, LeaderboardRow>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
type Def = ColumnDef<typeof features, LeaderboardRow, any>;

type LeaderboardSort = { id: string; desc: boolean } | null;

/** The columns grouped by their group, in the order the groups first appear. */
export function groupsOf(columns: LeaderboardColumn[]): [string, LeaderboardColumn[]][] {
  const out = new Map<string, LeaderboardColumn[]>();
  for (const c of columns) out.set(c.group, [...(out.get(c.group) ?? []), c]);
  return [...out];
}

export function useLeaderboardTable(
  rows: LeaderboardRow[],
  columns: LeaderboardColumn[],
  sort: LeaderboardSort,
  onSort: (sort: LeaderboardSort) => void,
) {
  const defs = useMemo(
    (): Def[] => [
      helper.accessor((r) => r.config.display_name, { id: "config", header: "Configuration", sortFn: "text" }) as Def,
      ...groupsOf(columns).map(([group, cols]) =>
        helper.group({
          id: `g-${group}`,
          header: groupLabel(group),
          columns: cols.map(
            (col) =>
              helper.accessor((r) => sortValue(cellOf(r, col), col), {
                id: col.id,
                header: col.label,
                sortFn: "basic",
                sortDescFirst: true,
              }) as Def,
          ),
        }),
      ),
    ],
    [columns],
  );

  const sorting: SortingState = sort ? [sort] : [];
  return useTable(
    {
      features,
      columns: defs,
      data: rows,
      getRowId: (r) => r.config.config_id,
      state: { sorting },
      onSortingChange: (updater) => {
        const next = typeof updater === "function" ? updater(sorting) : updater;
        onSort(next[0] ?? null);
      },
    },
    (state) => state,
  );
}
