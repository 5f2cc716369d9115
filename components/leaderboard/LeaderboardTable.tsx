"use client";
// The leaderboard table: TanStack Table owns sorting; this file owns markup. Numbers arrive computed
// (lib/queries) and marked (lib/site/leaderboard-view); nothing here derives a number.
import { useMemo } from "react";
import type { Mark } from "@/lib/metrics/marks";
import type { LeaderboardRow } from "@/lib/queries/leaderboard/model";
import type { LeaderboardColumn } from "@/lib/site/leaderboard-view";
import { glossaryFor } from "@/lib/site/glossary";
import { Term } from "@/components/site/Term";
import { ConfigRow } from "./ConfigRow";
import type { LeaderboardStudy } from "./useRowUncertainty";
import { groupsOf, useLeaderboardTable } from "./useLeaderboardTable";
import { useRowWindow } from "./useRowWindow";
import { Table, Th } from "@/components/ui/Table";
import { SortHeader, tanstackSort } from "@/components/ui/SortHeader";

export interface LeaderboardTableProps {
  rows: LeaderboardRow[];
  columns: LeaderboardColumn[];
  /** The model's conditions, groups and subset (what the expanded row computes its intervals over). */
  study: LeaderboardStudy;
  marks: Map<string, Mark[]>;
  sort: { id: string; desc: boolean } | null;
  onSort: (sort: { id: string; desc: boolean } | null) => void;
  expanded: string | null;
  onExpand: (configId: string | null) => void;
  selected: string[];
  onSelect: (configId: string) => void;
}

export function LeaderboardTable(props: LeaderboardTableProps) {
  const { rows, columns, marks } = props;
  const rowIndex = useMemo(() => new Map(rows.map((r, i) => [r.config.config_id, i])), [rows]);
  const table = useLeaderboardTable(rows, columns, props.sort, props.onSort);
  const all = table.getRowModel().rows;
  const { body, win } = useRowWindow(all.length);
  const firstOfGroup = new Set(groupsOf(columns).map(([, cols]) => cols[0]!.id));
  const byId = new Map(columns.map((c) => [c.id, c]));
  return (
    <div className="overflow-x-auto rounded border border-zinc-200 dark:border-zinc-800">
      <Table
        className="w-full border-collapse text-sm tabular-nums"
        data-testid="leaderboard"
        caption="Focus-task resolution (%) per configuration and condition, and the gap (points), per locality group"
      >
        <thead className="bg-zinc-50 dark:bg-zinc-900">
          {table.getHeaderGroups().map((hg) => (
            <tr key={hg.id}>
              {hg.depth === 0 ? (
                <td className="w-8" />
              ) : (
                <Th className="w-8">
                  <span className="sr-only">Compare</span>
                </Th>
              )}
              {hg.headers.map((h) => {
                const sortable = h.column.getCanSort() && h.subHeaders.length === 0 && !h.isPlaceholder;
                const label = typeof h.column.columnDef.header === "string" ? h.column.columnDef.header : "";
                const col = byId.get(h.column.id);
                const term = h.isPlaceholder ? undefined : glossaryFor(col ? col.kind.term(col.condition) : label);
                const th = {
                  colSpan: h.colSpan,
                  "data-col": h.column.id,
                  className: `border-b border-zinc-200 px-2 py-1.5 dark:border-zinc-800 ${h.column.id === "config" ? "text-left" : h.subHeaders.length ? "border-l text-center" : "text-right"} ${firstOfGroup.has(h.column.id) ? "border-l" : ""}`,
                };
                const glossary = term ? <Term term={term} label={label} /> : null;
                return sortable ? (
                  <SortHeader
                    key={h.id}
                    {...th}
                    {...tanstackSort(h.column)}
                    label={<table.FlexRender header={h} />}
                    after={glossary}
                  />
                ) : (
                  <Th key={h.id} {...th}>
                    {h.isPlaceholder ? null : <table.FlexRender header={h} />}
                    {glossary}
                  </Th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody ref={body} data-rows={all.length} data-rendered={Math.min(all.length, win.end) - win.start}>
          {win.before > 0 ? <tr aria-hidden="true" style={{ height: win.before }} /> : null}
          {all.slice(win.start, win.end).map(({ original: r }) => (
            <ConfigRow
              key={r.config.config_id}
              row={r}
              index={rowIndex.get(r.config.config_id) ?? -1}
              marks={marks}
              columns={columns}
              study={props.study}
              firstOfGroup={firstOfGroup}
              open={props.expanded === r.config.config_id}
              selected={props.selected.includes(r.config.config_id)}
              onSelect={props.onSelect}
              onExpand={props.onExpand}
            />
          ))}
          {win.after > 0 ? <tr aria-hidden="true" style={{ height: win.after }} /> : null}
        </tbody>
      </Table>
    </div>
  );
}
