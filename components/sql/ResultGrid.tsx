"use client";
// A query's result as a table that renders only the rows in view; a truncated cell keeps its mark apart from its
// text, and every value from the query is shown as text.
import { cellParts } from "@/lib/site/console-view";
import { visibleControls } from "@/lib/trajectory/text-safety";
import { rowWindow } from "@/lib/trajectory/windowing";
import { HeaderRow, Table } from "@/components/ui/Table";

const ROW = 28;
const VIEWPORT = 480;

/** The console's result, as lib/site/console-view reads it. */
type ConsoleResult = Parameters<typeof cellParts>[0];

export function ResultGrid({
  result,
  scrollTop,
  onScroll,
}: {
  result: ConsoleResult;
  scrollTop: number;
  onScroll: (scrollTop: number) => void;
}) {
  const rows = result.rows;
  const win = rowWindow(scrollTop, VIEWPORT, ROW, rows.length, 10);
  return (
    <div
      className="overflow-auto rounded border border-zinc-200 dark:border-zinc-800"
      style={{ maxHeight: VIEWPORT + ROW }}
      tabIndex={0}
      role="region"
      aria-label="query result (scrolls)"
      onScroll={(e) => onScroll(e.currentTarget.scrollTop)}
      data-testid="sql-result"
      data-rows={rows.length}
    >
      <Table className="text-xs" caption="Result of the query">
        <thead className="sticky top-0 bg-white dark:bg-zinc-950">
          <HeaderRow
            cellClassName="px-2 py-1 text-left font-semibold whitespace-nowrap"
            columns={result.columns.map((c) => ({ key: c.name, label: c.name, title: c.type }))}
          />
        </thead>
        <tbody>
          {win.start > 0 ? <tr aria-hidden="true" style={{ height: win.start * ROW }} /> : null}
          {rows.slice(win.start, win.end).map((r, i) => (
            <tr key={win.start + i} style={{ height: ROW }} className="border-t border-zinc-100 dark:border-zinc-900">
              {r.map((v, j) => {
                const { text, cut } = cellParts(result, win.start + i, j);
                return (
                  <td
                    key={j}
                    className="max-w-[28rem] truncate px-2 whitespace-nowrap tabular-nums"
                    title={typeof v === "string" ? visibleControls(v) : undefined}
                    data-cut={cut ?? undefined}
                  >
                    {cut ? (
                      <span
                        className="mr-1 rounded bg-amber-100 px-1 text-amber-900 dark:bg-amber-900 dark:text-amber-100"
                        data-testid="sql-cut"
                      >
                        truncated: {cut}
                      </span>
                    ) : null}
                    {text === null ? <span className="text-zinc-400">NULL</span> : visibleControls(text)}
                  </td>
                );
              })}
            </tr>
          ))}
          {win.end < rows.length ? <tr aria-hidden="true" style={{ height: (rows.length - win.end) * ROW }} /> : null}
        </tbody>
      </Table>
    </div>
  );
}
