// Leaderboard cells for the view's unit tests (lib/site/leaderboard-*.test.ts): a rate of n = 2 tasks with no
// interval or repeat spread worth reading, and a gap with one discordant task.
import type { GapCell, RateCell } from "../queries/leaderboard/model";

export const rateCell = (value: number, resolved = value / 50): RateCell => ({
  value,
  resolved,
  n: 2,
  lo: 0,
  hi: 100,
  missingRuns: 0,
  repeats: 1,
  repMin: value,
  repMax: value,
});

export const gapCell = (value: number, baselineOnly = 1): GapCell => ({
  value,
  lo: -1,
  hi: 1,
  baselineOnly,
  conditionOnly: 0,
  p: 1,
});
