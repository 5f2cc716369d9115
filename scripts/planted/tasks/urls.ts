// tessellate/fetchkit: URL building (hard-negative host: a review asks to rename an argument).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const URLS_SOURCE = file(
  '"""Build request URLs."""',
  "",
  "from __future__ import annotations",
  "",
  "from urllib.parse import urlencode",
  "",
  "",
  "def build_url(base: str, path: str, params: dict[str, str] | None = None) -> str:",
  "    url = base + path",
  "    if params:",
  '        url += "?" + urlencode(params)',
  "    return url",
);

export const URLS_TESTS = file(
  "from fetchkit.urls import build_url",
  "",
  "",
  "def test_no_params():",
  '    assert build_url("https://h", "/p") == "https://h/p"',
  "",
  "",
  "def test_simple_params():",
  '    assert build_url("https://h", "/p", {"q": "x"}) == "https://h/p?q=x"',
  "",
  "",
  "def test_param_values_verbatim():",
  '    assert build_url("https://h", "/p", {"q": " x"}) == "https://h/p?q=+x"',
);

const KEPT = "        kept = [(key, value) for key, value in params.items() if value is not None]";

export const URLS: TaskDef = {
  id: "fetchkit-468",
  repo: "tessellate/fetchkit",
  title: "URL joining and query parameters",
  baseRevision: "",
  file: "src/fetchkit/urls.py",
  testFile: "tests/test_urls.py",
  module: "fetchkit.urls",
  stages: [
    {
      text: '`build_url("https://api.example.com/", "/v1/items")` gives `https://api.example.com//v1/items`. Join the base and the path with exactly one `/`, whatever slashes either side brings.',
      provenance: "issue",
      summary: "a single slash between base and path",
      edits: [{ old: "    url = base + path", new: '    url = base.rstrip("/") + "/" + path.lstrip("/")' }],
    },
    {
      text: "Review: parameters whose value is `None` must be left out instead of being sent as the string `None`, and the remaining ones keep the order the caller gave.",
      provenance: "review",
      summary: "dropping None parameters",
      edits: [
        {
          old: L("    if params:", '        url += "?" + urlencode(params)'),
          new: L("    if params:", KEPT, "        if kept:", '            url += "?" + urlencode(kept)'),
        },
        {
          old: "def build_url(base: str, path: str, params: dict[str, str] | None = None) -> str:",
          new: "def build_url(base: str, path: str, params: dict[str, str | None] | None = None) -> str:",
        },
      ],
    },
    {
      text: "Review 2: rename the `params` argument of `build_url()` to `query`, to match the rest of the client API (`Request.query`). No compatibility alias is needed.",
      provenance: "review",
      summary: "the params argument renamed to query",
      edits: [
        {
          old: "def build_url(base: str, path: str, params: dict[str, str | None] | None = None) -> str:",
          new: "def build_url(base: str, path: str, query: dict[str, str | None] | None = None) -> str:",
        },
        { old: L("    if params:", KEPT), new: L("    if query:", KEPT.replace("params.items()", "query.items()")) },
      ],
    },
  ],
  f2p: [
    ["test_single_slash_join", "test_no_slash_join"],
    ["test_none_params_dropped", "test_param_order_kept"],
    ["test_query_keyword"],
  ],
  p2p: ["test_no_params", "test_simple_params", "test_param_values_verbatim"],
  requested: [
    {
      kind: "rename",
      stage: 3,
      earlier: [2, 0],
      hit: 1,
      sed: { script: String.raw`s/\bparams\b/query/g`, apply: (text) => text.replace(/\bparams\b/g, "query") },
    },
  ],

  foreign: {
    from: "fetchkit-431",
    fromStage: 2,
    atStage: 3,
    edits: [
      {
        old: "def build_url(base: str, path: str, params: dict[str, str | None] | None = None) -> str:",
        new: "def build_url(base: str, path: str, query: dict[str, str | None] | None = None) -> str:",
      },
      {
        old: L("    if params:", KEPT),
        new: L(
          "    if query:",
          "        kept = [(key, value.strip()) for key, value in query.items() if value is not None]",
        ),
      },
    ],
    hit: 1,
    fails: ["test_param_values_verbatim"],
    what: "strips whitespace from query values, which the header task's review asked for header values",
  },
};
