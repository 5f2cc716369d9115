// The sample release is a pure function of the seed: two generations are byte-identical, and the copy
// committed under data/releases/sample/ is exactly what the generator writes today (so it is never stale).
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSample } from "./generate";
import { SAMPLE_TARGETS, TARGETS_SOURCE } from "./taskflow-targets";

const COMMITTED = join(import.meta.dirname, "..", "..", "data", "releases", "sample");

function listFiles(root: string, dir = root): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(root, join(dir, e.name)) : [relative(root, join(dir, e.name))]))
    .sort();
}

let first: string;
let second: string;

beforeAll(() => {
  first = mkdtempSync(join(tmpdir(), "sample-a-"));
  second = mkdtempSync(join(tmpdir(), "sample-b-"));
  generateSample(first);
  generateSample(second);
});

afterAll(() => {
  rmSync(first, { recursive: true, force: true });
  rmSync(second, { recursive: true, force: true });
});

describe("generateSample", () => {
  it("writes byte-identical releases on two runs", () => {
    const files = listFiles(first);
    expect(files).toEqual(listFiles(second));
    expect(files.length).toBeGreaterThan(6 + 20);
    for (const file of files) expect(readFileSync(join(second, file)).equals(readFileSync(join(first, file))), file).toBe(true);
  });

  it("writes one JSON object per line with a trailing newline", () => {
    for (const file of ["tasks.jsonl", "sessions.jsonl", "configs.jsonl", "runs.jsonl", "annotations.jsonl"]) {
      const text = readFileSync(join(first, file), "utf8");
      expect(text.endsWith("}\n"), file).toBe(true);
      for (const line of text.slice(0, -1).split("\n")) expect(JSON.parse(line), file).toBeTypeOf("object");
    }
  });

  it("stays under 15 MB including trajectories", () => {
    const bytes = listFiles(first).reduce((sum, f) => sum + statSync(join(first, f)).size, 0);
    expect(bytes).toBeLessThan(15_000_000);
  });

  it("copies the repository's target Task Flows from data/taskflow/ unchanged", () => {
    expect(listFiles(first).filter((f) => f.startsWith("taskflow/"))).toEqual(SAMPLE_TARGETS.map((f) => `taskflow/${f}`));
    for (const file of SAMPLE_TARGETS) {
      expect(readFileSync(join(first, "taskflow", file)).equals(readFileSync(join(TARGETS_SOURCE, file))), file).toBe(true);
    }
  });

  it("matches the committed data/releases/sample/ byte for byte (run `npm run data:sample` after changing the generator)", () => {
    const files = listFiles(first);
    expect(listFiles(COMMITTED)).toEqual(files);
    for (const file of files) expect(readFileSync(join(COMMITTED, file)).equals(readFileSync(join(first, file))), file).toBe(true);
  });
});
