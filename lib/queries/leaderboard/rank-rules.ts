// What the leaderboard's ranks promise, in a file of its own so that the pages can say it without loading the
// ranks' code (ranks.ts is loaded only where ranks are computed).

/**
 * Fewer focus tasks than this and a cell gets its point rank and tie group but no rank interval: a bootstrap over
 * n tasks has (n − 1)/n of the variance it estimates and its percentile ends undercover, and over a handful of
 * tasks an interval like "#2–2" claims a certainty the data do not hold (docs/benchmark.md, "Ranks and ties").
 */
export const MIN_RANK_INTERVAL_TASKS = 20;

/** Why a cell has no rank interval, as the cell's title and the legend say it. */
export function noRankIntervalReason(tasks: number): string {
  return `no rank interval: ${tasks} focus task${tasks === 1 ? "" : "s"}, fewer than the ${MIN_RANK_INTERVAL_TASKS} a rank interval needs`;
}
