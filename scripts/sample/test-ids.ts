// pytest node ids for synthetic verifiers: test modules follow each repository's layout, test names are
// built from the symbols a task touches, and large suites use parametrized ids the way real suites do.
import type { Rng } from "./prng";

const WORDS = [
  "default",
  "roundtrip",
  "empty",
  "none",
  "nested",
  "unicode",
  "repr",
  "equality",
  "invalid",
  "missing",
  "override",
  "multiple",
  "copy",
  "pickle",
  "order",
  "duplicate",
  "negative",
  "strict",
  "legacy",
  "warning",
  "error_message",
  "context",
  "fallback",
  "subclass",
  "positional",
  "keyword",
  "envvar",
  "large_input",
  "whitespace",
  "generator",
  "lazy",
  "cached",
  "reset",
  "merge",
  "timeout",
  "bytes",
  "path",
  "deprecated",
];
const PARAMS = [
  "0",
  "1",
  "2",
  "empty",
  "none",
  "unicode",
  "tuple",
  "list",
  "true",
  "false",
  "int",
  "str",
  "bytes",
  "dict",
];

export function snake(symbol: string): string {
  return symbol
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z0-9])([A-Z])/g, "$1_$2")
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .toLowerCase();
}

/** Draws unique test ids for one task; `taken` is shared by the task's F2P and P2P lists. */
export class TestNamer {
  private readonly taken = new Set<string>();

  constructor(
    private readonly rng: Rng,
    /** Parametrization values for this repository (anyio suites run on asyncio and trio). */
    private readonly params: readonly string[] = PARAMS,
  ) {}

  /** Reserve an exact id (hand-written verifiers); false if it was already used. */
  claim(id: string): boolean {
    if (this.taken.has(id)) return false;
    this.taken.add(id);
    return true;
  }

  next(modules: readonly string[], symbols: readonly string[]): string {
    for (let attempt = 0; ; attempt++) {
      const module = this.rng.pick(modules);
      const base = `test_${snake(this.rng.pick(symbols))}_${this.rng.pick(WORDS)}`;
      const id =
        attempt < 6 && this.rng.chance(0.6)
          ? `${module}::${base}`
          : `${module}::${base}[${this.rng.pick(this.params)}]`;
      if (attempt > 40) {
        const numbered = `${module}::${base}[case${attempt}]`;
        if (this.claim(numbered)) return numbered;
      } else if (this.claim(id)) {
        return id;
      }
    }
  }
}

export const ANYIO_PARAMS = ["asyncio", "trio", "asyncio+uvloop"];
