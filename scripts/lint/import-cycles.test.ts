// No two files of the repository import each other, through any ring and counting type-only imports.
import { execSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph, importsOf } from "./import-cycles";

const root = join(import.meta.dirname, "..", "..");

describe("import cycles", () => {
  it("finds a ring of type-only imports and leaves a chain alone", () => {
    const ring = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);
    expect(importCycles(ring)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(
      importCycles(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
    const text = 'import type { Step } from "./model";\nexport { x } from "@/lib/trajectory/tags";';
    expect(importsOf(root, "lib/trajectory/ledger.ts", text)).toEqual([
      "lib/trajectory/model.ts",
      "lib/trajectory/tags.ts",
    ]);
  });

  it("the repository has none", () => {
    const files = execSync("git ls-files -- '*.ts' '*.tsx' '*.mjs' ':!:**/fixtures/**'", {
      cwd: root,
      encoding: "utf8",
    })
      .split("\n")
      .filter(Boolean);
    expect(files.length).toBeGreaterThan(100);
    expect(importCycles(importGraph(root, files))).toEqual([]);
  });
});
