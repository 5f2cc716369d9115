// tessellate/fetchkit: retry backoff (loss host).
import { file, L } from "../lines";
import type { TaskDef } from "../types";

export const RETRY_SOURCE = file(
  '"""Retry policy for idempotent requests."""',
  "",
  "from __future__ import annotations",
  "",
  "from collections.abc import Mapping",
  "from dataclasses import dataclass",
  "",
  "RETRYABLE_STATUS = frozenset({502, 503, 504})",
  "",
  "",
  "@dataclass",
  "class RetryPolicy:",
  "    total: int = 3",
  "    backoff_factor: float = 0.5",
  "",
  "    def delay(self, attempt: int) -> float:",
  '        """Seconds to sleep before retry number attempt (1-based)."""',
  "        return self.backoff_factor * (2 ** (attempt - 1))",
  "",
  "    def should_retry(self, status: int, attempt: int) -> bool:",
  "        return status in RETRYABLE_STATUS and attempt <= self.total",
  "",
  "    def next_sleep(self, attempt: int, headers: Mapping[str, str]) -> float:",
  '        """Sleep before the next attempt, given the last response\'s headers."""',
  "        return self.delay(attempt)",
);

export const RETRY_TESTS = file(
  "from fetchkit.retry import RetryPolicy",
  "",
  "",
  "def test_should_retry_statuses():",
  "    policy = RetryPolicy(total=2)",
  "    assert policy.should_retry(503, 1)",
  "    assert not policy.should_retry(404, 1)",
  "    assert not policy.should_retry(503, 3)",
  "",
  "",
  "def test_delay_doubles():",
  "    policy = RetryPolicy(backoff_factor=1.0)",
  "    assert [policy.delay(n) for n in (1, 2, 3)] == [1.0, 2.0, 4.0]",
  "",
  "",
  "def test_next_sleep_without_header():",
  "    assert RetryPolicy().next_sleep(2, {}) == 1.0",
  "",
  "",
  "def test_zero_backoff_disables_wait():",
  "    assert RetryPolicy(backoff_factor=0).delay(4) == 0",
);

const EXP = "        backoff = self.backoff_factor * (2 ** (attempt - 1))";
const CAP = "        return min(backoff, self.max_backoff)";
const S3_IMPORT = {
  old: "from collections.abc import Mapping",
  new: L("import random", "from collections.abc import Mapping"),
};
const S3_FIELD = {
  old: "    max_backoff: float = 120.0",
  new: L("    max_backoff: float = 120.0", "    jitter: bool = False"),
};
const S3_JITTER = {
  old: CAP,
  new: L("        if self.jitter:", "            backoff *= random.uniform(0.5, 1.0)", CAP),
};
const S2_SLEEP = L(
  '        seconds = _parse_retry_after(headers.get("Retry-After", ""))',
  "        if seconds is not None:",
  "            return min(seconds, self.max_backoff)",
  "        return self.delay(attempt)",
);
const STAGE1 = ["test_delay_capped_at_max_backoff", "test_max_backoff_configurable", "test_cap_holds_with_jitter"];

