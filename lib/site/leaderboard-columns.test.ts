// The column registry (leaderboard-columns.ts): a kind of column added by one entry, here a throwaway one in this
// test, reaches the table's static HTML (react-dom/server, as the export build renders the page), its marks and
// sort, and the CSV/JSON export, with no other file told of it; and each entry's better direction is the one
// lib/queries ranks its cells by (ranks.ts), the one piece of a kind that lives below lib/site.
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LeaderboardTable } from "../../components/leaderboard/LeaderboardTable";
import { toJson } from "../common/csv";
import type { LeaderboardModel, LeaderboardRow, RateCell } from "../queries/leaderboard/model";
import { attachRanks } from "../queries/leaderboard/ranks";
import type { TaskScoreRow } from "../queries/leaderboard/sql";
import { conditionLabel, fmt } from "./labels";
import { LEADERBOARD_COLUMNS, type ColumnCell, type ColumnKind } from "./leaderboard-columns";
import { gapCell, rateCell } from "./leaderboard-fixture";
import { cellOf, columnsFor, exportRecords, marksFor } from "./leaderboard-view";
import { toCsv } from "../common/csv";

/** The throwaway kind: each condition's missing runs (a field every rate cell has), fewer being better. */
interface MissingCell extends ColumnCell {
  n: number;
}
const missing: ColumnKind<MissingCell> = {
  slug: "missing",
  conditions: (meta) => meta.conditions,
  cell: (row, group, condition) => {
    const rate = row.rates[group]?.[condition];
    return rate && { value: rate.missingRuns, lo: rate.missingRuns, hi: rate.missingRuns, n: rate.n };
  },
  better: "lower",
  marked: () => true,
  label: (condition) => `Missing ${conditionLabel(condition)}`,
  term: () => "",
  title: (group, condition) => `${group}: missing runs ${conditionLabel(condition)}`,
  unit: " runs",
  valueHeader: "Missing runs",
  format: (value) => fmt(value, 0),
  shaded: false,
  rankNote: "",
  detail: (c) => ({ note: `of ${c.n} tasks` }),
  exportStats: () => ({}),
  exportCounts: (c) => ({ n: c.n }),
};
const KINDS = [...LEADERBOARD_COLUMNS, missing];

const rate = (value: number, missingRuns: number): RateCell => ({ ...rateCell(value), missingRuns });
function row(id: string, u: number, s: number, missingSwitched: number): LeaderboardRow {
  return {
    config: {
      config_id: id,
      model: `m-${id}`,
      harness: "H",
      harness_version: null,
      reasoning: null,
      variant: "native",
      base_config_id: null,
      display_name: `Config ${id}`,
      sort_order: 0,
      is_local: false,
    },
    rates: { overall: { uninterrupted: rate(u, 0), switched: rate(s, missingSwitched) } },
    gaps: { overall: { switched: gapCell(u - s) } },
  };
}
// Missing switched runs: a 1, b 0, c 2. Fewer is better, so b is bold, c underlined, a neither; sorted ascending
// (an unranked cell sorts by its value) the rows read b, a, c. Every uninterrupted cell misses 0: all tie.
const model: LeaderboardModel = {
  groups: ["overall"],
  conditions: ["uninterrupted", "switched"],
  baseline: "uninterrupted",
  scope: {},
  rows: [row("a", 100, 50, 1), row("b", 50, 50, 0), row("c", 50, 0, 2)],
};
const ID = "overall.missing.switched";

function tableHtml(sort: { id: string; desc: boolean } | null): string {
  const columns = columnsFor(model, model.groups, KINDS);
  const noop = () => {};
  return renderToString(
    createElement(LeaderboardTable, {
      rows: model.rows,
      columns,
      study: model,
      marks: marksFor(model.rows, columns),
      sort,
      onSort: noop,
      expanded: null,
      onExpand: noop,
      selected: [],
      onSelect: noop,
    }),
  );
}

/** Each row's cell of the column, as the static HTML writes it: configuration, class and text. */
function cellsOf(html: string, col: string): { config: string; className: string; text: string }[] {
  const cell = new RegExp(`<td data-col="${col.replaceAll(".", "\\.")}" class="([^"]*)"[^>]*>([^<]*)<`);
  return html
    .split('<tr data-config="')
    .slice(1)
    .map((part) => {
      const [, className, text] = cell.exec(part) ?? [];
      return { config: part.slice(0, part.indexOf('"')), className: className ?? "", text: text ?? "" };
    });
}

