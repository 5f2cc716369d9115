// What the leaderboard shows, as pure functions of the model and the URL: the columns, filters, marks and
// the exported CSV/JSON. The component only renders what these return.
import { extremeMarks, type Mark } from "../metrics/marks";
import type { ConfigRow } from "../queries/leaderboard/sql";
import type { LeaderboardModel, LeaderboardRow } from "../queries/leaderboard/model";
import { noRankIntervalReason } from "../queries/leaderboard/rank-rules";
import type { CellRank } from "../queries/leaderboard/ranks";
import { LEADERBOARD_COLUMNS, type ColumnCell, type ColumnKind } from "./leaderboard-columns";

export interface LeaderboardColumn {
  id: string;
  group: string;
  /** The registry's entry (lib/site/leaderboard-columns.ts): what the column reads and how it is written. */
  kind: ColumnKind;
  condition: string;
  label: string;
  /** The direction its marks take; null for a column left unmarked (the baseline's resolution). */
  marked: "higher" | "lower" | null;
}

export interface ViewState {
  sort: { id: string; desc: boolean } | null;
  harness: string[];
  model: string[];
  variant: string[];
  /** Locality groups whose columns are shown ("overall" included). */
  groups: string[];
  /** Repository subset: recomputed in the browser by DuckDB-WASM. */
  repos: string[];
  /** Focus-task subset (pasted into the URL), recomputed the same way. */
  tasks: string[];
  /** Only configurations a maintainer reproduced (`verified=1`). */
  verified: boolean;
}

export function defaultViewState(model: LeaderboardModel): ViewState {
  return {
    sort: null,
    harness: [],
    model: [],
    variant: [],
    groups: [...model.groups],
    repos: [],
    tasks: [],
    verified: false,
  };
}

/** Each shown group's columns, kind by kind (`kinds`: the registry, or the registry and a test's own entry). */
export function columnsFor(
  model: LeaderboardModel,
  groups: readonly string[],
  kinds: readonly ColumnKind[] = LEADERBOARD_COLUMNS,
): LeaderboardColumn[] {
  return model.groups
    .filter((g) => groups.includes(g))
    .flatMap((group) =>
      kinds.flatMap((kind) =>
        kind.conditions(model).map((condition): LeaderboardColumn => ({
          id: [group, kind.slug, condition].filter(Boolean).join("."),
          group,
          kind,
          condition,
          label: kind.label(condition, model),
          marked: kind.marked(condition, model) ? kind.better : null,
        })),
      ),
    );
}

export function cellOf(row: LeaderboardRow, col: LeaderboardColumn): ColumnCell | undefined {
  return col.kind.cell(row, col.group, col.condition);
}

/** The column's name in exports ("overall_switched", "overall_gap_switched"). */
function columnExportName(col: LeaderboardColumn): string {
  return [col.group, col.kind.slug, col.condition].filter(Boolean).join("_");
}

/** The part of the view state that chooses rows (the rest chooses columns, order or a subset's numbers). */
export type RowFilter = Pick<ViewState, "harness" | "model" | "variant" | "verified">;

export function filterRows(rows: readonly LeaderboardRow[], state: RowFilter): LeaderboardRow[] {
  const keep = (list: string[], value: string) => list.length === 0 || list.includes(value);
  return rows.filter(
    (r) =>
      keep(state.harness, r.config.harness) &&
      keep(state.model, r.config.model) &&
      keep(state.variant, r.config.variant) &&
      (!state.verified || isVerified(r.config)),
  );
}

/**
 * Verified: a maintainer reproduced it (`npm run release:add` / `release:verify` set the fields). Only a published
 * configuration carries the mark: a local release's file may declare `verified` too, but nobody checked that
 * claim (declaredVerification says what it declares).
 */
export function isVerified(config: ConfigRow): boolean {
  return !config.is_local && Boolean(config.verified_by && config.verified_at);
}

/** What a local configuration's own file declares as its verification (never shown as verified), or null. */
export function declaredVerification(config: ConfigRow): { by: string; at: string } | null {
  return config.is_local && config.verified_by && config.verified_at
    ? { by: config.verified_by, at: config.verified_at }
    : null;
}

export interface Provenance {
  submittedAt: string | null;
  submittedBy: string | null;
  verified: { by: string; at: string } | null;
  /** The report link, only when it is http(s): anything else is shown as text, never as a link. */
  reportHref: string | null;
}

export function provenanceOf(config: ConfigRow): Provenance {
  const url = config.report_url ?? null;
  return {
    submittedAt: config.submitted_at ?? null,
    submittedBy: config.submitted_by ?? null,
    verified: isVerified(config) ? { by: config.verified_by!, at: config.verified_at! } : null,
    reportHref: url !== null && /^https?:\/\/[^\s]+$/i.test(url) ? url : null,
  };
}

/** Bold/underline per column, computed over the rows shown (Table 1 marks within each group). */
export function marksFor(rows: readonly LeaderboardRow[], columns: readonly LeaderboardColumn[]): Map<string, Mark[]> {
  const out = new Map<string, Mark[]>();
  for (const col of columns) {
    if (!col.marked) continue;
    out.set(
      col.id,
      extremeMarks(
        rows.map((r) => cellOf(r, col)?.value),
        col.marked === "higher",
      ),
    );
  }
  return out;
}

const LIST_KEYS = ["harness", "model", "variant", "groups", "repos", "tasks"] as const;

