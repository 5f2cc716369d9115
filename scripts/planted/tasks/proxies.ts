// tessellate/fetchkit: proxies from the environment (hard-negative host: a review wraps the earlier lookup,
// a second review renames an argument).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const PROXIES_SOURCE = file(
  '"""Proxy selection from the environment."""',
  "",
  "from __future__ import annotations",
  "",
  "from collections.abc import Mapping",
  "",
  "",
  "def proxy_for(scheme: str, environ: Mapping[str, str]) -> str | None:",
  '    """The proxy URL for a request scheme, from HTTP_PROXY / HTTPS_PROXY."""',
  '    return environ.get(f"{scheme.upper()}_PROXY")',
  "",
  "",
  "def bypass(host: str, environ: Mapping[str, str]) -> bool:",
  '    """True when NO_PROXY lists the host."""',
  '    entries = environ.get("NO_PROXY", "").split(",")',
  "    return host in entries",
);

export const PROXIES_TESTS = file(
  "from fetchkit.proxies import bypass, proxy_for",
  "",
  "",
  "def test_no_proxy_listed():",
  '    assert bypass("internal", {"NO_PROXY": "internal,localhost"})',
  "",
  "",
  "def test_no_proxy_missing():",
  '    assert not bypass("example.com", {})',
  "",
  "",
  "def test_proxy_unset():",
  '    assert proxy_for("https", {}) is None',
);

const LOOKUP = "    return environ.get(name) or environ.get(name.upper())";
const VALUE = '    value = environ.get(name) or environ.get(name.upper()) or ""';

export const PROXIES: TaskDef = {
  id: "fetchkit-479",
  repo: "tessellate/fetchkit",
  title: "Lower-case proxy variables",
  baseRevision: "",
  file: "src/fetchkit/proxies.py",
  testFile: "tests/test_proxies.py",
  module: "fetchkit.proxies",
  stages: [
    {
      text: "`proxy_for()` ignores the lower-case `http_proxy` / `https_proxy` variables that curl and most tools honour. Look up the lower-case name first, then the upper-case one.",
      provenance: "issue",
      summary: "lower-case proxy variables, upper-case as fallback",
      edits: [
        {
          old: '    return environ.get(f"{scheme.upper()}_PROXY")',
          new: L('    name = f"{scheme.lower()}_proxy"', LOOKUP),
        },
      ],
    },
    {
      text: "Review: an empty or whitespace-only proxy variable should count as unset. Wrap the lookup so that `proxy_for()` returns `None` for it, and strip surrounding whitespace from a real value.",
      provenance: "review",
      summary: "blank proxy variables treated as unset",
      edits: [{ old: LOOKUP, new: L(VALUE, "    return value.strip() or None") }],
    },
    {
      text: "Review 2: the rest of the client calls the environment argument `env`. Rename the `environ` argument to `env` in this module's functions.",
      provenance: "review",
      summary: "the environ argument renamed to env",
      edits: [
        {
          old: "def proxy_for(scheme: str, environ: Mapping[str, str]) -> str | None:",
          new: "def proxy_for(scheme: str, env: Mapping[str, str]) -> str | None:",
        },
        { old: VALUE, new: '    value = env.get(name) or env.get(name.upper()) or ""' },
        {
          old: "def bypass(host: str, environ: Mapping[str, str]) -> bool:",
          new: "def bypass(host: str, env: Mapping[str, str]) -> bool:",
        },
        {
          old: '    entries = environ.get("NO_PROXY", "").split(",")',
          new: '    entries = env.get("NO_PROXY", "").split(",")',
        },
      ],
    },
  ],
  f2p: [
    ["test_lowercase_proxy_preferred", "test_uppercase_fallback"],
    ["test_empty_proxy_is_unset", "test_proxy_value_stripped"],
    ["test_env_keyword"],
  ],
  p2p: ["test_no_proxy_listed", "test_no_proxy_missing", "test_proxy_unset"],
  requested: [
    { kind: "wrap", stage: 2, earlier: [1, 0], hit: 0 },
    {
      kind: "rename",
      stage: 3,
      earlier: [2, 0],
      hit: 1,
      sed: { script: String.raw`s/\benviron\b/env/g`, apply: (text) => text.replace(/\benviron\b/g, "env") },
    },
  ],
  stray: {
    edit: {
      old: '    entries = env.get("NO_PROXY", "").split(",")',
      new: '    entries = env.get("NO_PROXY", "").split(", ")',
    },
    fails: ["test_no_proxy_listed"],
  },
};
