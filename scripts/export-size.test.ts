// The export's per-file cap, through the check the build runs (scripts/check-export.ts): a 20 MB + 1 byte
// file fails the build naming it; DuckDB-WASM's binaries may be larger; a file of exactly the cap passes.
// The large files are sparse (truncated), so the test writes almost nothing.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FILE_CAP_BYTES, FILE_COUNT_CAP, filesWithTwins, isEngineBinary, largestFile } from "./export-size";

const tmp = mkdtempSync(join(tmpdir(), "export-size-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

function sized(root: string, path: string, bytes: number) {
  const file = join(root, path);
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, "");
  truncateSync(file, bytes);
}

function check(dir: string): Promise<{ code: number; out: string }> {
  return new Promise((resolve) => {
    execFile("npx", ["tsx", "scripts/check-export.ts", dir], (err, stdout, stderr) =>
      resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, out: stdout + stderr }),
    );
  });
}

describe("the export's per-file cap", () => {
  it("fails naming each file over 20 MB, DuckDB-WASM's binaries exempt", async () => {
    const dir = join(tmp, "over");
    sized(dir, "index.html", 10);
    sized(dir, "data/sample/steps/texts-observation.arrow", FILE_CAP_BYTES + 1);
    sized(dir, "_next/static/media/duckdb-eh.3avnsfsi62i_6.wasm", 2 * FILE_CAP_BYTES);
    const { code, out } = await check(dir);
    expect(code).toBe(1);
    expect(out).toContain("data/sample/steps/texts-observation.arrow: 20.00 MB, over the 20.00 MB");
    expect(out).not.toContain("duckdb-eh");
    expect(largestFile(dir, ["index.html", "data/sample/steps/texts-observation.arrow"])?.bytes).toBe(
      FILE_CAP_BYTES + 1,
    );
  }, 60_000);

  it("passes an export whose largest other file is exactly the cap", async () => {
    const dir = join(tmp, "at");
    sized(dir, "data/a.bin", FILE_CAP_BYTES);
    sized(dir, "_next/static/media/duckdb-mvp.1v991vrchbffl.wasm.br", 3 * FILE_CAP_BYTES);
    const { code, out } = await check(dir);
    expect(out).toContain("none over 20.00 MB");
    expect(code).toBe(0);
  }, 60_000);

  it("knows the engine's binaries by name only", () => {
    expect(isEngineBinary("_next/static/media/duckdb-eh.3avnsfsi62i_6.wasm")).toBe(true);
    expect(isEngineBinary("_next/static/media/duckdb-eh.3avnsfsi62i_6.wasm.gz")).toBe(true);
    expect(isEngineBinary("data/duckdb-notes.json")).toBe(false);
    expect(isEngineBinary("data/other.wasm")).toBe(false);
  });
});

describe("the export's file count, with the twins precompression adds", () => {
  it("counts a .br and a .gz for each compressible file over 1 KB, and twins already there once", () => {
    const dir = join(tmp, "count");
    sized(dir, "a.html", 2048); // twins: 2
    sized(dir, "a.html.br", 300); // already a twin: not counted again
    sized(dir, "b.js", 100); // too small: no twins
    sized(dir, "c.zip", 5000); // not compressible: no twins
    sized(dir, "d/e.json", 1025); // twins: 2
    const files = ["a.html", "a.html.br", "b.js", "c.zip", "d/e.json"];
    // 4 plain files + 2 × 2 twins
    expect(filesWithTwins(dir, files)).toBe(8);
  });

  it("fails the build when the export with its twins would hold more files than a host takes", async () => {
    const dir = join(tmp, "many");
    // Each compressible page brings two twins: a third of the cap, plus one, is over it.
    const pages = Math.floor(FILE_COUNT_CAP / 3) + 1;
    for (let i = 0; i < pages; i++) sized(dir, `p/${i}.html`, 2048);
    const { code, out } = await check(dir);
    expect(code).toBe(1);
    expect(out).toContain(`would hold ${3 * pages} files with its .br and .gz twins, over the ${FILE_COUNT_CAP}`);
  }, 60_000);
});
