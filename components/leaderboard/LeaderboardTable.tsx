"use client";
// The leaderboard table: TanStack Table owns sorting; this file owns markup. Numbers arrive computed
// (lib/queries) and marked (lib/site/leaderboard-view); nothing here derives a number.
import { Fragment, useEffect, useMemo, useRef, useState } from "react";
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
import type { Mark } from "@/lib/metrics/marks";
import type { LeaderboardRow } from "@/lib/queries/leaderboard/model";
import { fmt } from "@/lib/site/labels";
import { cellOf, groupHeader, type LeaderboardColumn } from "@/lib/site/leaderboard-view";
import { glossaryFor } from "@/lib/site/glossary";
import { rowWindow, WINDOW_FROM, type RowWindow } from "@/lib/site/row-window";
import { Term } from "@/components/site/Term";
import { CellDetail } from "./CellDetail";
import { ProvenanceMarks } from "./ProvenanceMarks";
import { LocalBadge } from "@/components/local/LocalBadge";
import { RowHeader, Table, Th } from "@/components/ui/Table";
import { SortHeader, tanstackSort } from "@/components/ui/SortHeader";

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { basic: sortFn_basic, text: sortFn_text },
});
const helper = createColumnHelper<typeof features, LeaderboardRow>();
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- columns of mixed value types
type Def = ColumnDef<typeof features, LeaderboardRow, any>;

export interface LeaderboardTableProps {
  rows: LeaderboardRow[];
  columns: LeaderboardColumn[];
  marks: Map<string, Mark[]>;
  sort: { id: string; desc: boolean } | null;
  onSort: (sort: { id: string; desc: boolean } | null) => void;
  expanded: string | null;
  onExpand: (configId: string | null) => void;
  selected: string[];
  onSelect: (configId: string) => void;
}

function markClass(mark: Mark | undefined): string {
  if (!mark) return "";
  return `${mark.best ? "font-bold" : ""} ${mark.worst ? "underline decoration-2 underline-offset-4" : ""}`.trim();
}

