// What the uncertainty page (components/uncertainty) shows, as pure functions of the build's uncertainty page model
// and the leaderboard's ranks: the configurations shown (a filter, then at most FOREST_LIMIT of them), the forest
// plot's points and domain, the rank-interval plot's rows, and the tables behind both pictures. The components
// only draw what these return.
import { DEFAULT_BOOTSTRAP_REPS, DEFAULT_BOOTSTRAP_SEED } from "../metrics/paired-interval";
import type { LeaderboardModel } from "../queries/leaderboard/model";
import type { CellRank } from "../queries/leaderboard/ranks";
import type {
  ConfigUncertainty,
  FarNearCell,
  PooledFarNearCell,
  RepeatCell,
  Span,
  UncertaintyPageData,
} from "../queries/uncertainty/types";
import type { ChartTable } from "./chart-export";
import { niceTicks } from "./chart-scale";
import { conditionLabel, groupLabel } from "./labels";
import { cellOf, columnsFor } from "./leaderboard-view";

/** Above this many configurations the pictures show the first ones and a filter finds the others. */
export const FOREST_LIMIT = 60;

/** A cell's rank as the rank-interval plot draws it (leaderboard ranks.ts), with the cell's own value. */
export type RankPoint = Omit<CellRank, "tasks"> & { value: number };

/** One leaderboard column (a group's resolution under a condition, or its gap) and its ranked cells. */
export interface RankColumnData {
  id: string;
  label: string;
  /** Its values' unit in text and its value column's header (the column registry's, lib/site/leaderboard-columns.ts). */
  unit: string;
  valueHeader: string;
  /** Ranked cells by configuration id; a configuration without a cell in the column is absent. */
  cells: Record<string, RankPoint>;
}

/** A configuration's intervals: its model row (types.ts) without the clustered rates, which are not drawn. */
export type ConfigIntervals = Omit<ConfigUncertainty, "config_id" | "rates">;

/** What the page's client view receives: only what it draws (the clustered rates stay in the model's answer). */
export interface UncertaintyViewModel {
  baseline: string;
  /** The non-baseline conditions: the gaps' and far − near's. */
  others: string[];
  /** "overall" first, then the release's groups. */
  groups: string[];
  configs: { id: string; name: string }[];
  byConfig: Record<string, ConfigIntervals>;
  /** far − near pooled over every configuration, per non-baseline condition. */
  pooledFarNear: Record<string, PooledFarNearCell>;
  rankColumns: RankColumnData[];
  reps: number;
  seed: number;
  /** The leaderboard's resamples, when the page drew fewer (large releases): its plain intervals may then differ. */
  leaderboardReps: number | null;
}

/** Every ranked column of the leaderboard, in its order (overall first; each group's rates, then its gaps). */
export function rankColumnsOf(lb: LeaderboardModel): RankColumnData[] {
  return columnsFor(lb, lb.groups).map((col) => {
    const cells: Record<string, RankPoint> = {};
    for (const row of lb.rows) {
      const cell = cellOf(row, col);
      if (!cell?.rank || !Number.isFinite(cell.value)) continue;
      const { rank, lo, hi, tieGroup, sortKey, of } = cell.rank;
      cells[row.config.config_id] = { value: cell.value, rank, lo, hi, tieGroup, sortKey, of };
    }
    const { unit, valueHeader } = col.kind;
    return { id: col.id, label: col.kind.title(col.group, col.condition), unit, valueHeader, cells };
  });
}

export function uncertaintyViewModel(data: UncertaintyPageData, lb: LeaderboardModel): UncertaintyViewModel {
  const byConfig: Record<string, ConfigIntervals> = {};
  for (const r of data.rows) byConfig[r.config_id] = { gaps: r.gaps, farNear: r.farNear, repeats: r.repeats };
  return {
    baseline: data.baseline,
    others: data.conditions.filter((c) => c !== data.baseline),
    groups: data.groups,
    configs: data.configs.map((c) => ({ id: c.config_id, name: c.display_name })),
    byConfig,
    pooledFarNear: data.pooledFarNear,
    rankColumns: rankColumnsOf(lb),
    reps: data.reps,
    seed: data.seed,
    leaderboardReps:
      data.reps === DEFAULT_BOOTSTRAP_REPS && data.seed === DEFAULT_BOOTSTRAP_SEED ? null : DEFAULT_BOOTSTRAP_REPS,
  };
}

/** The configurations whose name or id holds the filter (any case), in the order given; at most `limit`. */
export function shownConfigs<T extends { id: string; name: string }>(
  configs: readonly T[],
  filter: string,
  limit = FOREST_LIMIT,
): { shown: T[]; matching: number; total: number } {
  const q = filter.trim().toLowerCase();
  const hits = q ? configs.filter((c) => c.name.toLowerCase().includes(q) || c.id.toLowerCase().includes(q)) : configs;
  return { shown: hits.slice(0, limit), matching: hits.length, total: configs.length };
}

/** One decimal, as the page prints it (toFixed's rounding), never -0; null for a number that is not finite. */
export function round1(x: number | null | undefined): number | null {
  return x === null || x === undefined || !Number.isFinite(x) ? null : Number(x.toFixed(1)) + 0;
}

