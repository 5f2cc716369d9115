// filePaths must find what the backtracking expression it replaced found (lib/trajectory/file-paths.ts), on every
// string it could be given short enough for that expression to finish, and on the bundled releases' stage texts.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { FILE_EXT, filePaths } from "./file-paths";

const OLD = new RegExp(`(?:[\\w.-]+\\/)*[\\w.-]+\\.${FILE_EXT}\\b`, "g");
const old = (text: string) => [...text.matchAll(OLD)].map((m) => m[0]);

/** Every string of length ≤ n over `alphabet`. */
function* strings(alphabet: string, n: number, prefix = ""): Generator<string> {
  yield prefix;
  if (prefix.length < n) for (const c of alphabet) yield* strings(alphabet, n, prefix + c);
}

describe("filePaths", () => {
  it("finds paths, their parts and nothing inside longer words", () => {
    expect(filePaths("Edit src/click/core.py and tests/test_core.py, not core.pyc; see /work/w00/a.yaml.")).toEqual([
      "src/click/core.py",
      "tests/test_core.py",
      "work/w00/a.yaml",
    ]);
    expect(filePaths("a.py.bak x//b.ts c.tsx")).toEqual(["a.py", "b.ts", "c.tsx"]);
  });

  // "c" is an extension of one letter, so two segments with one fit in 7 characters ("a.c/a.c"); "pyi" tries the
  // alternation's order (py, then pyi at a word boundary).
  it.each([
    ["ac./ -", 7, (6 ** 8 - 1) / 5],
    ["a./pyi", 6, (6 ** 7 - 1) / 5],
  ])("matches the old expression on every string over %j of up to %i characters", (alphabet, length, count) => {
    let n = 0;
    const differ: string[] = [];
    for (const text of strings(alphabet, length)) {
      if (JSON.stringify(filePaths(text, Infinity)) !== JSON.stringify(old(text))) differ.push(text);
      n++;
    }
    expect(differ).toEqual([]);
    expect(n).toBe(count);
  });

  it("matches it on the bundled releases' stage texts", () => {
    const texts = ["data/releases/sample/tasks.jsonl", "e2e/fixtures/releases/trajcalc/tasks.jsonl"].flatMap((f) =>
      readFileSync(f, "utf8")
        .split("\n")
        .filter(Boolean)
        .flatMap((line) => (JSON.parse(line) as { stages: { text: string }[] }).stages.map((s) => s.text)),
    );
    expect(texts.length).toBeGreaterThan(100);
    const found = texts.map((t) => filePaths(t));
    expect(found).toEqual(texts.map(old));
    expect(found.flat().length).toBeGreaterThan(50);
  });

  it("skips a run of path characters longer than a path may be", () => {
    expect(filePaths("a".repeat(5000) + ".py")).toEqual([]);
    expect(filePaths("a".repeat(4093) + ".py")).toEqual(["a".repeat(4093) + ".py"]);
  });
});