export function parseViewState(search: string, model: LeaderboardModel): ViewState {
  const params = new URLSearchParams(search);
  const state = defaultViewState(model);
  for (const key of LIST_KEYS) {
    const raw = params.get(key);
    if (raw === null) continue;
    const values = raw.split(",").filter(Boolean);
    state[key] = key === "groups" ? values.filter((g) => model.groups.includes(g)) : values;
  }
  state.verified = params.get("verified") === "1";
  const sort = params.get("sort");
  if (sort) {
    const [id, dir] = sort.split(":");
    if (id) state.sort = { id, desc: dir !== "asc" };
  }
  return state;
}

export function serializeViewState(state: ViewState, model: LeaderboardModel): string {
  const params = new URLSearchParams();
  if (state.sort) params.set("sort", `${state.sort.id}:${state.sort.desc ? "desc" : "asc"}`);
  for (const key of LIST_KEYS) {
    const values = state[key];
    const isDefault = key === "groups" ? values.length === model.groups.length : values.length === 0;
    if (!isDefault) params.set(key, values.join(","));
  }
  if (state.verified) params.set("verified", "1");
  const s = params.toString().replaceAll("%2C", ",").replaceAll("%3A", ":");
  return s ? `?${s}` : "";
}

export interface ExportRecord {
  config_id: string;
  display_name: string;
  model: string;
  harness: string;
  variant: string;
  reasoning: string | null;
  [column: string]: string | number | null;
}

/** Provenance columns, after the numbers (so the numeric columns keep their positions). */
function provenanceColumns(row: LeaderboardRow): Record<string, string | null> {
  const c = row.config;
  return {
    submitted_at: c.submitted_at ?? null,
    submitted_by: c.submitted_by ?? null,
    report_url: c.report_url ?? null,
    verified: isVerified(c) ? "yes" : declaredVerification(c) ? "no (declared by the local file, not checked)" : "no",
    verified_by: c.verified_by ?? null,
    verified_at: c.verified_at ?? null,
  };
}

/** Exactly the rows and columns shown, with the uncertainty that the table shows on expand. */
export function exportRecords(rows: readonly LeaderboardRow[], columns: readonly LeaderboardColumn[]): ExportRecord[] {
  return rows.map((row) => {
    const rec: ExportRecord = {
      config_id: row.config.config_id,
      display_name: row.config.display_name,
      model: row.config.model,
      harness: row.config.harness,
      variant: row.config.variant,
      reasoning: row.config.reasoning,
    };
    const put = (name: string, values: Record<string, number | null>) => {
      for (const [suffix, value] of Object.entries(values)) rec[`${name}_${suffix}`] = value;
    };
    const cells = columns.map((col) => ({ name: columnExportName(col), kind: col.kind, cell: cellOf(row, col) }));
    for (const { name, kind, cell } of cells) {
      rec[name] = cell?.value ?? null;
      put(name, { ci_lo: cell?.lo ?? null, ci_hi: cell?.hi ?? null });
      if (cell) put(name, kind.exportStats(cell));
    }
    // Counts after every value column (k / n beside each rate; discordant tasks beside each gap), appended so
    // the column order above stays what earlier exports had.
    for (const { name, kind, cell } of cells) if (cell) put(name, kind.exportCounts(cell));
    // Ranks after the counts, for the same reason.
    for (const { name, cell } of cells) {
      const r = cell?.rank;
      if (r) put(name, { rank: r.rank, rank_lo: r.lo, rank_hi: r.hi, tie_group: r.tieGroup });
    }
    return Object.assign(rec, provenanceColumns(row));
  });
}

/**
 * A column's sort value: tie group first (so a sort keeps each group together), then the value, in the
 * column's own direction (a descending sort of a rate puts T1 first, of a gap T-last first, as by value).
 */
export function sortValue(cell: ColumnCell | undefined, col: LeaderboardColumn): number {
  if (!cell) return Number.NEGATIVE_INFINITY;
  if (!cell.rank) return cell.value;
  const group = col.kind.better === "lower" ? cell.rank.tieGroup : -cell.rank.tieGroup;
  return group * 1e4 + cell.value;
}

/**
 * The rank as the table writes it: the point rank first, then its 95% interval in brackets when there is one
 * ("#2 [1–10]", "#2" below MIN_RANK_INTERVAL_TASKS tasks). Equal values share the better rank.
 */
export function rankText(rank: Pick<CellRank, "rank" | "lo" | "hi">): string {
  return rank.lo === null || rank.hi === null ? `#${rank.rank}` : `#${rank.rank} [${rank.lo}–${rank.hi}]`;
}

/** The cell's rank line: rank, interval and tie group ("#2 [1–10] · T1"). */
export function rankCellText(rank: CellRank): string {
  return `${rankText(rank)} · T${rank.tieGroup}`;
}

/** What T<n> claims, in the words the legend and the glossary use. */
export function tieGroupClaim(group: number): string {
  return group === 1
    ? "T1: not distinguished from the best (an exact paired test, Holm-corrected; not a claim that they are equal)"
    : `T${group}: not distinguished from the best of what T1–T${group - 1} left`;
}

/** The cell's rank line read in full (its title and what a screen reader is given). */
export function rankDescription(rank: CellRank, kind: LeaderboardColumn["kind"]): string {
  const interval =
    rank.lo === null || rank.hi === null
      ? noRankIntervalReason(rank.tasks)
      : `95% rank interval ${rank.lo}–${rank.hi}: the ranks it takes in 95% of resamples of the ${rank.tasks} focus tasks`;
  return `Rank ${rank.rank} of ${rank.of}${kind.rankNote}; ${interval}; ${tieGroupClaim(rank.tieGroup)}`;
}