describe("a column kind added by one registry entry", () => {
  it("builds its columns after the rates and gaps of each group", () => {
    expect(columnsFor(model, ["overall"], KINDS).map((c) => [c.id, c.label, c.marked])).toEqual([
      ["overall.uninterrupted", "Unint", null],
      ["overall.switched", "Switch", "higher"],
      ["overall.gap.switched", "Gap", "lower"],
      ["overall.missing.uninterrupted", "Missing Unint", "lower"],
      ["overall.missing.switched", "Missing Switch", "lower"],
    ]);
  });

  it("is in the table's static HTML: a sortable header, the values, marks by its direction", () => {
    const html = tableHtml(null);
    expect(html).toMatch(
      /<th scope="col" aria-sort="none" [^>]*data-col="overall\.missing\.switched"[^>]*><button[^>]*>Missing Switch</,
    );
    const cells = cellsOf(html, ID);
    expect(cells.map((c) => [c.config, c.text])).toEqual([
      ["a", "1"],
      ["b", "0"],
      ["c", "2"],
    ]);
    const marked = (c: { className: string }) => [/font-bold/.test(c.className), /underline/.test(c.className)];
    expect(cells.map(marked)).toEqual([
      [false, false],
      [true, false],
      [false, true],
    ]);
    // Built-in columns are untouched beside it.
    expect(cellsOf(html, "overall.gap.switched").map((c) => c.text)).toEqual(["50.0", "0.0", "50.0"]);
  });

  it("sorts the static HTML's rows by its values", () => {
    expect(cellsOf(tableHtml({ id: ID, desc: false }), ID).map((c) => c.config)).toEqual(["b", "a", "c"]);
    expect(cellsOf(tableHtml({ id: ID, desc: true }), ID).map((c) => c.config)).toEqual(["c", "a", "b"]);
  });

  it("is in the CSV and JSON export: value and interval after the gaps, its counts among the counts", () => {
    const records = exportRecords(model.rows, columnsFor(model, ["overall"], KINDS));
    const keys = Object.keys(records[0]!);
    expect(
      keys.slice(keys.indexOf("overall_gap_switched_mcnemar_p") + 1, keys.indexOf("overall_uninterrupted_resolved")),
    ).toEqual([
      "overall_missing_uninterrupted",
      "overall_missing_uninterrupted_ci_lo",
      "overall_missing_uninterrupted_ci_hi",
      "overall_missing_switched",
      "overall_missing_switched_ci_lo",
      "overall_missing_switched_ci_hi",
    ]);
    expect(keys).toContain("overall_missing_switched_n");
    expect(records.map((r) => r.overall_missing_switched)).toEqual([1, 0, 2]);
    const csv = toCsv(records).trimEnd().split("\n");
    const at = csv[0]!.split(",").indexOf("overall_missing_switched");
    expect(csv.slice(1).map((line) => line.split(",")[at])).toEqual(["1", "0", "2"]);
    const json = JSON.parse(toJson(records)) as Record<string, unknown>[];
    expect(json.map((r) => [r.overall_missing_switched, r.overall_missing_switched_n])).toEqual([
      [1, 2],
      [0, 2],
      [2, 2],
    ]);
  });
});

describe("each registry entry's better direction", () => {
  // Two tasks T1, T2. a: uninterrupted 1 1, switched 1 0 (rate 50, gap 50); b: 1 1 and 1 1 (rate 100, gap 0).
  // b has the higher switched rate and the lower gap: rank 1 in both columns exactly when each entry's
  // direction is the one ranks.ts ranks by.
  const score = (config_id: string, condition: string, task_id: string, s: number): TaskScoreRow => ({
    config_id,
    condition,
    task_id,
    grp: "near",
    repo: "r",
    score: s,
  });
  const scores = [
    ...["a", "b"].flatMap((c) => ["T1", "T2"].map((t) => score(c, "uninterrupted", t, 1))),
    score("a", "switched", "T1", 1),
    score("a", "switched", "T2", 0),
    score("b", "switched", "T1", 1),
    score("b", "switched", "T2", 1),
  ];

  it("ranks first the cell its direction calls best, in every column", () => {
    const ranked: LeaderboardModel = {
      ...model,
      rows: [row("a", 100, 50, 0), row("b", 100, 100, 0)],
    };
    attachRanks(ranked, scores);
    const cols = columnsFor(ranked, ranked.groups).filter((c) => c.condition === "switched");
    expect(cols.map((c) => c.id)).toEqual(["overall.switched", "overall.gap.switched"]);
    for (const col of cols) {
      const cells = ranked.rows.map((r) => cellOf(r, col)!);
      const best =
        col.kind.better === "higher" ? Math.max(...cells.map((c) => c.value)) : Math.min(...cells.map((c) => c.value));
      expect(cells.find((c) => c.rank?.rank === 1)?.value).toBe(best);
    }
  });
});
