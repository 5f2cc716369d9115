// quillworks/quill: report totals (hard-negative host: a review moves earlier code into a helper, a second
// review drops part of it as no longer needed).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const TOTALS_SOURCE = file(
  '"""Column totals for reports."""',
  "",
  "from __future__ import annotations",
  "",
  "",
  "def column_total(rows: list[dict[str, str]], column: str) -> float:",
  "    total = 0.0",
  "    for row in rows:",
  "        total += float(row[column])",
  "    return total",
);

export const TOTALS_TESTS = file(
  "from quill.report.totals import column_total",
  "",
  "",
  "def test_simple_total():",
  '    assert column_total([{"n": "1"}, {"n": "2.5"}], "n") == 3.5',
  "",
  "",
  "def test_no_rows():",
  '    assert column_total([], "n") == 0',
);

const CLEAN = '        cell = row.get(column, "").strip()';
const SIGNATURE = "def column_total(rows: list[dict[str, str]], column: str) -> float:";

export const TOTALS: TaskDef = {
  id: "quill-247",
  repo: "quillworks/quill",
  title: "Totals over incomplete columns",
  baseRevision: "",
  file: "quill/report/totals.py",
  testFile: "tests/test_totals.py",
  module: "quill.report.totals",
  stages: [
    {
      text: "`column_total()` crashes on rows where the column is missing or empty (`ValueError: could not convert string to float: ''`). Skip such cells instead of failing.",
      provenance: "issue",
      summary: "skipping missing and empty cells",
      edits: [
        {
          old: "        total += float(row[column])",
          new: L(CLEAN, "        if not cell:", "            continue", "        total += float(cell)"),
        },
      ],
    },
    {
      text: "Review: the averages will need the same cell cleaning. Move it into a helper `_cell_value(row, column)` that returns the float or `None`, and use it in `column_total()`.",
      provenance: "review",
      summary: "the _cell_value() helper",
      edits: [
        {
          old: SIGNATURE,
          new: L(
            "def _cell_value(row: dict[str, str], column: str) -> float | None:",
            CLEAN.slice(4),
            "    if not cell:",
            "        return None",
            "    return float(cell)",
            "",
            "",
            SIGNATURE,
          ),
        },
        {
          old: L(CLEAN, "        if not cell:", "            continue", "        total += float(cell)"),
          new: L(
            "        value = _cell_value(row, column)",
            "        if value is not None:",
            "            total += value",
          ),
        },
      ],
    },
    {
      text: "Review 2: the `.strip()` in `_cell_value()` is no longer needed: the CSV loader hands over stripped cells now. Drop it.",
      provenance: "review",
      summary: "the unneeded strip() dropped",
      edits: [{ old: CLEAN.slice(4), new: '    cell = row.get(column, "")' }],
    },
  ],
  f2p: [["test_missing_cells_skipped", "test_empty_cells_skipped"], ["test_cell_value_helper"], []],
  p2p: ["test_simple_total", "test_no_rows"],
  requested: [
    { kind: "helper", stage: 2, earlier: [1, 0], hit: 1 },
    {
      kind: "drop",
      stage: 3,
      earlier: [2, 0],
      hit: 0,
      sed: {
        script: 's/row.get(column, "").strip()/row.get(column, "")/',
        apply: (text) => text.replace('row.get(column, "").strip()', 'row.get(column, "")'),
      },
    },
  ],
};
