// The uncertainty views' data on any query source (DuckDB in Node at build time, the release source in the
// browser): one configuration's (the leaderboard's expansion, the compare page: one keyed query, then pure
// functions) and every configuration's (the uncertainty page's model). Definitions: config-uncertainty.ts and
// docs/benchmark.md, "Intervals that respect clustering" and "Repeats".
import type { QuerySource } from "../../db/query";
import { DEFAULT_BOOTSTRAP_REPS, DEFAULT_BOOTSTRAP_SEED } from "../../metrics/paired-interval";
import { configsQuery, OVERALL, type TaskScope } from "../leaderboard/sql";
import { pooledFarNear } from "./pooled";
import { configUncertainty, repeatCells, rowsInScope, type UncertaintyMeta } from "./config-uncertainty";
import { configTaskRepeatsQuery, taskRepeatsQuery, type TaskRepeatRow } from "./sql";
import type { ConfigUncertainty, RepeatCell, UncertaintyPageData } from "./types";

export type { UncertaintyMeta } from "./config-uncertainty";

/** The seed of every interval here: the leaderboard's, so a gap's plain interval is the leaderboard's own. */
export const UNCERTAINTY_SEED = DEFAULT_BOOTSTRAP_SEED;
/** The resamples of every interval here: the leaderboard's (its gap intervals are drawn as many times). */
export const UNCERTAINTY_REPS = DEFAULT_BOOTSTRAP_REPS;

/**
 * The build's page draws UNCERTAINTY_REPS for up to this many configurations (the answers' own bound on work per
 * configuration, ahead.ts) and SCALE_PAGE_REPS beyond: each configuration's ten bootstraps of 10,000 draws would
 * make the uncertainty page a large share of the build of the 100× release (docs/benchmark.md, "Intervals that
 * respect clustering"). The page says how many it drew; a row's expansion on the leaderboard always draws
 * UNCERTAINTY_REPS, so its plain gap interval is the leaderboard's own.
 */
export const PAGE_FULL_REPS_MAX_CONFIGS = 120;
export const SCALE_PAGE_REPS = 2_000;

export const pageReps = (configs: number) =>
  configs <= PAGE_FULL_REPS_MAX_CONFIGS ? UNCERTAINTY_REPS : SCALE_PAGE_REPS;

export interface UncertaintyOptions {
  reps?: number;
  seed?: number;
}

const bootstrapOf = (opts: UncertaintyOptions) => ({
  reps: opts.reps ?? UNCERTAINTY_REPS,
  seed: opts.seed ?? UNCERTAINTY_SEED,
});

/**
 * One configuration's uncertainty, over the focus tasks of `scope` (the leaderboard's repository or task subset:
 * its rows are filtered here as the leaderboard's SQL filters them, so the expansion matches the table).
 */
export async function computeConfigUncertainty(
  src: QuerySource,
  meta: UncertaintyMeta,
  configId: string,
  scope: TaskScope = {},
  opts: UncertaintyOptions = {},
): Promise<ConfigUncertainty & { reps: number; seed: number }> {
  const rows = rowsInScope(await src.run(configTaskRepeatsQuery, configId), scope);
  const boot = bootstrapOf(opts);
  return { ...configUncertainty(meta, configId, rows, boot), ...boot };
}

/** One configuration's repeat metrics alone (no bootstrap): what the compare page shows of each side. */
export async function computeConfigRepeats(
  src: QuerySource,
  meta: UncertaintyMeta,
  configId: string,
): Promise<{ repeats: number; cells: Record<string, Record<string, RepeatCell>> }> {
  const rows = await src.run(configTaskRepeatsQuery, configId);
  return { repeats: rows.reduce((m, r) => Math.max(m, r.n), 0), cells: repeatCells(meta, rows) };
}

/**
 * Every configuration's uncertainty, in the leaderboard's order (configsQuery's), for the uncertainty page's model (page.ts);
 * reps by pageReps unless given.
 */
export async function computeUncertaintyPage(
  src: QuerySource,
  meta: UncertaintyMeta,
  opts: UncertaintyOptions = {},
): Promise<UncertaintyPageData> {
  const [configs, rows] = await Promise.all([src.run(configsQuery), src.run(taskRepeatsQuery)]);
  const byConfig = new Map<string, TaskRepeatRow[]>();
  for (const { config_id, ...row } of rows) {
    const list = byConfig.get(config_id);
    if (list) list.push(row);
    else byConfig.set(config_id, [row]);
  }
  const boot = bootstrapOf({ reps: pageReps(configs.length), ...opts });
  return {
    baseline: meta.baseline,
    conditions: meta.conditions,
    groups: [OVERALL, ...meta.groups],
    configs: configs.map(({ config_id, display_name, is_local }) => ({ config_id, display_name, is_local })),
    rows: configs.map((c) => configUncertainty(meta, c.config_id, byConfig.get(c.config_id) ?? [], boot)),
    pooledFarNear: pooledFarNear(meta, byConfig, boot),
    ...boot,
  };
}
