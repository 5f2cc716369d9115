// tessellate/fetchkit: cookie parsing (hard-negative host: a review asks to drop an earlier check).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const COOKIES_SOURCE = file(
  '"""Parse Cookie headers."""',
  "",
  "from __future__ import annotations",
  "",
  "",
  "def parse_cookie_header(header: str) -> dict[str, str]:",
  '    """Parse a request Cookie header into a dict."""',
  "    cookies: dict[str, str] = {}",
  '    for chunk in header.split(";"):',
  '        name, _, value = chunk.partition("=")',
  "        cookies[name] = value",
  "    return cookies",
  "",
  "",
  "def format_cookie_header(cookies: dict[str, str]) -> str:",
  '    return "; ".join(f"{name}={value}" for name, value in cookies.items())',
);

export const COOKIES_TESTS = file(
  "from fetchkit.cookies import format_cookie_header, parse_cookie_header",
  "",
  "",
  "def test_single_cookie():",
  '    assert parse_cookie_header("session=abc") == {"session": "abc"}',
  "",
  "",
  "def test_format_roundtrip():",
  '    assert format_cookie_header({"a": "1", "b": "2"}) == "a=1; b=2"',
  "",
  "",
  "def test_case_preserved():",
  '    assert parse_cookie_header("SID=1") == {"SID": "1"}',
);

export const COOKIES: TaskDef = {
  id: "fetchkit-455",
  repo: "tessellate/fetchkit",
  title: "Lenient Cookie header parsing",
  baseRevision: "",
  file: "src/fetchkit/cookies.py",
  testFile: "tests/test_cookies.py",
  module: "fetchkit.cookies",
  stages: [
    {
      text: "`parse_cookie_header(\"a=1; b=2;\")` returns `{'a': '1', ' b': '2', '': ''}`: names keep the space after `;` and the trailing `;` adds an empty cookie. Strip names and values, skip empty chunks, and skip chunks without `=`.",
      provenance: "issue",
      summary: "stripped names and values, skipping empty chunks",
      edits: [
        {
          old: L('        name, _, value = chunk.partition("=")', "        cookies[name] = value"),
          new: L(
            '        if "=" not in chunk:',
            "            continue",
            '        name, _, value = chunk.partition("=")',
            "        name = name.strip()",
            "        if not name:",
            "            continue",
            "        cookies[name] = value.strip()",
          ),
        },
      ],
    },
    {
      text: 'Review: values wrapped in double quotes (`token="a b"`) must come back without the quotes.',
      provenance: "review",
      summary: "unquoting of double-quoted values",
      edits: [
        {
          old: "def parse_cookie_header(header: str) -> dict[str, str]:",
          new: L(
            "def _unquote(value: str) -> str:",
            "    if len(value) >= 2 and value[0] == value[-1] == '\"':",
            "        return value[1:-1]",
            "    return value",
            "",
            "",
            "def parse_cookie_header(header: str) -> dict[str, str]:",
          ),
        },
        { old: "        cookies[name] = value.strip()", new: "        cookies[name] = _unquote(value.strip())" },
      ],
    },
    {
      text: "Review 2: the separate check that skips chunks without `=` is no longer needed: `partition()` already yields an empty value for them, and browsers send such flags (`debug`), which we now want to keep as cookies with an empty value. Remove that check.",
      provenance: "review",
      summary: "keeping flag cookies without '='",
      edits: [{ old: L('        if "=" not in chunk:', "            continue"), new: "" }],
    },
  ],
  f2p: [
    ["test_names_and_values_stripped", "test_empty_chunks_skipped"],
    ["test_quoted_value", "test_quotes_inside_kept"],
    ["test_flag_without_equals_kept"],
  ],
  p2p: ["test_single_cookie", "test_format_roundtrip", "test_case_preserved"],
  requested: [
    {
      kind: "drop",
      stage: 3,
      earlier: [1, 0],
      hit: 0,
      sed: {
        script: '/if "=" not in chunk:/,+1d',
        apply: (text) => text.replace('        if "=" not in chunk:\n            continue\n', ""),
      },
    },
  ],

  stray: {
    edit: {
      old: '    return "; ".join(f"{name}={value}" for name, value in cookies.items())',
      new: '    return ";".join(f"{name}={value}" for name, value in cookies.items())',
    },
    fails: ["test_format_roundtrip"],
  },
  foreign: {
    from: "fetchkit-431",
    fromStage: 1,
    atStage: 2,
    edits: [
      {
        old: "def parse_cookie_header(header: str) -> dict[str, str]:",
        new: L(
          "def _unquote(value: str) -> str:",
          "    if len(value) >= 2 and value[0] == value[-1] == '\"':",
          "        return value[1:-1]",
          "    return value",
          "",
          "",
          "def parse_cookie_header(header: str) -> dict[str, str]:",
        ),
      },
      {
        old: L(
          "        name = name.strip()",
          "        if not name:",
          "            continue",
          "        cookies[name] = value.strip()",
        ),
        new: L(
          "        name = name.strip().lower()",
          "        if not name:",
          "            continue",
          "        cookies[name] = _unquote(value.strip())",
        ),
      },
    ],
    hit: 1,
    fails: ["test_case_preserved"],
    what: "lower-cases cookie names, as the header task asked for header names",
  },
};
