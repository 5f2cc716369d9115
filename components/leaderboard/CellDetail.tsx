// The uncertainty behind a row's numbers, shown on expand so the table itself stays readable: each cell's interval
// and test, then the intervals clustered by repository and the repeat metrics (RowUncertainty).
import type { GapCell, LeaderboardRow, RateCell } from "@/lib/queries/leaderboard/model";
import { fmt, fmtP } from "@/lib/site/labels";
import { cellOf, groupHeader, type LeaderboardColumn } from "@/lib/site/leaderboard-view";
import dynamic from "next/dynamic";
import type { LeaderboardStudy } from "./useRowUncertainty";

// Loaded when a row is first expanded: the bootstraps and repeat metrics are not in the page's first-load JS.
const RowUncertainty = dynamic(() => import("./RowUncertainty").then((m) => m.RowUncertainty), { ssr: false });

function RateText({ cell }: { cell: RateCell }) {
  return (
    <>
      {fmt(cell.value)}%{" "}
      <span className="text-zinc-500">
        [{fmt(cell.lo)}, {fmt(cell.hi)}]
      </span>{" "}
      <span className="text-zinc-500">
        {fmt(cell.resolved, cell.repeats > 1 ? 2 : 0)}/{cell.n}
        {cell.repeats > 1 ? ` · ${cell.repeats} repeats, min–max ${fmt(cell.repMin)}–${fmt(cell.repMax)}` : ""}
        {cell.missingRuns > 0
          ? ` · ${cell.missingRuns} missing run${cell.missingRuns > 1 ? "s" : ""} counted unresolved`
          : ""}
      </span>
    </>
  );
}

function GapText({ cell }: { cell: GapCell }) {
  return (
    <>
      {fmt(cell.value)} pp{" "}
      <span className="text-zinc-500">
        [{fmt(cell.lo)}, {fmt(cell.hi)}]
      </span>{" "}
      <span className="text-zinc-500">
        discordant {fmt(cell.baselineOnly, 0)} / {fmt(cell.conditionOnly, 0)} · McNemar p ={" "}
        <span data-stat="p">{fmtP(cell.p)}</span>
      </span>
    </>
  );
}

export function CellDetail({
  row,
  columns,
  study,
}: {
  row: LeaderboardRow;
  columns: LeaderboardColumn[];
  study: LeaderboardStudy;
}) {
  const groups = [...new Set(columns.map((c) => c.group))];
  return (
    <div className="grid gap-3 text-xs sm:grid-cols-3">
      {groups.map((g) => (
        <dl key={g} data-detail-group={g}>
          <dt className="mb-1 font-semibold">{groupHeader(g)}</dt>
          {columns
            .filter((c) => c.group === g)
            .map((c) => {
              const cell = cellOf(row, c);
              return (
                <dd key={c.id} data-detail-col={c.id} className="mb-0.5">
                  <span className="inline-block w-14 text-zinc-600">{c.label}</span>
                  {!cell ? "unknown" : "p" in cell ? <GapText cell={cell} /> : <RateText cell={cell} />}
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
