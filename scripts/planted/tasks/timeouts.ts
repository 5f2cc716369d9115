// tessellate/fetchkit: timeout resolution (loss host).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const TIMEOUTS_SOURCE = file(
  '"""Resolve per-request timeouts."""',
  "",
  "from __future__ import annotations",
  "",
  "from collections.abc import Mapping",
  "from dataclasses import dataclass",
  "",
  "DEFAULT_CONNECT = 10.0",
  "DEFAULT_READ = 30.0",
  "",
  "",
  "@dataclass(frozen=True)",
  "class Timeout:",
  "    connect: float | None",
  "    read: float | None",
  "",
  "",
  "def resolve_timeout(value: float | tuple[float, float] | Timeout | None) -> Timeout:",
  '    """Turn the caller\'s timeout= argument into a Timeout."""',
  "    if isinstance(value, Timeout):",
  "        return value",
  "    if isinstance(value, tuple):",
  "        connect, read = value",
  "        return Timeout(connect, read)",
  "    return Timeout(value, value)",
  "",
  "",
  "def request_timeout(options: Mapping[str, object]) -> Timeout:",
  '    """The timeout of one request, from its options."""',
  '    return resolve_timeout(options.get("timeout"))  # type: ignore[arg-type]',
);

export const TIMEOUTS_TESTS = file(
  "from fetchkit.timeouts import Timeout, resolve_timeout",
  "",
  "",
  "def test_timeout_passthrough():",
  "    timeout = Timeout(1.0, 2.0)",
  "    assert resolve_timeout(timeout) is timeout",
  "",
  "",
  "def test_tuple_split():",
  "    assert resolve_timeout((3.0, 7.0)) == Timeout(3.0, 7.0)",
  "",
  "",
  "def test_number_both():",
  "    assert resolve_timeout(300.0) == Timeout(300.0, 300.0)",
);

const SIGNATURE = "def resolve_timeout(value: float | tuple[float, float] | Timeout | None) -> Timeout:";
const S3_SIGNATURE = {
  old: SIGNATURE,
  new: "def resolve_timeout(value: float | str | tuple[float, float] | Timeout | None) -> Timeout:",
};
const PASS = L("    if isinstance(value, Timeout):", "        return value");
const PARTS = '        parts = [float(part) for part in value.split(",")]';
const S3_STRINGS = {
  old: PASS,
  new: L(
    PASS,
    "    if isinstance(value, str):",
    PARTS,
    "        value = (parts[0], parts[1]) if len(parts) == 2 else parts[0]",
  ),
};
const TUPLE = L(
  "    if isinstance(value, tuple):",
  "        connect, read = value",
  "        _check(connect)",
  "        _check(read)",
  "        return Timeout(connect, read)",
);
const STAGE1 = ["test_none_uses_defaults", "test_request_timeout_default"];
const STAGE2 = ["test_negative_rejected", "test_zero_rejected", "test_tuple_members_checked", "test_string_checked"];

