"use client";
// The leaderboard's actions: export the rows shown (in the order shown) as CSV or JSON, copy the permalink,
// open local results, and compare the two rows ticked.
import Link from "next/link";
import { useState } from "react";
import type { LeaderboardModel } from "@/lib/queries/leaderboard/model";
import { compareHref } from "@/lib/queries/compare/url";
import { cellOf, columnsFor, exportRecords, filterRows, sortValue, type ViewState } from "@/lib/site/leaderboard-view";
import { exportName, toCsv, toJson } from "@/lib/common/csv";
import { download } from "@/components/site/ExportButtons";
import { OpenLocalResults } from "@/components/local/OpenLocalResults";

export function LeaderboardActions({
  releaseId,
  staticModel,
  state,
  rows,
  columns,
  waiting,
  selected,
}: {
  releaseId: string;
  staticModel: LeaderboardModel;
  state: ViewState;
  /** The rows shown and their columns. */
  rows: ReturnType<typeof filterRows>;
  columns: ReturnType<typeof columnsFor>;
  /** A long release's rest is still loading: exports wait for every configuration. */
  waiting: boolean;
  /** The configurations ticked for comparison. */
  selected: string[];
}) {
  const [copied, setCopied] = useState(false);
  const shownRecords = () => {
    const order = state.sort ? sortedIds(rows, columns, state.sort) : rows.map((r) => r.config.config_id);
    const byId = new Map(rows.map((r) => [r.config.config_id, r]));
    return exportRecords(
      order.map((id) => byId.get(id)!),
      columns,
    );
  };
  const save = (format: "CSV" | "JSON") => {
    const name = exportName(releaseId, "leaderboard", subsetName(state));
    if (format === "CSV") download(`${name}.csv`, "text/csv", toCsv(shownRecords()));
    else download(`${name}.json`, "application/json", toJson(shownRecords()));
  };
  return (
    <span className="ml-auto flex gap-2">
      {(["CSV", "JSON"] as const).map((format) => (
        <button
          key={format}
          type="button"
          className="btn"
          disabled={waiting}
          title={waiting ? "Waiting for every configuration" : undefined}
          onClick={() => save(format)}
        >
          {`Export ${format}`}
        </button>
      ))}
      <button
        type="button"
        className="btn"
        onClick={() => {
          void navigator.clipboard?.writeText(window.location.href).then(
            () => setCopied(true),
            () => setCopied(false),
          );
          window.setTimeout(() => setCopied(false), 2500);
        }}
      >
        Copy permalink
      </button>
      <span
        role="status"
        className="self-center text-xs text-emerald-700 dark:text-emerald-400"
        data-testid="permalink-status"
      >
        {copied ? "Link copied" : ""}
      </span>
      <OpenLocalResults releaseId={releaseId} model={staticModel} />
      {selected.length === 2 ? (
        // A client-side link: local results (kept in the page's memory) are still there on the compare page.
        <Link
          className="btn"
          data-testid="compare-selected"
          prefetch={false}
          href={compareHref(releaseId, selected[0]!, selected[1]!)}
        >
          Compare selected
        </Link>
      ) : null}
    </span>
  );
}

function sortedIds(
  rows: ReturnType<typeof filterRows>,
  columns: ReturnType<typeof columnsFor>,
  sort: { id: string; desc: boolean },
): string[] {
  const col = columns.find((c) => c.id === sort.id);
  // The table's own sort key (useLeaderboardTable.ts), so the export's order is the order shown.
  const key = (r: (typeof rows)[number]) => (col ? sortValue(cellOf(r, col), col) : r.config.display_name);
  return [...rows]
    .sort((a, b) => {
      const x = key(a);
      const y = key(b);
      const c = x < y ? -1 : x > y ? 1 : 0;
      return sort.desc ? -c : c;
    })
    .map((r) => r.config.config_id);
}

/** The subset in export file names: the repositories, or how many tasks were listed. */
function subsetName(state: ViewState): string | null {
  const parts = [
    state.repos.length ? `repos-${[...state.repos].sort().join("+")}` : "",
    state.tasks.length ? `${state.tasks.length}-tasks` : "",
  ].filter(Boolean);
  return parts.length ? parts.join("-") : null;
}