/** Two intervals differ when an end moves by the printed precision (0.1) or more. */
export function intervalsDiffer(a: Span, b: Span): boolean {
  return Math.abs(a.lo - b.lo) >= 0.05 || Math.abs(a.hi - b.hi) >= 0.05;
}

/** The forest plot's shared axis: every shown gap, both intervals, and 0, widened to round ticks. */
export function forestAxis(model: UncertaintyViewModel, ids: readonly string[], condition: string) {
  const xs = [0];
  for (const id of ids)
    for (const g of model.groups) {
      const c = model.byConfig[id]?.gaps[g]?.[condition];
      if (c) xs.push(...[c.value, c.plain.lo, c.plain.hi, c.cluster.lo, c.cluster.hi].filter(Number.isFinite));
    }
  return niceTicks(Math.min(...xs), Math.max(...xs), 6);
}

/** The forest plot's numbers: one row per configuration × group, in the plot's order. */
export function forestTable(
  model: UncertaintyViewModel,
  configs: readonly { id: string; name: string }[],
  condition: string,
): ChartTable {
  const gap = `${conditionLabel(model.baseline)} − ${conditionLabel(condition)}`;
  return {
    caption: `Gap (${gap}, percentage points) of each configuration with its paired 95% interval (focus tasks resampled) and its 95% interval clustered by repository`,
    columns: [
      { key: "config", label: "Configuration" },
      { key: "group", label: "Group" },
      { key: "gap", label: "Gap (pp)" },
      { key: "lo", label: "Paired 95% low" },
      { key: "hi", label: "Paired 95% high" },
      { key: "clo", label: "Clustered 95% low" },
      { key: "chi", label: "Clustered 95% high" },
    ],
    rows: configs.flatMap((c) =>
      model.groups.map((g) => {
        const cell = model.byConfig[c.id]?.gaps[g]?.[condition];
        return {
          config: c.name,
          group: groupLabel(g),
          gap: round1(cell?.value),
          lo: round1(cell?.plain.lo),
          hi: round1(cell?.plain.hi),
          clo: round1(cell?.cluster.lo),
          chi: round1(cell?.cluster.hi),
        };
      }),
    ),
  };
}

export interface RankRow {
  id: string;
  name: string;
  point: RankPoint;
}

/**
 * The rank-interval plot's rows: the given configurations ranked in the column, in the leaderboard's rank sort
 * (tie group, then value, best first: ranks.ts `sortKey`), so each tie group is one block; at most `limit`.
 */
export function rankRows(
  column: RankColumnData | undefined,
  configs: readonly { id: string; name: string }[],
  limit = FOREST_LIMIT,
): { rows: RankRow[]; ranked: number } {
  if (!column) return { rows: [], ranked: 0 };
  const rows = configs
    .filter((c) => column.cells[c.id])
    .map((c) => ({ id: c.id, name: c.name, point: column.cells[c.id]! }))
    .sort((a, b) => a.point.sortKey - b.point.sortKey);
  return { rows: rows.slice(0, limit), ranked: rows.length };
}

export function rankTable(column: RankColumnData, rows: readonly RankRow[]): ChartTable {
  return {
    caption: `Rank of each configuration in "${column.label}" with its 95% rank interval (empty when the column has too few tasks for one) and tie group (1 = not distinguished from the best)`,
    columns: [
      { key: "config", label: "Configuration" },
      { key: "value", label: column.valueHeader },
      { key: "rank", label: "Rank" },
      { key: "lo", label: "Rank 95% best" },
      { key: "hi", label: "Rank 95% worst" },
      { key: "tie", label: "Tie group" },
    ],
    rows: rows.map((r) => ({
      config: r.name,
      value: round1(r.point.value),
      rank: r.point.rank,
      lo: r.point.lo,
      hi: r.point.hi,
      tie: r.point.tieGroup,
    })),
  };
}

export interface RepeatRow {
  id: string;
  name: string;
  condition: string;
  group: string;
  cell: RepeatCell;
}

/** Every cell of the given configurations that ran more than once, configuration by configuration. */
export function repeatRows(model: UncertaintyViewModel, configs: readonly { id: string; name: string }[]): RepeatRow[] {
  const conditions = [model.baseline, ...model.others];
  return configs.flatMap((c) => {
    const rep = model.byConfig[c.id]?.repeats ?? {};
    return conditions.flatMap((condition) =>
      model.groups.flatMap((group) => {
        const cell = rep[group]?.[condition];
        return cell ? [{ id: c.id, name: c.name, condition, group, cell }] : [];
      }),
    );
  });
}

export interface FarNearRow {
  /** POOLED_ROW or a configuration id. */
  id: string;
  name: string;
  cell: FarNearCell | undefined;
}

export const POOLED_ROW = "pooled";

/** The far − near table's rows: the difference pooled over every configuration first, then the shown ones. */
export function farNearRows(
  model: UncertaintyViewModel,
  configs: readonly { id: string; name: string }[],
  condition: string,
): FarNearRow[] {
  const pooled = model.pooledFarNear[condition];
  return [
    ...(pooled
      ? [{ id: POOLED_ROW, name: `All configurations (pooled, ${pooled.configs})`, cell: pooled as FarNearCell }]
      : []),
    ...configs.map((c) => ({ id: c.id, name: c.name, cell: model.byConfig[c.id]?.farNear[condition] })),
  ];
}