export const TIMEOUTS: TaskDef = {
  id: "fetchkit-447",
  repo: "tessellate/fetchkit",
  title: "Default and validated timeouts",
  baseRevision: "",
  file: "src/fetchkit/timeouts.py",
  testFile: "tests/test_timeouts.py",
  module: "fetchkit.timeouts",
  stages: [
    {
      text: "`resolve_timeout(None)` means 'wait forever' today, and a stuck server hangs our workers. `None` should mean the library defaults (connect 10 s, read 30 s); callers who really want no timeout pass `Timeout(None, None)`.",
      provenance: "issue",
      summary: "library defaults for a None timeout",
      edits: [
        {
          old: "    return Timeout(value, value)",
          new: L(
            "    if value is None:",
            "        return Timeout(DEFAULT_CONNECT, DEFAULT_READ)",
            "    return Timeout(value, value)",
          ),
        },
      ],
    },
    {
      text: 'Review: reject zero and negative timeouts with `ValueError("timeout must be positive")`, both for a single number and for each member of a `(connect, read)` tuple.',
      provenance: "review",
      summary: "rejection of zero and negative timeouts",
      edits: [
        {
          old: SIGNATURE,
          new: L(
            "def _check(seconds: float | None) -> None:",
            "    if seconds is not None and seconds <= 0:",
            '        raise ValueError("timeout must be positive")',
            "",
            "",
            SIGNATURE,
          ),
        },
        {
          old: L("        connect, read = value", "        return Timeout(connect, read)"),
          new: TUPLE.split("\n").slice(1).join("\n"),
        },
        {
          old: L("        return Timeout(DEFAULT_CONNECT, DEFAULT_READ)", "    return Timeout(value, value)"),
          new: L(
            "        return Timeout(DEFAULT_CONNECT, DEFAULT_READ)",
            "    _check(value)",
            "    return Timeout(value, value)",
          ),
        },
      ],
    },
    {
      text: 'Extension: timeouts now also come from config files as strings. Accept `"5"` (both timeouts) and `"5,30"` (connect, read) in `resolve_timeout()` and `request_timeout()`, with the same meaning and checks as the numeric forms.',
      provenance: "extension",
      summary: "string timeouts from config files",
      edits: [S3_SIGNATURE, S3_STRINGS],
    },
  ],
  f2p: [STAGE1, STAGE2, ["test_string_single", "test_string_pair"]],
  p2p: ["test_timeout_passthrough", "test_tuple_split", "test_number_both"],
  loss: {
    replace: {
      edits: [
        S3_SIGNATURE,
        {
          old: L(
            "    if value is None:",
            "        return Timeout(DEFAULT_CONNECT, DEFAULT_READ)",
            "    _check(value)",
            "    return Timeout(value, value)",
          ),
          new: L(
            "    if isinstance(value, str):",
            PARTS,
            "        if len(parts) == 2:",
            "            return Timeout(parts[0], parts[1])",
            "        value = parts[0]",
            "    return Timeout(value, value)",
          ),
        },
      ],
      hit: 1,
      lost: [1, 0],
      fails: [...STAGE1, "test_negative_rejected", "test_zero_rejected", "test_string_checked"],
      why: "The tail of resolve_timeout() is where a plain value ends up, so the string parsing goes there.",
    },
    earlyReturn: {
      edits: [
        S3_SIGNATURE,
        {
          old: PASS,
          new: L(PASS, "    if isinstance(value, str):", PARTS, "        return Timeout(parts[0], parts[-1])"),
        },
      ],
      hit: 1,
      lost: [2, 0],
      fails: ["test_string_checked"],
      why: "Strings can be answered right away once they are split.",
    },
    newFunction: {
      edits: [
        S3_SIGNATURE,
        S3_STRINGS,
        {
          old: "def request_timeout(options: Mapping[str, object]) -> Timeout:",
          new: L(
            "def _parse_config_timeout(text: str) -> Timeout:",
            '    parts = [float(part) for part in text.split(",")]',
            "    return Timeout(parts[0], parts[-1])",
            "",
            "",
            "def request_timeout(options: Mapping[str, object]) -> Timeout:",
          ),
        },
        {
          old: '    return resolve_timeout(options.get("timeout"))  # type: ignore[arg-type]',
          new: L(
            '    raw = options.get("timeout")',
            "    if isinstance(raw, str):",
            "        return _parse_config_timeout(raw)",
            "    return resolve_timeout(raw)  # type: ignore[arg-type]",
          ),
        },
      ],
      hit: 3,
      lost: [2, 0],
      fails: ["test_string_checked"],
      why: "Config strings get a dedicated parser that request_timeout() calls for them.",
    },
    delete: {
      edits: [S3_SIGNATURE, S3_STRINGS, { old: L("        _check(connect)", "        _check(read)"), new: "" }],
      hit: 2,
      lost: [2, 1],
      fails: ["test_tuple_members_checked", "test_string_checked"],
      why: "The per-member checks are redundant now that every value goes through one path; removing them.",
    },
    restructure: {
      edits: [
        S3_SIGNATURE,
        {
          old: TUPLE,
          new: L(
            "    if isinstance(value, str):",
            PARTS,
            "        for part in parts:",
            "            _check(part)",
            "        return Timeout(parts[0], parts[-1])",
            "    elif isinstance(value, tuple):",
            "        connect, read = value",
            "        return Timeout(connect, read)",
          ),
        },
      ],
      hit: 1,
      lost: [2, 1],
      fails: ["test_tuple_members_checked"],
      why: "One if/elif chain over the accepted input types.",
    },
    line: {
      find: "if seconds is not None and seconds <= 0:",
      replace: "if seconds is not None and seconds < 0:",
      lost: [2, 0],
      fails: ["test_zero_rejected", "test_string_checked"],
      why: "Config files use 0 for 'no read timeout' on streaming endpoints, so zero has to be accepted.",
    },
    reset: { edits: [S3_SIGNATURE, S3_STRINGS], fails: [...STAGE1, ...STAGE2] },
    undoFails: ["test_negative_rejected", "test_zero_rejected", "test_string_checked"],
    preserve: {
      edits: [
        S3_SIGNATURE,
        {
          old: TUPLE,
          new: L(
            "    if isinstance(value, str):",
            PARTS,
            "        value = (parts[0], parts[1]) if len(parts) == 2 else parts[0]",
            TUPLE,
          ),
        },
      ],
      hit: 1,
      earlier: [2, 1],
    },
  },
  slip: {
    edit: 1,
    find: "if len(parts) == 2 else parts[0]",
    replace: "if len(parts) == 2 else parts",
    fails: ["test_string_single", "test_string_checked"],
    smoke: {
      code: "from fetchkit.timeouts import resolve_timeout; print(resolve_timeout('5'))",
      bad: "Traceback (most recent call last):\n  File \"<string>\", line 1, in <module>\n  File \"@@ROOT@@/src/fetchkit/timeouts.py\", line @@LINE(    _check(value))@@, in resolve_timeout\n    _check(value)\n  File \"@@ROOT@@/src/fetchkit/timeouts.py\", line @@LINE(    if seconds is not None and seconds <= 0:)@@, in _check\n    if seconds is not None and seconds <= 0:\n                               ^^^^^^^^^^^^\nTypeError: '<=' not supported between instances of 'list' and 'int'",
      good: "Timeout(connect=5.0, read=5.0)",
    },
  },
  foreign: {
    from: "fetchkit-412",
    fromStage: 1,
    atStage: 3,
    edits: [
      S3_SIGNATURE,
      S3_STRINGS,
      {
        old: L("    _check(value)", "    return Timeout(value, value)"),
        new: L("    _check(value)", "    value = min(value, 120.0)", "    return Timeout(value, value)"),
      },
    ],
    hit: 2,
    fails: ["test_number_both"],
    what: "caps single timeouts at 120 seconds, the retry task's max_backoff rule",
  },
  imports: {
    from: "fetchkit-412",
    fromStage: 2,
    atStage: 3,
    edits: [
      S3_SIGNATURE,
      {
        old: "from dataclasses import dataclass",
        new: L("from dataclasses import dataclass", "", "from fetchkit.retry import _parse_retry_after"),
      },
      {
        old: PASS,
        new: L(
          PASS,
          "    if isinstance(value, str):",
          '        parts = [_parse_retry_after(part) for part in value.split(",")]',
          "        value = (parts[0], parts[1]) if len(parts) == 2 else parts[0]",
        ),
      },
    ],
    hit: 2,
    fails: [],
    brokenImport: true,
    what: "parses config strings with _parse_retry_after imported from fetchkit.retry, which only the retry task's checkout has",
  },
};
