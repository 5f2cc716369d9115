// The disagreeing tasks' filters (group and repository) with how many tasks pass, split by which side
// resolved them, and how many of their linked runs publish a trajectory.
import type { ComparePairRow } from "@/lib/queries/compare/sql";
import { OVERALL } from "@/lib/queries/leaderboard/sql";
import { groupLabel } from "@/lib/site/labels";
import { optionsOf, SelectField } from "@/components/ui/controls";

/** How many of the runs linked below publish a trajectory (the others are marked "no trajectory"). */
function TrajectoryCoverage({ runs, read }: { runs: ({ trajectory: string | null } | null)[]; read: boolean }) {
  if (!read)
    return (
      <span className="text-xs text-zinc-500" data-testid="disagreement-trajectories-reading">
        reading the linked runs…
      </span>
    );
  const present = runs.filter((r): r is { trajectory: string | null } => r !== null);
  const withTrajectory = present.filter((r) => r.trajectory !== null).length;
  return (
    <span
      className="text-xs text-zinc-500"
      data-testid="disagreement-trajectories"
      data-with={withTrajectory}
      data-runs={present.length}
    >
      {withTrajectory} of {present.length} linked runs publish a trajectory
    </span>
  );
}

export function DisagreementFilters({
  rows,
  linked,
  runsRead,
  groups,
  repos,
  group,
  repo,
  onFilter,
}: {
  /** The disagreeing tasks that pass the filters. */
  rows: ComparePairRow[];
  /** Their runs linked in the table, A's and B's of each task (null where there is none). */
  linked: ({ trajectory: string | null } | null)[];
  /** The pair's runs are in (until then nothing is linked). */
  runsRead: boolean;
  groups: string[];
  repos: string[];
  group: string;
  repo: string | null;
  onFilter: (patch: { group?: string; repo?: string | null }) => void;
}) {
  const select = "rounded border border-zinc-300 bg-white px-2 py-1 dark:border-zinc-700 dark:bg-zinc-900";
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <SelectField
        label="Group"
        className={select}
        data-testid="filter-group"
        value={group}
        onValue={(g) => onFilter({ group: g })}
        options={optionsOf([OVERALL, ...groups], (g) => (g === OVERALL ? "all groups" : groupLabel(g)))}
      />
      <SelectField
        label="Repository"
        className={select}
        data-testid="filter-repo"
        value={repo ?? ""}
        onValue={(r) => onFilter({ repo: r || null })}
        options={optionsOf(repos)}
      >
        <option value="">all repositories</option>
      </SelectField>
      <span className="text-xs text-zinc-500" data-testid="disagreement-count">
        {rows.length} task{rows.length === 1 ? "" : "s"}: {rows.filter((r) => r.outcome === "only_a").length} only A,{" "}
        {rows.filter((r) => r.outcome === "only_b").length} only B
      </span>
      <TrajectoryCoverage read={runsRead} runs={linked} />
    </div>
  );
}
