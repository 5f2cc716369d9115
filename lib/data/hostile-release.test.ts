// Hostile releases, built at test time. The CLI's loader and the browser's reader refuse the same deeply nested records with the same rule, file
// and line (docs/data-format.md, json.too_deep). The nesting is built here, at test time.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openLocal, type LocalReleaseResult } from "../local/open";
import { loadRelease } from "./load-release";
import type { Problem } from "./schema";

const MINIMAL = "data/examples/minimal";
const deep = (n: number) => '{"a":'.repeat(n) + "1" + "}".repeat(n);
const where = (p: Problem) => `${p.file}:${p.line ?? "-"} ${p.record ?? "-"} ${p.rule}`;

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** The minimal example with release.json's extra nested 2,000 deep and config line 2's extra too. */
async function patched(): Promise<Record<string, string>> {
  const meta = JSON.parse(await readFile(`${MINIMAL}/release.json`, "utf8"));
  const releaseJson = JSON.stringify({ ...meta, extra: { x: "__DEEP__" } }).replace('"__DEEP__"', deep(2_000));
  const configs = readFileSync(`${MINIMAL}/configs.jsonl`, "utf8").split("\n");
  const second = JSON.parse(configs[1]!);
  configs[1] = JSON.stringify({ ...second, extra: { x: "__DEEP__" } }).replace('"__DEEP__"', deep(2_000));
  return { "release.json": releaseJson, "configs.jsonl": configs.join("\n") };
}

describe("json.too_deep: 2,000 levels in release.json's extra and in a config's extra", () => {
  it("the Node loader (npm run data:validate) and the browser's reader report the same problems", async () => {
    const patch = await patched();
    const dir = await mkdtemp(join(tmpdir(), "deep-"));
    temps.push(dir);
    await cp(MINIMAL, dir, { recursive: true });
    for (const [f, text] of Object.entries(patch)) await writeFile(join(dir, f), text);
    const node = await loadRelease(dir);
    const secondId = JSON.parse(readFileSync(`${MINIMAL}/configs.jsonl`, "utf8").split("\n")[1]!).config_id as string;
    const expected = ["configs.jsonl:2 " + secondId + " json.too_deep", "release.json:- - json.too_deep"];
    expect(node.problems.map(where).sort()).toEqual(expected);
    expect(node.release).toBeNull();
    expect(node.problems[0]!.message).toMatch(/nested more than 100 levels/);

    const files = readdirSync(MINIMAL)
      .filter((f) => f.includes("."))
      .map((f) => ({ path: `minimal/${f}`, file: new Blob([patch[f] ?? readFileSync(`${MINIMAL}/${f}`)]) }));
    const browser = (await openLocal(files)) as LocalReleaseResult;
    expect(browser.problems.filter((p) => p.rule === "json.too_deep").map(where).sort()).toEqual(expected);
  });
});

describe("file.empty: an empty runs.jsonl", () => {
  it("is a warning in the CLI's loader and in the browser's reader alike", async () => {
    const dir = await mkdtemp(join(tmpdir(), "empty-runs-"));
    temps.push(dir);
    await cp(MINIMAL, dir, { recursive: true });
    await writeFile(join(dir, "runs.jsonl"), "\n\n");
    const node = await loadRelease(dir);
    const expected = [{ level: "warning", file: "runs.jsonl", rule: "file.empty", message: "runs.jsonl holds no records" }];
    expect(node.problems).toEqual(expected);
    const files = readdirSync(MINIMAL)
      .filter((f) => f.includes("."))
      .map((f) => ({ path: `minimal/${f}`, file: new Blob([f === "runs.jsonl" ? "" : readFileSync(`${MINIMAL}/${f}`)]) }));
    const browser = (await openLocal(files)) as LocalReleaseResult;
    expect(browser.problems.filter((p) => p.rule === "file.empty")).toEqual(expected);
  });
});
