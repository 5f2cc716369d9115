// The uncertainty behind a row's numbers, shown on expand so the table itself stays readable: each cell's interval
// and test, then the intervals clustered by repository and the repeat metrics (RowUncertainty).
import type { ColumnCell, ColumnKind } from "@/lib/site/leaderboard-columns";
import { fmt, fmtP, groupLabel } from "@/lib/site/labels";
import { cellOf } from "@/lib/site/leaderboard-view";
import dynamic from "next/dynamic";
import type { RowDetailProps } from "./useRowUncertainty";

// Loaded when a row is first expanded: the bootstraps and repeat metrics are not in the page's first-load JS.
const RowUncertainty = dynamic(() => import("./RowUncertainty").then((m) => m.RowUncertainty), { ssr: false });

/** A cell's value, interval and the rest its column kind says of it (lib/site/leaderboard-columns.ts `detail`). */
function CellText({ cell, kind }: { cell: ColumnCell; kind: ColumnKind }) {
  const { note, p } = kind.detail(cell);
  return (
    <>
      {kind.format(cell.value)}
      {kind.unit}{" "}
      <span className="text-zinc-500">
        [{fmt(cell.lo)}, {fmt(cell.hi)}]
      </span>{" "}
      <span className="text-zinc-500">
        {note}
        {p === undefined ? null : (
          <>
            {" "}
            <span data-stat="p">{fmtP(p)}</span>
          </>
        )}
      </span>
    </>
  );
}

export function CellDetail({ row, columns, study }: RowDetailProps) {
  const groups = [...new Set(columns.map((c) => c.group))];
  return (
    <div className="grid gap-3 text-xs sm:grid-cols-3">
      {groups.map((g) => (
        <dl key={g} data-detail-group={g}>
          <dt className="mb-1 font-semibold">{groupLabel(g)}</dt>
          {columns
            .filter((c) => c.group === g)
            .map((c) => {
              const cell = cellOf(row, c);
              return (
                <dd key={c.id} data-detail-col={c.id} className="mb-0.5">
                  <span className="inline-block w-14 text-zinc-600">{c.label}</span>
                  {cell ? <CellText cell={cell} kind={c.kind} /> : "unknown"}
                </dd>
              );
            })}
        </dl>
      ))}
      <p className="text-zinc-500 sm:col-span-3">
        Resolution: Wilson 95% interval. Gap: paired bootstrap 95% interval over focus tasks (10,000 resamples, fixed
        seed) and the exact McNemar p-value from the discordant tasks (Unint-only / Switch-only).
      </p>
      <RowUncertainty row={row} columns={columns} study={study} />
    </div>
  );
}
