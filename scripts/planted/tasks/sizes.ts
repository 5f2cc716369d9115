// quillworks/quill: size arguments (loss host).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const SIZES_SOURCE = file(
  '"""Parse human-readable sizes given on the command line."""',
  "",
  "from __future__ import annotations",
  "",
  'UNITS = {"": 1, "k": 1000, "m": 1000**2, "g": 1000**3}',
  "",
  "",
  "def parse_size(text: str) -> int:",
  '    """parse_size("10k") == 10_000"""',
  "    number, unit = text[:-1], text[-1:]",
  "    if unit.isdigit():",
  '        number, unit = text, ""',
  "    return int(float(number) * UNITS[unit])",
  "",
  "",
  "def parse_limit(option: str | None) -> int | None:",
  '    """The --limit option: a size, or None for no limit."""',
  "    return None if option is None else parse_size(option)",
);

export const SIZES_TESTS = file(
  "from quill.cli.sizes import parse_limit, parse_size",
  "",
  "",
  "def test_plain_number():",
  '    assert parse_size("512") == 512',
  "",
  "",
  "def test_decimal_k():",
  '    assert parse_size("1.5k") == 1500',
  "",
  "",
  "def test_limit_none():",
  "    assert parse_limit(None) is None",
);

const NORMALIZE = '    text = text.strip().lower().replace(" ", "")';
const RAISE = L(
  "    try:",
  "        value = float(number)",
  "    except ValueError:",
  '        raise ValueError(f"invalid size: {original!r}") from None',
  "    if unit not in UNITS or value < 0:",
  '        raise ValueError(f"invalid size: {original!r}")',
  "    return int(value * UNITS[unit])",
);
const S3_RAISE = { old: "    return int(float(number) * UNITS[unit])", new: RAISE };
const STAGE1 = ["test_case_insensitive_units", "test_whitespace_ignored", "test_limit_case_insensitive"];
const LOWER_LOST = ["test_case_insensitive_units", "test_limit_case_insensitive", "test_binary_units"];

export const SIZES: TaskDef = {
  id: "quill-208",
  repo: "quillworks/quill",
  title: "Case-insensitive size arguments",
  baseRevision: "",
  file: "quill/cli/sizes.py",
  testFile: "tests/test_sizes.py",
  module: "quill.cli.sizes",
  stages: [
    {
      text: '`parse_size("10K")` raises `KeyError` and `parse_size("10 k")` fails on the space. Units must be case-insensitive, and whitespace around or inside the size ignored, in `parse_size()` and in everything built on it (`--limit` included).',
      provenance: "issue",
      summary: "case-insensitive units and ignored whitespace",
      edits: [
        {
          old: "    number, unit = text[:-1], text[-1:]",
          new: L(NORMALIZE, "    number, unit = text[:-1], text[-1:]"),
        },
      ],
    },
    {
      text: 'Review: also accept the binary units `ki`, `mi` and `gi` (powers of 1024), e.g. `parse_size("4Mi") == 4 * 1024**2`.',
      provenance: "review",
      summary: "binary units ki, mi and gi",
      edits: [
        {
          old: 'UNITS = {"": 1, "k": 1000, "m": 1000**2, "g": 1000**3}',
          new: 'UNITS = {"": 1, "k": 1000, "m": 1000**2, "g": 1000**3, "ki": 1024, "mi": 1024**2, "gi": 1024**3}',
        },
        {
          old: L(
            "    number, unit = text[:-1], text[-1:]",
            "    if unit.isdigit():",
            '        number, unit = text, ""',
          ),
          new: L('    number = text.rstrip("kmgi")', "    unit = text[len(number):]"),
        },
      ],
    },
    {
      text: "Extension: invalid input should raise `ValueError(\"invalid size: '<text>'\")` quoting the text exactly as given: negative sizes, unknown units (`10x`) and missing numbers, instead of `KeyError` or float()'s own message.",
      provenance: "extension",
      summary: "a ValueError quoting the given text",
      edits: [{ old: NORMALIZE, new: L("    original = text", NORMALIZE) }, S3_RAISE],
    },
  ],
  f2p: [STAGE1, ["test_binary_units"], ["test_negative_rejected", "test_unknown_unit_message", "test_missing_number"]],
  p2p: ["test_plain_number", "test_decimal_k", "test_limit_none"],
  loss: {
    replace: {
      edits: [{ old: NORMALIZE, new: L("    original = text", "    text = text.strip()") }, S3_RAISE],
      hit: 0,
      lost: [1, 0],
      fails: LOWER_LOST,
      why: "The error message has to quote the text as given, so I keep the text as the user typed it.",
    },
    newFunction: {
      edits: [
        { old: NORMALIZE, new: L("    original = text", NORMALIZE) },
        S3_RAISE,
        {
          old: "def parse_limit(option: str | None) -> int | None:",
          new: L(
            "def _parse_checked(text: str) -> int:",
            '    number = text.rstrip("kmgi")',
            "    unit = text[len(number):]",
            "    if unit not in UNITS or not number or float(number) < 0:",
            '        raise ValueError(f"invalid size: {text!r}")',
            "    return int(float(number) * UNITS[unit])",
            "",
            "",
            "def parse_limit(option: str | None) -> int | None:",
          ),
        },
        {
          old: "    return None if option is None else parse_size(option)",
          new: "    return None if option is None else _parse_checked(option)",
        },
      ],
      hit: 3,
      lost: [1, 0],
      fails: ["test_limit_case_insensitive"],
      why: "--limit gets a strict parser of its own that rejects bad input up front.",
    },
    line: {
      find: 'text = text.strip().lower().replace(" ", "")',
      replace: "text = text.strip()",
      lost: [1, 0],
      fails: LOWER_LOST,
      why: "The text should stay as the user typed it so that the error quotes it exactly; units are matched below.",
    },
    reset: {
      edits: [
        {
          old: "    number, unit = text[:-1], text[-1:]",
          new: L("    original = text", "    number, unit = text[:-1], text[-1:]"),
        },
        S3_RAISE,
      ],
      fails: [...STAGE1, "test_binary_units"],
    },
    undoFails: ["test_binary_units"],
    preserve: {
      edits: [{ old: NORMALIZE, new: '    original, text = text, text.strip().lower().replace(" ", "")' }, S3_RAISE],
      hit: 0,
      earlier: [1, 0],
    },
  },
  slip: {
    edit: 1,
    find: "{original!r}",
    replace: "{text!r}",
    fails: ["test_unknown_unit_message"],
    smoke: {
      code: "from quill.cli.sizes import parse_size; parse_size(' 10 X ')",
      bad: 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n  File "@@ROOT@@/quill/cli/sizes.py", line @@LINE(        raise ValueError(f"invalid size: {text!r}") from None)@@, in parse_size\n    raise ValueError(f"invalid size: {text!r}") from None\nValueError: invalid size: \'10x\'',
      good: 'Traceback (most recent call last):\n  File "<string>", line 1, in <module>\n  File "@@ROOT@@/quill/cli/sizes.py", line @@LINE(        raise ValueError(f"invalid size: {original!r}") from None)@@, in parse_size\n    raise ValueError(f"invalid size: {original!r}") from None\nValueError: invalid size: \' 10 X \'',
    },
  },
};
