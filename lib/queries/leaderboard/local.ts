// The leaderboard rows of a local release opened on the page, on its own source (lib/source/local.ts) for the
// view's task scope by the leaderboard's own SQL, config ids prefixed and marked local
// (lib/queries/local/union.sql.ts), so the view appends them to the published rows.
import { defineDerived } from "../../db/query";
import { LOCAL_PREFIX } from "../local/union.sql";
import { computeLeaderboard, type LeaderboardMeta, type LeaderboardRow } from "./model";
import type { TaskScope } from "./sql";

export const localLeaderboardRowsQuery = defineDerived<{ meta: LeaderboardMeta; scope: TaskScope }, LeaderboardRow[]>({
  name: "local leaderboard rows",
  async compute(src, { meta, scope }) {
    const { rows } = await computeLeaderboard(src, meta, scope, { ranks: false });
    return rows.map((row) => ({
      ...row,
      config: { ...row.config, config_id: LOCAL_PREFIX + row.config.config_id, is_local: true },
    }));
  },
});
