// text.lone_surrogate (issue 58): the Node loader and the browser's reader of local results name the same fields of
// the same lines; a surrogate pair (one character) and other escapes pass.
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openLocal, type LocalReleaseResult } from "../local/open";
import { loadRelease } from "./load-release";
import type { Problem } from "./schema";

const MINIMAL = "data/examples/minimal";
const where = (p: Problem) => `${p.file}:${p.line ?? "-"} ${p.record ?? "-"} ${p.rule} ${p.message.split(" holds")[0]}`;
const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** Line 1 of tasks.jsonl with a lone high surrogate in stage 2's text and a lone low one in a key of extra. */
async function patched(): Promise<Record<string, string>> {
  const tasks = (await readFile(`${MINIMAL}/tasks.jsonl`, "utf8")).split("\n");
  const first = JSON.parse(tasks[0]!) as { stages: { text: string }[]; extra?: object };
  first.stages[1]!.text += " \ud800";
  first.extra = { ["\udc00x"]: "fine \ud83d\ude00 \\u00e9", nested: ["ok", "\udbff"] };
  tasks[0] = JSON.stringify(first);
  const meta = JSON.parse(await readFile(`${MINIMAL}/release.json`, "utf8")) as object;
  return { "tasks.jsonl": tasks.join("\n"), "release.json": JSON.stringify({ ...meta, provenance: "\ud83d\ude00 pair only" }) };
}

describe("text.lone_surrogate", () => {
  it("names each field, in the CLI's loader and in the browser's reader alike, and keeps the record", async () => {
    const patch = await patched();
    // JSON.stringify writes a lone surrogate as its escape, and a pair as the character.
    expect(patch["tasks.jsonl"]).toContain("\\ud800");
    expect(patch["release.json"]).not.toContain("\\ud83d");
    const dir = await mkdtemp(join(tmpdir(), "surrogate-"));
    temps.push(dir);
    await cp(MINIMAL, dir, { recursive: true });
    for (const [f, text] of Object.entries(patch)) await writeFile(join(dir, f), text);
    const node = await loadRelease(dir);
    const expected = [
      "tasks.jsonl:1 widgets-101 text.lone_surrogate stages[1].text",
      "tasks.jsonl:1 widgets-101 text.lone_surrogate extra.⟦U+DC00⟧x (key)",
      "tasks.jsonl:1 widgets-101 text.lone_surrogate extra.nested[1]",
    ];
    expect(node.problems.map(where)).toEqual(expected);
    expect(node.release!.tasks.map((t) => t.task_id)).toContain("widgets-101");

    const files = readdirSync(MINIMAL)
      .filter((f) => f.includes("."))
      .map((f) => ({ path: `minimal/${f}`, file: new Blob([patch[f] ?? readFileSync(`${MINIMAL}/${f}`)]) }));
    const browser = (await openLocal(files)) as LocalReleaseResult;
    expect(browser.problems.filter((p) => p.rule === "text.lone_surrogate").map(where)).toEqual(expected);
  });
});
