// quillworks/quill: table cells (loss host).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const CELLS_SOURCE = file(
  '"""Render table cells to fixed-width text."""',
  "",
  "from __future__ import annotations",
  "",
  "",
  'def render_cell(value: object, width: int, align: str = "left") -> str:',
  "    text = str(value)",
  '    if align == "right":',
  "        return text.rjust(width)",
  "    return text.ljust(width)",
  "",
  "",
  "def render_row(values: list[object], widths: list[int]) -> str:",
  '    return " | ".join(render_cell(value, width) for value, width in zip(values, widths))',
);

export const CELLS_TESTS = file(
  "from quill.render.cells import render_cell, render_row",
  "",
  "",
  "def test_left_default_for_text():",
  '    assert render_cell("ab", 4) == "ab  "',
  "",
  "",
  "def test_render_row():",
  '    assert render_row(["a", "b"], [2, 3]) == "a  | b  "',
  "",
  "",
  "def test_short_cell_padded():",
  '    assert render_cell("x", 3, align="right") == "  x"',
);

const SIGNATURE = 'def render_cell(value: object, width: int, align: str = "left") -> str:';
const S3_SIGNATURE = {
  old: SIGNATURE,
  new: "def render_cell(value: object, width: int, align: str | None = None) -> str:",
};
const TEXT = '    text = _truncate("" if value is None else str(value), width)';
const RIGHT = L('    if align == "right":', "        return text.rjust(width)");
const DEFAULT_ALIGN = L(
  "    if align is None:",
  '        align = "right" if isinstance(value, (int, float)) else "left"',
);
const S3_ALIGN = {
  old: RIGHT,
  new: L(DEFAULT_ALIGN, RIGHT, '    if align == "center":', "        return text.center(width)"),
};
const STAGE1 = [
  "test_long_cell_truncated",
  "test_truncated_cell_fits_width",
  "test_long_number_truncated",
  "test_row_truncates_cells",
];

