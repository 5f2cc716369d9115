// What the local-results views show of the local releases opened on this page, each computed on its own schema
// (local.ts) by the SQL the build runs for the published pages, ids prefixed as everywhere
// (lib/queries/local/union.sql.ts). Only the local-results views import this (the other pages do not carry it).
import type { LocalTables } from "../local/db";
import { computeCostRows, type CostRows } from "../queries/cost/model";
import type { TaskScope } from "../queries/leaderboard/sql";
import { computeLeaderboard, type LeaderboardMeta, type LeaderboardRow } from "../queries/leaderboard/model";
import { LOCAL_PREFIX } from "../queries/local/union.sql";
import { listPage, type ListPage } from "../queries/trajectory/run-list";
import { trajectoryRunCountQuery, trajectoryRunPageQuery, type TrajectoryRunRow } from "../queries/trajectory/sql";
import { localSource } from "./local";

export interface LocalRunPage extends ListPage {
  /** Runs of the release that name a trajectory. */
  total: number;
  rows: TrajectoryRunRow[];
}

/**
 * One page of the local release's runs that name a trajectory (the run list's own SQL and order, LIMIT and
 * OFFSET on its schema), ids prefixed as everywhere: a page's rows are all that reach this thread, whatever the
 * release holds. A page past the last is the last.
 */
export async function localTrajectoryRunPage(t: LocalTables, page: number): Promise<LocalRunPage> {
  const source = localSource(t);
  const [count] = await source.run(trajectoryRunCountQuery);
  const total = count?.runs ?? 0;
  const at = listPage(total, page);
  const rows = at.limit === 0 ? [] : await source.run(trajectoryRunPageQuery, { offset: at.offset, limit: at.limit });
  return {
    ...at,
    total,
    rows: rows.map((r) => ({ ...r, run_id: LOCAL_PREFIX + r.run_id, config_id: LOCAL_PREFIX + r.config_id })),
  };
}

/**
 * The leaderboard rows of local releases for a task scope, each computed on its own schema by the leaderboard's
 * SQL, config ids prefixed and marked local, in the releases' order.
 */
export async function localLeaderboardRows(
  locals: readonly LocalTables[],
  meta: LeaderboardMeta,
  scope: TaskScope,
): Promise<LeaderboardRow[]> {
  const models = await Promise.all(
    locals.map((t) => computeLeaderboard(localSource(t), meta, scope, { ranks: false })),
  );
  return models.flatMap((m) =>
    m.rows.map((row) => ({
      ...row,
      config: { ...row.config, config_id: LOCAL_PREFIX + row.config.config_id, is_local: true },
    })),
  );
}

/** Table 2, the scatter and the failure breakdown of local releases by the cost page's own SQL (ids as their releases name them). */
export function localCostRows(locals: readonly LocalTables[], baseline: string): Promise<CostRows[]> {
  return Promise.all(locals.map((t) => computeCostRows(localSource(t), baseline)));
}
