"use client";
// One configuration's row of the leaderboard (its compare box, its name that expands it, its marked numbers) and,
// when expanded, the row of its cell detail below.
import type { Mark } from "@/lib/metrics/marks";
import type { LeaderboardRow } from "@/lib/queries/leaderboard/model";
import { fmt } from "@/lib/site/labels";
import { cellOf, rankCellText, rankDescription, type LeaderboardColumn } from "@/lib/site/leaderboard-view";
import { CellDetail } from "./CellDetail";
import type { LeaderboardStudy } from "./useRowUncertainty";
import { ProvenanceMarks } from "./ProvenanceMarks";
import { LocalBadge } from "@/components/local/LocalBadge";
import { RowHeader } from "@/components/ui/Table";

function markClass(mark: Mark | undefined): string {
  if (!mark) return "";
  return `${mark.best ? "font-bold" : ""} ${mark.worst ? "underline decoration-2 underline-offset-4" : ""}`.trim();
}

export function ConfigRow({
  row: r,
  index,
  marks,
  columns,
  study,
  firstOfGroup,
  open,
  selected,
  onSelect,
  onExpand,
}: {
  row: LeaderboardRow;
  /** The row's index in the rows as given (before sorting): where its marks are in each column of `marks`. */
  index: number;
  marks: Map<string, Mark[]>;
  columns: LeaderboardColumn[];
  /** The release's conditions and groups and the subset shown, for the expansion's own queries. */
  study: LeaderboardStudy;
  firstOfGroup: Set<string>;
  open: boolean;
  selected: boolean;
  onSelect: (configId: string) => void;
  onExpand: (configId: string | null) => void;
}) {
  const id = r.config.config_id;
  return (
    <>
      <tr
        data-config={id}
        className="border-b border-zinc-100 hover:bg-zinc-50 dark:border-zinc-900 dark:hover:bg-zinc-900/50"
      >
        <td className="px-2">
          <input
            type="checkbox"
            aria-label={`select ${r.config.display_name} to compare`}
            checked={selected}
            onChange={() => onSelect(id)}
          />
        </td>
        <ConfigName row={r} open={open} onExpand={onExpand} />
        {columns.map((col) => {
          const cell = cellOf(r, col);
          const mark = marks.get(col.id)?.[index];
          return (
            <td
              key={col.id}
              data-col={col.id}
              className={`px-2 py-1.5 text-right ${markClass(mark)} ${col.kind.shaded ? "bg-zinc-50/60 dark:bg-zinc-900/40" : ""} ${firstOfGroup.has(col.id) ? "border-l border-zinc-200 dark:border-zinc-800" : ""}`}
              title={cell ? `95% CI ${fmt(cell.lo)} – ${fmt(cell.hi)}` : "unknown"}
            >
              {col.kind.format(cell?.value)}
              {cell?.rank ? (
                // Drawn by CSS from the attribute: the cell's text stays its number (copied, exported, read by
                // the tests as the number), while the rank is shown, printed and read out by screen readers.
                <span
                  className="block text-[0.7rem] leading-tight font-normal text-zinc-500 no-underline before:content-[attr(data-rank-text)] dark:text-zinc-400"
                  data-testid="rank"
                  title={rankDescription(cell.rank, col.kind)}
                  data-rank-text={rankCellText(cell.rank)}
                  data-rank={cell.rank.rank}
                  data-rank-lo={cell.rank.lo ?? undefined}
                  data-rank-hi={cell.rank.hi ?? undefined}
                  data-tie={cell.rank.tieGroup}
                />
              ) : null}
            </td>
          );
        })}
      </tr>
      {open ? (
        <tr data-detail={id}>
          <td colSpan={2 + columns.length} className="bg-zinc-50 px-4 py-3 dark:bg-zinc-900">
            <CellDetail row={r} columns={columns} study={study} />
          </td>
        </tr>
      ) : null}
    </>
  );
}

/** The configuration's name (a button that expands the row), its local mark, variant line and provenance. */
function ConfigName({
  row: r,
  open,
  onExpand,
}: {
  row: LeaderboardRow;
  open: boolean;
  onExpand: (configId: string | null) => void;
}) {
  const id = r.config.config_id;
  return (
    <RowHeader className="px-2 py-1.5 text-left font-normal">
      <button
        type="button"
        aria-expanded={open}
        className="text-left hover:underline"
        onClick={() => onExpand(open ? null : id)}
      >
        {/* Drawn, not a ▸ glyph: few primary fonts hold U+25B8, and the browser's first font-fallback
            search would be part of the leaderboard's first layout (docs/architecture.md, "First view first"). */}
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
  );
}
