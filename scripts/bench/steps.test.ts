// Merging a partial bench run into docs/performance.md: rows replaced by name or appended to the budgets
// table, sections replaced by heading or appended, everything else kept.
import { describe, expect, it } from "vitest";
import { mergeDoc } from "./steps";

const DOC = `# Performance

Written by \`npm run bench\` (scripts/bench.ts) on 2026-01-01, linux.

## Budgets

| budget | measured | limit | |
| --- | ---: | ---: | --- |
| a | 1 | ≤ 2 | pass |
| b | 3 | ≤ 2 | **FAIL** |

## One

old one

## Two

two
`;

describe("mergeDoc", () => {
  it("replaces and appends rows and sections", () => {
    const out = mergeDoc(
      DOC,
      [
        { name: "b", value: "1", limit: "≤ 2", ok: true },
        { name: "c", value: "9", limit: "≤ 1", ok: false },
      ],
      ["## One\n\nnew one\n", "## Three\n\nthree\n"],
    );
    expect(out).toContain("| a | 1 | ≤ 2 | pass |\n| b | 1 | ≤ 2 | pass |\n| c | 9 | ≤ 1 | **FAIL** |\n\n## One");
    expect(out).toContain("## One\n\nnew one\n\n## Two\n\ntwo\n");
    expect(out).not.toContain("old one");
    expect(out.endsWith("## Three\n\nthree\n")).toBe(true);
    expect(out).not.toContain("2026-01-01");
  });

  it("drops the rows of retired budgets and no other", () => {
    const out = mergeDoc(DOC, [], [], ["b", "z"]);
    expect(out).toContain("| --- | ---: | ---: | --- |\n| a | 1 | ≤ 2 | pass |\n\n## One");
    expect(out).not.toContain("| b |");
  });
});