export const CELLS: TaskDef = {
  id: "quill-215",
  repo: "quillworks/quill",
  title: "Truncated and aligned table cells",
  baseRevision: "",
  file: "quill/render/cells.py",
  testFile: "tests/test_cells.py",
  module: "quill.render.cells",
  stages: [
    {
      text: "A cell longer than its column pushes the rest of the row out of line. Truncate cell text to the column width, ending with `…` when something was cut, so that every cell is exactly `width` characters.",
      provenance: "issue",
      summary: "truncation of long cells with an ellipsis",
      edits: [
        {
          old: SIGNATURE,
          new: L(
            "def _truncate(text: str, width: int) -> str:",
            "    if len(text) > width:",
            '        return text[: width - 1] + "…"',
            "    return text",
            "",
            "",
            SIGNATURE,
          ),
        },
        { old: "    text = str(value)", new: "    text = _truncate(str(value), width)" },
      ],
    },
    {
      text: "Review: `None` should render as an empty cell, not as the text `None`.",
      provenance: "review",
      summary: "blank cells for None",
      edits: [{ old: "    text = _truncate(str(value), width)", new: TEXT }],
    },
    {
      text: 'Extension: support `align="center"`, and when no alignment is given, right-align numbers (`int` and `float`) and left-align everything else.',
      provenance: "extension",
      summary: "centre alignment and right-aligned numbers",
      edits: [S3_SIGNATURE, S3_ALIGN],
    },
  ],
  f2p: [STAGE1, ["test_none_is_blank"], ["test_center", "test_numbers_right_aligned"]],
  p2p: ["test_left_default_for_text", "test_render_row", "test_short_cell_padded"],
  loss: {
    replace: {
      edits: [
        S3_SIGNATURE,
        {
          old: L(TEXT, RIGHT, "    return text.ljust(width)"),
          new: L(
            '    text = "" if value is None else str(value)',
            DEFAULT_ALIGN,
            '    pad = {"left": str.ljust, "right": str.rjust, "center": str.center}[align]',
            "    return pad(text, width)",
          ),
        },
      ],
      hit: 1,
      lost: [1, 1],
      fails: STAGE1,
      why: "A lookup table of padding functions replaces the if-chain.",
    },
    earlyReturn: {
      edits: [
        S3_SIGNATURE,
        {
          old: TEXT,
          new: L(
            "    if align is None and isinstance(value, (int, float)):",
            "        return str(value).rjust(width)",
            TEXT,
          ),
        },
        S3_ALIGN,
      ],
      hit: 1,
      lost: [1, 1],
      fails: ["test_long_number_truncated", "test_row_truncates_cells"],
      why: "Numbers with no explicit alignment can be answered first, right-aligned.",
    },
    newFunction: {
      edits: [
        S3_SIGNATURE,
        S3_ALIGN,
        {
          old: L(
            "def render_row(values: list[object], widths: list[int]) -> str:",
            '    return " | ".join(render_cell(value, width) for value, width in zip(values, widths))',
          ),
          new: L(
            "def _render_number(value: int | float, width: int) -> str:",
            "    return str(value).rjust(width)",
            "",
            "",
            "def render_row(values: list[object], widths: list[int]) -> str:",
            "    cells = [",
            "        _render_number(value, width) if isinstance(value, (int, float)) else render_cell(value, width)",
            "        for value, width in zip(values, widths)",
            "    ]",
            '    return " | ".join(cells)',
          ),
        },
      ],
      hit: 2,
      lost: [1, 1],
      fails: ["test_row_truncates_cells"],
      why: "Rows render numbers through a small dedicated helper.",
    },
    delete: {
      edits: [
        S3_SIGNATURE,
        S3_ALIGN,
        { old: L("    if len(text) > width:", '        return text[: width - 1] + "…"'), new: "" },
      ],
      hit: 2,
      lost: [1, 0],
      fails: STAGE1,
      why: "center() and the other padding calls already size the cell, so the cut in _truncate is not needed any more.",
    },
    restructure: {
      edits: [
        S3_SIGNATURE,
        {
          old: L(TEXT, RIGHT),
          new: L(
            '    if align == "center":',
            '        text = _truncate("" if value is None else str(value), width)',
            "        return text.center(width)",
            '    text = "" if value is None else str(value)',
            '    if align == "right" or (align is None and isinstance(value, (int, float))):',
            "        return text.rjust(width)",
          ),
        },
      ],
      hit: 1,
      lost: [1, 1],
      fails: STAGE1,
      why: "The centre case goes first, then right alignment, then the left default.",
    },
    line: {
      find: 'return text[: width - 1] + "…"',
      replace: "return text[:width]",
      lost: [1, 0],
      fails: ["test_long_cell_truncated", "test_long_number_truncated", "test_row_truncates_cells"],
      why: "The ellipsis makes centred cells look lopsided; a plain cut at the width is cleaner.",
    },
    reset: { edits: [S3_SIGNATURE, S3_ALIGN], fails: [...STAGE1, "test_none_is_blank"] },
    undoFails: ["test_none_is_blank"],
    preserve: {
      edits: [
        S3_SIGNATURE,
        {
          old: L(TEXT, RIGHT),
          new: L(
            '    raw = "" if value is None else str(value)',
            "    text = _truncate(raw, width)",
            DEFAULT_ALIGN,
            RIGHT,
            '    if align == "center":',
            "        return text.center(width)",
          ),
        },
      ],
      hit: 1,
      earlier: [1, 1],
    },
  },
  slip: {
    edit: 1,
    find: "isinstance(value, (int, float))",
    replace: "isinstance(value, int)",
    fails: ["test_numbers_right_aligned"],
    smoke: {
      code: "from quill.render.cells import render_cell; print(repr(render_cell(2.5, 6)), repr(render_cell(7, 3)))",
      bad: "'2.5   ' '  7'",
      good: "'   2.5' '  7'",
    },
  },
};
