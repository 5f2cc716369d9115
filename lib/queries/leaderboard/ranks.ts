// Rank intervals and tie groups of the leaderboard's cells (docs/benchmark.md, "Ranks and ties"): per group
// (overall, near, far) and per column (each condition's resolution, each gap), every configuration's point rank,
// its 95% rank interval from one paired bootstrap over the focus tasks, and its tie group by exact McNemar tests
// against the best with Holm's correction (lib/metrics/rank-intervals.ts). The task scores come from the
// leaderboard's own SQL (taskScoresQuery); a configuration without a cell in a column is not ranked in it.
// The bootstrap resamples tasks, not tasks within repositories: with one or two tasks per repository (small
// releases, a repository subset) a stratified draw barely moves and its variance shrinks by (n − H)/n.
import { rankIntervals, tieGroups } from "../../metrics/rank-intervals";
import { MIN_RANK_INTERVAL_TASKS } from "./rank-rules";
import { OVERALL, type TaskScoreRow } from "./sql";

export interface CellRank {
  /** Competition rank of the cell's value among the ranked configurations (1 = best; equal values share it). */
  rank: number;
  /** 95% bootstrap rank interval, the better end first ("1–3"); null below MIN_RANK_INTERVAL_TASKS tasks. */
  lo: number | null;
  hi: number | null;
  /** Focus tasks the column is ranked over. */
  tasks: number;
  /** 1 = not distinguished from the best (an exact paired test after Holm; not "equal"), 2 = the next group, … */
  tieGroup: number;
  /** Order that keeps tie groups together: by group, then value (best first). */
  sortKey: number;
  /** Configurations ranked in this column. */
  of: number;
}

/** A model cell as ranking sees it (model.ts's rate and gap cells): only its rank is written. */
interface RankedCell {
  rank?: CellRank;
}

/** What ranking reads of the leaderboard model (model.ts imports this file, so its types are not imported here). */
interface RankedModel {
  groups: string[];
  conditions: string[];
  baseline: string;
  rows: {
    config: { config_id: string };
    rates: Record<string, Record<string, RankedCell>>;
    gaps: Record<string, Record<string, RankedCell>>;
  }[];
}

/** One column of the model: its cells by configuration, how a task's value is read, and its direction. */
interface RankColumn {
  cells: (RankedCell | undefined)[];
  value: (config: string, task: string) => number;
  higherIsBetter: boolean;
}

/** Every column of every group, as functions over the task scores (score by config → condition → task). */
function columnsOf(model: RankedModel, scores: readonly TaskScoreRow[]): { grp: string; col: RankColumn }[] {
  const score = new Map<string, number>();
  for (const s of scores) score.set(`${s.config_id}\u0000${s.condition}\u0000${s.task_id}`, s.score);
  // A run the release lacks counts as unresolved, as in the rate shown (fixed denominators, lib/queries/derive.ts).
  const at = (config: string, condition: string, task: string) =>
    score.get(`${config}\u0000${condition}\u0000${task}`) ?? 0;
  const others = model.conditions.filter((c) => c !== model.baseline);
  return model.groups.flatMap((grp) => [
    ...model.conditions.map((condition) => ({
      grp,
      col: {
        cells: model.rows.map((r) => r.rates[grp]?.[condition]),
        value: (config: string, task: string) => at(config, condition, task),
        higherIsBetter: true,
      },
    })),
    ...others.map((condition) => ({
      grp,
      col: {
        cells: model.rows.map((r) => r.gaps[grp]?.[condition]),
        value: (config: string, task: string) => at(config, model.baseline, task) - at(config, condition, task),
        higherIsBetter: false,
      },
    })),
  ]);
}

/** The group's focus tasks (every task for overall), in a fixed order. */
function tasksOf(grp: string, scores: readonly TaskScoreRow[]): { ids: string[] } {
  const ids = new Set<string>();
  for (const s of scores) if (grp === OVERALL || s.grp === grp) ids.add(s.task_id);
  return { ids: [...ids].sort() };
}

/** Ranks one column's cells in place; configurations without a cell stay unranked. */
function rankColumn(model: RankedModel, col: RankColumn, tasks: { ids: string[] }): void {
  const ranked = model.rows.map((r, i) => ({ config: r.config.config_id, cell: col.cells[i] })).filter((x) => x.cell);
  if (ranked.length === 0 || tasks.ids.length === 0) return;
  const matrix = ranked.map(({ config }) => Float64Array.from(tasks.ids, (t) => col.value(config, t)));
  const n = tasks.ids.length;
  const intervals = rankIntervals(matrix, new Array<number>(n).fill(0), { higherIsBetter: col.higherIsBetter });
  const ties = tieGroups(matrix, { higherIsBetter: col.higherIsBetter });
  const withInterval = n >= MIN_RANK_INTERVAL_TASKS;
  ranked.forEach(({ cell }, i) => {
    const r = intervals[i]!;
    if (!Number.isFinite(r.rank)) return;
    cell!.rank = {
      rank: r.rank,
      lo: withInterval ? r.lo : null,
      hi: withInterval ? r.hi : null,
      tasks: n,
      tieGroup: ties[i]!.group,
      sortKey: ties[i]!.sortKey,
      of: ranked.length,
    };
  });
}

/** Attaches a rank to every cell of the model that has a value (in place). */
export function attachRanks(model: RankedModel, scores: readonly TaskScoreRow[]): void {
  const tasks = new Map<string, { ids: string[] }>();
  for (const { grp, col } of columnsOf(model, scores)) {
    if (!tasks.has(grp)) tasks.set(grp, tasksOf(grp, scores));
    rankColumn(model, col, tasks.get(grp)!);
  }
}

/** The same, one column at a time with the page given its turn between columns (a subset in the browser). */
export async function attachRanksInSlices(
  model: RankedModel,
  scores: readonly TaskScoreRow[],
  yieldToPage: () => Promise<void>,
  signal?: AbortSignal,
): Promise<void> {
  const tasks = new Map<string, { ids: string[] }>();
  for (const { grp, col } of columnsOf(model, scores)) {
    if (!tasks.has(grp)) tasks.set(grp, tasksOf(grp, scores));
    rankColumn(model, col, tasks.get(grp)!);
    await yieldToPage();
    if (signal?.aborted) throw new Error("cancelled");
  }
}
