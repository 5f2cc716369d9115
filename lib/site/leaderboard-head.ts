// What a long leaderboard's page carries (a scaled release of ~1,100 configurations, docs/scale.md): its first
// rows, and what needs every row computed when the page is built. The whole model as props made the page's HTML
// far too large at scale; the view asks its release source for the page's model after the first paint.
// Releases of at most WINDOW_FROM configurations (every published one) carry their whole model, as before.
import { valueOf, type QuerySource } from "../db/query";
import type { Mark } from "../metrics/marks";
import type { LeaderboardModel } from "../queries/leaderboard/model";
import { columnsFor, defaultViewState, marksFor, serializeViewState, type ViewState } from "./leaderboard-view";
import { FIRST_ROWS, WINDOW_FROM } from "./row-window";

export type FilterKey = "harness" | "model" | "variant";

export interface LeaderboardHead {
  /** How many configurations the release has; the model handed over holds the first FIRST_ROWS. */
  total: number;
  /** Each filter's options, over every configuration. */
  options: Record<FilterKey, string[]>;
  /** Whether some configuration carries submission provenance (the "Verified only" filter). */
  hasVerified: boolean;
  /** The default view's bold and underline of the first rows, among every row (by column id). */
  marks: Record<string, Mark[]>;
}

export function filterOptions(model: LeaderboardModel, key: FilterKey): string[] {
  return [...new Set(model.rows.map((r) => r.config[key]))].sort();
}

export function hasProvenance(model: LeaderboardModel): boolean {
  return model.rows.some((r) => r.config.submitted_at || r.config.verified_by);
}

/** The model a page hands to the view, and for a long release the head that stands in for the rest. */
export function leaderboardHead(model: LeaderboardModel): { model: LeaderboardModel; head: LeaderboardHead | null } {
  if (model.rows.length <= WINDOW_FROM) return { model, head: null };
  const view = defaultViewState(model);
  const marks = marksFor(model.rows, columnsFor(model, view.groups));
  return {
    model: { ...model, rows: model.rows.slice(0, FIRST_ROWS) },
    head: {
      total: model.rows.length,
      options: {
        harness: filterOptions(model, "harness"),
        model: filterOptions(model, "model"),
        variant: filterOptions(model, "variant"),
      },
      hasVerified: hasProvenance(model),
      marks: Object.fromEntries([...marks].map(([id, m]) => [id, m.slice(0, FIRST_ROWS)])),
    },
  };
}

/** Whether `state` is the view the head's marks were computed for: the one whose URL has no parameter. */
export function isDefaultView(state: ViewState, model: LeaderboardModel): boolean {
  return serializeViewState(state, model) === "";
}

/**
 * The whole model of a long release: the leaderboard page's model (lib/queries/leaderboard/page.ts), which the
 * source answers from the build's answer file the page's head was cut from. Its code is loaded only then.
 */
export async function fullLeaderboard(source: QuerySource, shown: LeaderboardModel): Promise<LeaderboardModel> {
  const { leaderboardPage } = await import("../queries/leaderboard/page");
  // The model's groups are "overall" and then the release's groups (its parameters).
  const { baseline, conditions, groups } = shown;
  return valueOf(source, leaderboardPage.model!, { baseline, conditions, groups: groups.slice(1) });
}