export function LeaderboardTable(props: LeaderboardTableProps) {
  const { rows, columns, marks } = props;
  const rowIndex = useMemo(() => new Map(rows.map((r, i) => [r.config.config_id, i])), [rows]);

  const defs = useMemo(
    (): Def[] => [
      helper.accessor((r) => r.config.display_name, { id: "config", header: "Configuration", sortFn: "text" }) as Def,
      ...groupsOf(columns).map(([group, cols]) =>
        helper.group({
          id: `g-${group}`,
          header: groupHeader(group),
          columns: cols.map(
            (col) =>
              helper.accessor((r) => cellOf(r, col)?.value ?? Number.NEGATIVE_INFINITY, {
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

  const sorting: SortingState = props.sort ? [props.sort] : [];
  const table = useTable(
    {
      features,
      columns: defs,
      data: rows,
      getRowId: (r) => r.config.config_id,
      state: { sorting },
      onSortingChange: (updater) => {
        const next = typeof updater === "function" ? updater(sorting) : updater;
        props.onSort(next[0] ?? null);
      },
    },
    (state) => state,
  );

  // A long table (≥ WINDOW_FROM rows, a scaled release) renders the rows on screen only (lib/site/row-window.ts).
  const all = table.getRowModel().rows;
  const body = useRef<HTMLTableSectionElement>(null);
  const [win, setWin] = useState<RowWindow>(() => rowWindow(all.length, null, 0, 45));
  useEffect(() => {
    const measure = () => {
      const b = body.current;
      if (!b) return;
      const rowHeight = b.querySelector("tr[data-config]")?.getBoundingClientRect().height ?? 45;
      const next = rowWindow(all.length, b.getBoundingClientRect().top, window.innerHeight, rowHeight);
      setWin((w) =>
        w.start === next.start && w.end === next.end && w.before === next.before && w.after === next.after ? w : next,
      );
    };
    measure();
    if (all.length <= WINDOW_FROM) return;
    window.addEventListener("scroll", measure, { passive: true });
    window.addEventListener("resize", measure);
    return () => {
      window.removeEventListener("scroll", measure);
      window.removeEventListener("resize", measure);
    };
  }, [all.length]);
  const colCount = 2 + columns.length;
  const firstOfGroup = new Set(groupsOf(columns).map(([, cols]) => cols[0]!.id));
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
                const term = h.isPlaceholder ? undefined : glossaryFor(label.replace(/^Gap .*/, "Gap"));
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
          {all.slice(win.start, win.end).map((row) => {
            const r = row.original;
            const id = r.config.config_id;
            const i = rowIndex.get(id) ?? -1;
            const open = props.expanded === id;
            return (
              <Fragment key={id}>
                <tr
                  data-config={id}
                  className="border-b border-zinc-100 hover:bg-zinc-50 dark:border-zinc-900 dark:hover:bg-zinc-900/50"
                >
                  <td className="px-2">
                    <input
                      type="checkbox"
                      aria-label={`select ${r.config.display_name} to compare`}
                      checked={props.selected.includes(id)}
                      onChange={() => props.onSelect(id)}
                    />
                  </td>
                  <RowHeader className="px-2 py-1.5 text-left font-normal">
                    <button
                      type="button"
                      aria-expanded={open}
                      className="text-left hover:underline"
                      onClick={() => props.onExpand(open ? null : id)}
                    >
                      {/* Drawn, not a ▸ glyph: few primary fonts hold U+25B8, and the browser's first font-fallback
                          search cost the leaderboard's first layout ~7 ms cold (docs/architecture.md, "First view first"). */}
                      <span aria-hidden="true" className="mr-1 inline-block w-3 text-zinc-400">
                        <span
                          className={`mb-0.5 inline-block size-1.5 border-r border-b border-current ${open ? "rotate-45" : "-rotate-45"}`}
                        />
                      </span>
                      {r.config.display_name}
                    </button>
                    <LocalBadge show={r.config.is_local} />
                    <div className="pl-4 text-xs text-zinc-500">
                      {[
                        r.config.variant !== "native" ? r.config.variant : null,
                        r.config.reasoning ? `reasoning ${r.config.reasoning}` : null,
                        r.config.harness_version ? `v${r.config.harness_version}` : null,
                      ]
                        .filter(Boolean)
                        .join(" · ")}
                    </div>
                    <ProvenanceMarks config={r.config} />
                  </RowHeader>
                  {columns.map((col) => {
                    const cell = cellOf(r, col);
                    const mark = marks.get(col.id)?.[i];
                    return (
                      <td
                        key={col.id}
                        data-col={col.id}
                        className={`px-2 py-1.5 text-right ${markClass(mark)} ${col.kind === "gap" ? "bg-zinc-50/60 dark:bg-zinc-900/40" : ""} ${firstOfGroup.has(col.id) ? "border-l border-zinc-200 dark:border-zinc-800" : ""}`}
                        title={cell ? `95% CI ${fmt(cell.lo)} – ${fmt(cell.hi)}` : "unknown"}
                      >
                        {fmt(cell?.value)}
                      </td>
                    );
                  })}
                </tr>
                {open ? (
                  <tr data-detail={id}>
                    <td colSpan={colCount} className="bg-zinc-50 px-4 py-3 dark:bg-zinc-900">
                      <CellDetail row={r} columns={columns} />
                    </td>
                  </tr>
                ) : null}
              </Fragment>
            );
          })}
          {win.after > 0 ? <tr aria-hidden="true" style={{ height: win.after }} /> : null}
        </tbody>
      </Table>
    </div>
  );
}

function groupsOf(columns: LeaderboardColumn[]): [string, LeaderboardColumn[]][] {
  const out = new Map<string, LeaderboardColumn[]>();
  for (const c of columns) out.set(c.group, [...(out.get(c.group) ?? []), c]);
  return [...out];
}
