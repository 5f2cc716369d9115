// quillworks/quill: CSV loading (hard-negative host: a review asks to move earlier code into a helper).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const LOADER_SOURCE = file(
  '"""Load tabular data from CSV files."""',
  "",
  "from __future__ import annotations",
  "",
  "import csv",
  "from pathlib import Path",
  "",
  "",
  "def load_rows(path: Path) -> list[dict[str, str]]:",
  '    with path.open(newline="") as handle:',
  "        return list(csv.DictReader(handle))",
  "",
  "",
  "def column_names(path: Path) -> list[str]:",
  '    with path.open(newline="") as handle:',
  "        return next(csv.reader(handle), [])",
);

export const LOADER_TESTS = file(
  "from pathlib import Path",
  "",
  "from quill.io.loader import column_names, load_rows",
  "",
  "",
  "def test_load_simple(tmp_path: Path):",
  '    path = tmp_path / "a.csv"',
  String.raw`    path.write_text("id,name\n1,Ada\n")`,
  '    assert load_rows(path) == [{"id": "1", "name": "Ada"}]',
  "",
  "",
  "def test_quoted_fields(tmp_path: Path):",
  '    path = tmp_path / "b.csv"',
  String.raw`    path.write_text('id,name\n1,"Lovelace, Ada"\n')`,
  '    assert column_names(path) == ["id", "name"]',
);

const OPEN = '    with path.open(newline="", encoding="utf-8-sig") as handle:';
const SNIFF = String.raw`        dialect = csv.Sniffer().sniff(handle.readline(), delimiters=",;\t")`;
const ROWS_DEF = "def load_rows(path: Path) -> list[dict[str, str]]:";
const COLS_DEF = "def column_names(path: Path) -> list[str]:";

export const LOADER: TaskDef = {
  id: "quill-223",
  repo: "quillworks/quill",
  title: "CSV files from spreadsheet exports",
  baseRevision: "",
  file: "quill/io/loader.py",
  testFile: "tests/test_loader.py",
  module: "quill.io.loader",
  stages: [
    {
      text: "CSV files saved by Excel start with a UTF-8 byte-order mark, so the first column comes back as `\\ufeffid`. Read CSV files with the `utf-8-sig` encoding in both `load_rows()` and `column_names()`.",
      provenance: "issue",
      summary: "utf-8-sig decoding of CSV files",
      edits: [
        { old: L(ROWS_DEF, '    with path.open(newline="") as handle:'), new: L(ROWS_DEF, OPEN) },
        { old: L(COLS_DEF, '    with path.open(newline="") as handle:'), new: L(COLS_DEF, OPEN) },
      ],
    },
    {
      text: "Review: semicolon-separated exports (European Excel) and tab-separated files should load too. Detect the delimiter from the first line, among `,`, `;` and tab.",
      provenance: "review",
      summary: "delimiter sniffing",
      edits: [
        {
          old: "        return list(csv.DictReader(handle))",
          new: L(SNIFF, "        handle.seek(0)", "        return list(csv.DictReader(handle, dialect=dialect))"),
        },
        {
          old: "        return next(csv.reader(handle), [])",
          new: L(SNIFF, "        handle.seek(0)", "        return next(csv.reader(handle, dialect=dialect), [])"),
        },
      ],
    },
    {
      text: "Review 2: opening the file and sniffing the dialect is now duplicated in both functions. Move it into one helper, `_open_csv(path)`, returning the open handle and the dialect, and use it from `load_rows()` and `column_names()`.",
      provenance: "review",
      summary: "the shared _open_csv() helper",
      edits: [
        {
          old: L("import csv", "from pathlib import Path"),
          new: L("import csv", "from pathlib import Path", "from typing import TextIO"),
        },
        {
          old: L(
            ROWS_DEF,
            OPEN,
            SNIFF,
            "        handle.seek(0)",
            "        return list(csv.DictReader(handle, dialect=dialect))",
          ),
          new: L(
            "def _open_csv(path: Path) -> tuple[TextIO, type[csv.Dialect]]:",
            '    handle = path.open(newline="", encoding="utf-8-sig")',
            SNIFF.slice(4),
            "    handle.seek(0)",
            "    return handle, dialect",
            "",
            "",
            ROWS_DEF,
            "    handle, dialect = _open_csv(path)",
            "    with handle:",
            "        return list(csv.DictReader(handle, dialect=dialect))",
          ),
        },
        {
          old: L(
            COLS_DEF,
            OPEN,
            SNIFF,
            "        handle.seek(0)",
            "        return next(csv.reader(handle, dialect=dialect), [])",
          ),
          new: L(
            COLS_DEF,
            "    handle, dialect = _open_csv(path)",
            "    with handle:",
            "        return next(csv.reader(handle, dialect=dialect), [])",
          ),
        },
      ],
    },
  ],
  f2p: [
    ["test_bom_stripped", "test_column_names_bom"],
    ["test_semicolon_delimiter", "test_tab_delimiter"],
    ["test_open_csv_helper"],
  ],
  p2p: ["test_load_simple", "test_quoted_fields"],
  requested: [{ kind: "helper", stage: 3, earlier: [1, 0], hit: 1 }],
};