export const RETRY: TaskDef = {
  id: "fetchkit-412",
  repo: "tessellate/fetchkit",
  title: "Bounded retry backoff",
  baseRevision: "",
  file: "src/fetchkit/retry.py",
  testFile: "tests/test_retry.py",
  module: "fetchkit.retry",
  stages: [
    {
      text: "`RetryPolicy.delay()` grows without bound: with the default factor the tenth retry of a long chain sleeps for more than four minutes. Add a `max_backoff` field (default 120 seconds) and never return a delay above it.",
      provenance: "issue",
      summary: "a max_backoff cap on delay()",
      edits: [
        {
          old: "    backoff_factor: float = 0.5",
          new: L("    backoff_factor: float = 0.5", "    max_backoff: float = 120.0"),
        },
        { old: "        return self.backoff_factor * (2 ** (attempt - 1))", new: L(EXP, CAP) },
      ],
    },
    {
      text: "Review: honour the server's `Retry-After` header. `next_sleep()` should wait the number of seconds the header gives (when it is a whole number) instead of the exponential backoff, still capped at `max_backoff`; anything else falls back to `delay()`.",
      provenance: "review",
      summary: "Retry-After support in next_sleep()",
      edits: [
        {
          old: L("@dataclass", "class RetryPolicy:"),
          new: L(
            "def _parse_retry_after(value: str) -> float | None:",
            '    """Seconds from a Retry-After header, or None when it is not a whole number."""',
            "    value = value.strip()",
            "    return float(value) if value.isdigit() else None",
            "",
            "",
            "@dataclass",
            "class RetryPolicy:",
          ),
        },
        { old: "        return self.delay(attempt)", new: S2_SLEEP },
      ],
    },
    {
      text: "Add optional jitter so that many clients do not retry in lockstep: with `jitter=True`, scale each exponential backoff by a random factor between 0.5 and 1.0 (`random.uniform`). Values from Retry-After are used as given.",
      provenance: "extension",
      summary: "optional jitter on the exponential backoff",
      edits: [S3_IMPORT, S3_FIELD, S3_JITTER],
    },
  ],
  f2p: [
    STAGE1,
    ["test_next_sleep_uses_retry_after", "test_retry_after_capped", "test_retry_after_ignores_dates"],
    ["test_jitter_range", "test_jitter_off_by_default"],
  ],
  p2p: [
    "test_should_retry_statuses",
    "test_delay_doubles",
    "test_next_sleep_without_header",
    "test_zero_backoff_disables_wait",
  ],
  loss: {
    replace: {
      edits: [
        S3_IMPORT,
        S3_FIELD,
        {
          old: L(EXP, CAP),
          new: L(
            EXP,
            "        if self.jitter:",
            "            backoff *= random.uniform(0.5, 1.0)",
            "        return backoff",
          ),
        },
      ],
      hit: 2,
      lost: [1, 1],
      fails: STAGE1,
      why: "The jittered value is already below the exponential curve, so I return it directly.",
    },
    earlyReturn: {
      edits: [
        S3_IMPORT,
        S3_FIELD,
        { old: EXP, new: L(EXP, "        if self.jitter:", "            return backoff * random.uniform(0.5, 1.0)") },
      ],
      hit: 2,
      lost: [1, 1],
      fails: ["test_cap_holds_with_jitter"],
      why: "A separate early path for the jittered case keeps the plain path untouched.",
    },
    newFunction: {
      edits: [
        S3_IMPORT,
        S3_FIELD,
        {
          old: "    def should_retry(self, status: int, attempt: int) -> bool:",
          new: L(
            "    def _jittered_delay(self, attempt: int) -> float:",
            "        return self.backoff_factor * (2 ** (attempt - 1)) * random.uniform(0.5, 1.0)",
            "",
            "    def should_retry(self, status: int, attempt: int) -> bool:",
          ),
        },
        {
          old: "        return self.delay(attempt)",
          new: L(
            "        if self.jitter:",
            "            return self._jittered_delay(attempt)",
            "        return self.delay(attempt)",
          ),
        },
      ],
      hit: 3,
      lost: [1, 1],
      fails: ["test_cap_holds_with_jitter"],
      why: "I'll put the jittered computation in its own method and have next_sleep() use it when jitter is on.",
    },
    delete: {
      edits: [S3_IMPORT, S3_FIELD, S3_JITTER, { old: S2_SLEEP, new: "        return self.delay(attempt)" }],
      hit: 3,
      lost: [2, 1],
      fails: ["test_next_sleep_uses_retry_after", "test_retry_after_capped"],
      why: "next_sleep() should simply go through delay() so that every wait gets the jitter.",
    },
    restructure: {
      edits: [
        S3_IMPORT,
        S3_FIELD,
        {
          old: L(EXP, CAP),
          new: L(
            "        if self.jitter:",
            "            backoff = self.backoff_factor * (2 ** (attempt - 1)) * random.uniform(0.5, 1.0)",
            "            return min(backoff, self.max_backoff)",
            "        else:",
            "            return self.backoff_factor * (2 ** (attempt - 1))",
          ),
        },
      ],
      hit: 2,
      lost: [1, 1],
      fails: ["test_delay_capped_at_max_backoff", "test_max_backoff_configurable"],
      why: "Splitting delay() into a jitter branch and a plain branch reads more clearly.",
    },
    line: {
      find: "return min(backoff, self.max_backoff)",
      replace: "return backoff",
      lost: [1, 1],
      fails: STAGE1,
      why: "With jitter on, the min() clips most of the random spread on late attempts; dropping the clamp so the jitter is visible.",
    },
    reset: {
      edits: [
        S3_IMPORT,
        {
          old: "    backoff_factor: float = 0.5",
          new: L("    backoff_factor: float = 0.5", "    jitter: bool = False"),
        },
        {
          old: "        return self.backoff_factor * (2 ** (attempt - 1))",
          new: L(
            EXP,
            "        if self.jitter:",
            "            backoff *= random.uniform(0.5, 1.0)",
            "        return backoff",
          ),
        },
      ],
      fails: [...STAGE1, "test_next_sleep_uses_retry_after", "test_retry_after_capped"],
    },
    undoFails: ["test_next_sleep_uses_retry_after", "test_retry_after_capped"],
    preserve: { edits: [S3_IMPORT, S3_FIELD, S3_JITTER], hit: 2, earlier: [1, 1] },
  },
  slip: {
    edit: 2,
    find: "random.uniform(0.5, 1.0)",
    replace: "random.uniform(0.5, 1.5)",
    fails: ["test_jitter_range"],
    smoke: {
      code: "from fetchkit.retry import RetryPolicy; p = RetryPolicy(backoff_factor=1.0, jitter=True); print(max(p.delay(1) for _ in range(2000)))",
      bad: "1.4996913862541207",
      good: "0.9997215400836519",
    },
  },
  foreign: {
    from: "fetchkit-447",
    fromStage: 2,
    atStage: 3,
    edits: [
      S3_IMPORT,
      {
        old: "    max_backoff: float = 120.0",
        new: L(
          "    max_backoff: float = 120.0",
          "    jitter: bool = False",
          "",
          "    def __post_init__(self) -> None:",
          "        if self.backoff_factor <= 0 or self.max_backoff <= 0:",
          '            raise ValueError("timeout must be positive")',
        ),
      },
      S3_JITTER,
    ],
    hit: 1,
    fails: ["test_zero_backoff_disables_wait"],
    what: "rejects zero or negative backoff settings with the timeout task's ValueError('timeout must be positive')",
  },
  imports: {
    from: "fetchkit-447",
    fromStage: 2,
    atStage: 3,
    edits: [
      S3_IMPORT,
      {
        old: "from dataclasses import dataclass",
        new: L("from dataclasses import dataclass", "", "from fetchkit.timeouts import _check"),
      },
      {
        old: "    max_backoff: float = 120.0",
        new: L(
          "    max_backoff: float = 120.0",
          "    jitter: bool = False",
          "",
          "    def __post_init__(self) -> None:",
          "        _check(self.max_backoff)",
        ),
      },
      S3_JITTER,
    ],
    hit: 1,
    fails: [],
    brokenImport: true,
    what: "imports _check from fetchkit.timeouts, a helper that exists only in the timeout task's checkout",
  },
};
