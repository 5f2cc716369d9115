// What the "Open local results" panel needs to know of the published release it sits on: its groups,
// conditions and baseline (to compute a local release's rows the same way) and its focus-task count (to say
// when a local release covers other tasks). Small enough to hand from a static page to the client.
import type { LeaderboardModel } from "../queries/leaderboard/model";

export interface PublishedBench {
  /** Locality groups, without "overall". */
  groups: string[];
  conditions: string[];
  baseline: string;
  focusTasks: number | null;
}

export function benchOf(model: LeaderboardModel): PublishedBench {
  return {
    groups: model.groups.filter((g) => g !== "overall"),
    conditions: model.conditions,
    baseline: model.baseline,
    focusTasks: model.rows[0]?.rates.overall?.[model.baseline]?.n ?? null,
  };
}
