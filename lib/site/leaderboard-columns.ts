// The leaderboard's column registry: each kind of column is one entry saying which cell of the model it reads,
// how that cell is written (label, unit, format, detail, export names) and which way is better (marks and the
// rank sort). The table, its cell detail, the CSV/JSON export, the static HTML and the Intervals page's rank plot
// read the entry and never ask which kind a column is, so a new kind of column is one entry here.
// It sits in lib/site, not lib/queries/leaderboard: its words come from lib/site/labels.ts, which lib/queries may
// not import; the numbers it reads (values, intervals, ranks) are the model's, computed there (model.ts, ranks.ts).
import type { GapCell, LeaderboardMeta, LeaderboardRow, RateCell } from "../queries/leaderboard/model";
import type { CellRank } from "../queries/leaderboard/ranks";
import { conditionLabel, fmt, groupLabel } from "./labels";

/** What every cell of a leaderboard column holds: its value, a 95% interval, and its rank where the column is ranked. */
export interface ColumnCell {
  value: number;
  lo: number;
  hi: number;
  rank?: CellRank;
}

/**
 * One kind of column, repeated per locality group and per condition of `conditions`. Methods (not function-valued
 * properties), so an entry typed by its own cell is an entry of the registry.
 */
export interface ColumnKind<C extends ColumnCell = ColumnCell> {
  /** The word between group and condition in column ids and export names; null for none (the rates, as ever). */
  slug: string | null;
  /** The conditions with a column of this kind, in order. */
  conditions(meta: LeaderboardMeta): string[];
  /** The model's cell (value, interval, rank) of a row in a group under a condition. */
  cell(row: LeaderboardRow, group: string, condition: string): C | undefined;
  /** Which value is better: drives the bold/underline marks and the rank sort's order. */
  better: "higher" | "lower";
  /** Whether the column's cells are marked at all (the baseline's resolution is not). */
  marked(condition: string, meta: LeaderboardMeta): boolean;
  /** The column's header. */
  label(condition: string, meta: LeaderboardMeta): string;
  /** The header's glossary term (lib/site/glossary.ts `glossaryFor`). */
  term(condition: string): string;
  /** The column named on its own (the Intervals page's rank plot). */
  title(group: string, condition: string): string;
  /** After a value in text ("46.5%", "12.0 pp"), and the header of a table of values. */
  unit: string;
  valueHeader: string;
  /** A value as the table writes it. */
  format(value: number | undefined): string;
  /** Shaded cells (the gaps, which are differences of the columns beside them). */
  shaded: boolean;
  /** Appended to a rank's description (the cell's title): what the rank orders, when it is not plain. */
  rankNote: string;
  /** The expanded row's text after the value and interval, and a p-value drawn after it. */
  detail(cell: C): { note: string; p?: number };
  /** Export columns after the value and interval (suffix → number), then among the counts after every value. */
  exportStats(cell: C): Record<string, number>;
  exportCounts(cell: C): Record<string, number>;
}

const rate: ColumnKind<RateCell> = {
  slug: null,
  conditions: (meta) => meta.conditions,
  cell: (row, group, condition) => row.rates[group]?.[condition],
  better: "higher",
  marked: (condition, meta) => condition !== meta.baseline,
  label: (condition) => conditionLabel(condition),
  term: (condition) => conditionLabel(condition),
  title: (group, condition) => `${groupLabel(group)}: resolution ${conditionLabel(condition)}`,
  unit: "%",
  valueHeader: "Resolution (%)",
  format: (value) => fmt(value),
  shaded: false,
  rankNote: "",
  detail: (c) => ({
    note:
      `${fmt(c.resolved, c.repeats > 1 ? 2 : 0)}/${c.n}` +
      (c.repeats > 1 ? ` · ${c.repeats} repeats, min–max ${fmt(c.repMin)}–${fmt(c.repMax)}` : "") +
      (c.missingRuns > 0 ? ` · ${c.missingRuns} missing run${c.missingRuns > 1 ? "s" : ""} counted unresolved` : ""),
  }),
  exportStats: (c): Record<string, number> => (c.repeats > 1 ? { repeat_min: c.repMin, repeat_max: c.repMax } : {}),
  exportCounts: (c) => ({ resolved: c.resolved, n: c.n }),
};

const gap: ColumnKind<GapCell> = {
  slug: "gap",
  conditions: (meta) => meta.conditions.filter((c) => c !== meta.baseline),
  cell: (row, group, condition) => row.gaps[group]?.[condition],
  better: "lower",
  marked: () => true,
  label: (condition, meta) => (gap.conditions(meta).length > 1 ? `Gap ${conditionLabel(condition)}` : "Gap"),
  term: () => "Gap",
  title: (group, condition) => `${groupLabel(group)}: gap ${conditionLabel(condition)}`,
  unit: " pp",
  valueHeader: "Gap (pp)",
  format: (value) => fmt(value),
  shaded: true,
  rankNote: "; a gap's rank orders the drop from uninterrupted to switched, not switched work",
  detail: (c) => ({ note: `discordant ${fmt(c.baselineOnly, 0)} / ${fmt(c.conditionOnly, 0)} · McNemar p =`, p: c.p }),
  exportStats: (c) => ({ mcnemar_p: c.p }),
  exportCounts: (c) => ({ baseline_only: c.baselineOnly, condition_only: c.conditionOnly }),
};

/** Every group's columns, kind by kind in this order: each condition's resolution, then each gap. */
export const LEADERBOARD_COLUMNS: readonly ColumnKind[] = [rate, gap];
