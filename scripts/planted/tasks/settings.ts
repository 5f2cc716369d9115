// quillworks/quill: settings (hard-negative host: a review asks to bound an earlier result).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const SETTINGS_SOURCE = file(
  '"""Settings loaded from defaults, a file and the environment."""',
  "",
  "from __future__ import annotations",
  "",
  "import os",
  "from collections.abc import Mapping",
  "",
  'DEFAULTS = {"workers": "4", "color": "auto", "page_size": "50"}',
  "",
  "",
  "def load_settings(file_values: Mapping[str, str], environ: Mapping[str, str] | None = None) -> dict[str, str]:",
  "    env = os.environ if environ is None else environ",
  "    settings = dict(DEFAULTS)",
  "    settings.update(file_values)",
  "    for key in settings:",
  '        override = env.get("QUILL_" + key.upper())',
  "        if override:",
  "            settings[key] = override",
  "    return settings",
  "",
  "",
  "def get_int(settings: Mapping[str, str], key: str) -> int:",
  "    return int(settings[key])",
);

export const SETTINGS_TESTS = file(
  "from quill.config.settings import get_int, load_settings",
  "",
  "",
  "def test_defaults():",
  '    assert load_settings({}, {})["workers"] == "4"',
  "",
  "",
  "def test_file_overrides_default():",
  '    assert load_settings({"workers": "8"}, {})["workers"] == "8"',
  "",
  "",
  "def test_env_overrides_file():",
  '    assert load_settings({"workers": "8"}, {"QUILL_WORKERS": "2"})["workers"] == "2"',
  "",
  "",
  "def test_get_int_plain():",
  '    assert get_int({"workers": "3"}, "workers") == 3',
);

const RAISE = '        raise ValueError(f"setting {key!r} must be an integer, got {raw!r}") from None';

export const SETTINGS: TaskDef = {
  id: "quill-231",
  repo: "quillworks/quill",
  title: "Environment overrides and integer settings",
  baseRevision: "",
  file: "quill/config/settings.py",
  testFile: "tests/test_settings.py",
  module: "quill.config.settings",
  stages: [
    {
      text: "An empty `QUILL_*` variable is ignored today, so `QUILL_COLOR=` cannot clear the color setting from the config file. A variable that is set must override the file value even when it is empty.",
      provenance: "issue",
      summary: "empty environment variables overriding the file",
      edits: [{ old: "        if override:", new: "        if override is not None:" }],
    },
    {
      text: "Review: `get_int()` should raise a `ValueError` that names the setting, e.g. `setting 'workers' must be an integer, got 'many'`, instead of int()'s bare message.",
      provenance: "review",
      summary: "a ValueError naming the setting",
      edits: [
        {
          old: "    return int(settings[key])",
          new: L("    raw = settings[key]", "    try:", "        return int(raw)", "    except ValueError:", RAISE),
        },
      ],
    },
    {
      text: 'Review 2: bound the parsed value: `get_int()` takes optional `minimum` and `maximum` and clamps the integer into that range (`get_int(s, "workers", minimum=1)` never returns 0).',
      provenance: "review",
      summary: "clamping get_int() to minimum and maximum",
      edits: [
        {
          old: "def get_int(settings: Mapping[str, str], key: str) -> int:",
          new: "def get_int(settings: Mapping[str, str], key: str, minimum: int | None = None, maximum: int | None = None) -> int:",
        },
        { old: L("    try:", "        return int(raw)"), new: L("    try:", "        value = int(raw)") },
        {
          old: RAISE,
          new: L(
            RAISE,
            "    if minimum is not None:",
            "        value = max(value, minimum)",
            "    if maximum is not None:",
            "        value = min(value, maximum)",
            "    return value",
          ),
        },
      ],
    },
  ],
  f2p: [
    ["test_empty_env_overrides"],
    ["test_get_int_error_message"],
    ["test_get_int_clamped_min", "test_get_int_clamped_max"],
  ],
  p2p: ["test_defaults", "test_file_overrides_default", "test_env_overrides_file", "test_get_int_plain"],
  requested: [{ kind: "wrap", stage: 3, earlier: [2, 0], hit: 1 }],
  slip: {
    edit: 2,
    find: "value = max(value, minimum)",
    replace: "value = min(value, minimum)",
    fails: ["test_get_int_clamped_min"],
  },
};
