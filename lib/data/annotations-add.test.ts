// release:add with an annotations.jsonl (the review page's export) on temp copies of the minimal example: new
// records are appended after the existing lines, a record already there is skipped and named, and one invalid
// record refuses the whole file with its line and rule, writing nothing.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { scanTree } from "../common/inside-root-node";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { addAnnotations, MAX_ANNOTATIONS_PER_RUN } from "./annotations-add";
import { loadRelease } from "./load-release";

const MINIMAL = "data/examples/minimal";
// The minimal example's one trajectory: 23 steps (ids 1–23), its session 10 requests.
const RUN = "orca-opencode.s-101-switched.0";
const EXISTING = readFileSync(join(MINIMAL, "annotations.jsonl"), "utf8");

const tmp = mkdtempSync(join(tmpdir(), "annotations-add-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));
let into: string;
let n = 0;
beforeEach(() => {
  into = join(tmp, `release-${n++}`);
  cpSync(MINIMAL, into, { recursive: true });
});

const review = (verdict: string, extra: object = {}) => ({ verdict, date: "2026-12-07T10:00:00.000Z", ...extra });
const CONFIRMED = {
  run_id: RUN,
  signature: "requirement_state_loss",
  position: 8,
  step_ids: [20],
  note: "right",
  author: { kind: "human", name: "ann" },
  review: review("confirmed", { detector: "requirement-state-loss detector", detector_version: "v3" }),
};
const ADDED = { ...CONFIRMED, step_ids: [5, 7], note: "also here", review: review("added") };
const ABSENT = {
  run_id: RUN,
  signature: "cross_task_interference",
  step_ids: [],
  note: "",
  author: { kind: "human", name: "ann" },
  review: review("absent", { audit: { seed: "abc", stratum: "orca-opencode/switched" } }),
};

function file(name: string, lines: (object | string)[]): string {
  const path = join(tmp, `${name}-${n}.jsonl`);
  writeFileSync(path, lines.map((l) => (typeof l === "string" ? l : JSON.stringify(l))).join("\n") + "\n");
  return path;
}

const annotations = () => readFileSync(join(into, "annotations.jsonl"), "utf8");

describe("release:add of annotations", () => {
  it("appends the new records after the existing lines, as they were written", async () => {
    const given = file("reviews", [CONFIRMED, ADDED, ABSENT]);
    const result = await addAnnotations({ file: given, into });
    expect(result.refused).toBeNull();
    expect(result.problems.filter((p) => p.level === "error")).toEqual([]);
    expect(result).toMatchObject({ added: 3, skipped: [], after: [] });
    expect(annotations()).toBe(EXISTING + readFileSync(given, "utf8"));
    const { release } = await loadRelease(into);
    expect(release!.annotations.map((a) => a.review?.verdict ?? null)).toEqual([null, "confirmed", "added", "absent"]);
  });

  it("skips a record already in the release, or earlier in the file, and names where it is", async () => {
    const existing = JSON.parse(EXISTING);
    // The same record with its fields in another order and other spacing is the same record.
    const reordered = JSON.stringify(Object.fromEntries(Object.entries(existing).reverse()), null, 1).replaceAll("\n", "");
    const given = file("again", [reordered, CONFIRMED, CONFIRMED]);
    const result = await addAnnotations({ file: given, into });
    expect(result.refused).toBeNull();
    expect(result.added).toBe(1);
    expect(result.skipped).toEqual([
      { line: 1, sameAs: { file: "annotations.jsonl", line: 1 } },
      { line: 3, sameAs: { file: given, line: 2 } },
    ]);
    expect(annotations()).toBe(EXISTING + JSON.stringify(CONFIRMED) + "\n");
    // Adding the same file again adds nothing and leaves the file as it was.
    const again = await addAnnotations({ file: given, into });
    expect(again).toMatchObject({ refused: null, added: 0 });
    expect(again.skipped).toHaveLength(3);
    expect(annotations()).toBe(EXISTING + JSON.stringify(CONFIRMED) + "\n");
  });

  it("refuses the whole file when one record is invalid, naming its line and rule, and writes nothing", async () => {
    const cases: [object | string, string][] = [
      [{ ...ADDED, step_ids: [5, 99] }, "annotation.step_ids"],
      [{ ...ADDED, run_id: "no-such-run" }, "ref.run"],
      [{ ...ADDED, position: 10 }, "annotation.position"],
      [{ ...ADDED, step_ids: [] }, "schema.value"],
      [{ ...ADDED, review: review("maybe") }, "schema.value"],
      ['{"run_id": "x", ', "json.parse"],
    ];
    for (const [bad, rule] of cases) {
      const given = file("bad", [CONFIRMED, bad, ABSENT]);
      const result = await addAnnotations({ file: given, into });
      expect(result.refused, rule).toBe(`${given}:2 breaks ${result.problems[0]!.rule}`);
      expect(result.problems.filter((p) => p.level === "error").map((p) => [p.file, p.line])).toEqual([[given, 2]]);
      expect(result.problems[0]!.rule).toBe(rule);
      expect(annotations()).toBe(EXISTING);
    }
  });

  it("refuses a file that would give one run more than 5,000 annotations, at the first line past the limit", async () => {
    // The release holds 1 annotation on RUN; 4,999 distinct new ones make 5,000 (allowed), a 5,000th new one the
    // 5,001st (refused at its line, 5,000). A repeat of the release's own record (line 1 below) is skipped, never
    // counted, so the limit falls on line 5,001 of the second file.
    expect(MAX_ANNOTATIONS_PER_RUN).toBe(5_000);
    const many = (count: number) => Array.from({ length: count }, (_, i) => ({ ...ADDED, note: `n${i}` }));
    const over = file("over", many(5_000));
    const refused = await addAnnotations({ file: over, into });
    expect(refused.refused).toBe(`${over}:5000 breaks annotation.per_run_limit`);
    expect(refused.problems.filter((p) => p.level === "error")).toMatchObject([
      { file: over, line: 5_000, record: RUN, rule: "annotation.per_run_limit" },
    ]);
    expect(annotations()).toBe(EXISTING);

    const repeatFirst = file("repeat", [EXISTING.trim(), ...many(5_000)]);
    expect((await addAnnotations({ file: repeatFirst, into })).refused).toBe(
      `${repeatFirst}:5001 breaks annotation.per_run_limit`,
    );
    const fits = file("fits", many(4_999));
    expect(await addAnnotations({ file: fits, into })).toMatchObject({ refused: null, added: 4_999 });
  });

  it("creates annotations.jsonl when the release has none", async () => {
    rmSync(join(into, "annotations.jsonl"));
    const given = file("first", [ADDED]);
    const result = await addAnnotations({ file: given, into });
    expect(result).toMatchObject({ refused: null, added: 1 });
    expect(existsSync(join(into, "annotations.jsonl"))).toBe(true);
    expect(annotations()).toBe(JSON.stringify(ADDED) + "\n");
  });
});

// Issue 58, item 6: records a reviewer's file may not add, each on a line that starts with a marker no output may
// hold (messages name the file, line, field and rule, never the text), and a file that is a link to one outside.
describe("release:add refuses records no reviewer writes", () => {
  const SECRET = "SECRET-LINE-START";
  const cases: [string, string][] = [
    [JSON.stringify({ ...CONFIRMED, note: SECRET, author: { kind: "detector", name: "ann" } }), "annotation.author_kind"],
    [JSON.stringify({ ...CONFIRMED, note: SECRET, author: { kind: "judge" } }), "annotation.author_kind"],
    // The release's own annotator (minimal's one annotation), a detector's name in another case.
    [JSON.stringify({ ...CONFIRMED, note: SECRET, author: { kind: "human", name: "Format Example" } }), "annotation.author_name"],
    [JSON.stringify({ ...ADDED, note: SECRET, author: { kind: "human", name: "requirement-state-loss detector v4" } }), "annotation.author_name"],
    [JSON.stringify({ ...CONFIRMED, note: SECRET }).replace('"kind":"human"', '"kind":"human","kind":"detector"'), "json.duplicate_key"],
    // The run is orca-opencode's, in the switched condition.
    [JSON.stringify({ ...ABSENT, note: SECRET, review: review("absent", { audit: { seed: "abc", stratum: "orca-opencode-router/switched" } }) }), "annotation.audit_stratum"],
    [`${SECRET} {"run_id": "${RUN}"`, "json.parse"],
  ];

  it.each(cases)("%#: refused by %s", async (line, rule) => {
    const given = file("hostile", [line]);
    const result = await addAnnotations({ file: given, into });
    expect(result.refused).toBe(`${given}:1 breaks ${rule}`);
    expect(result.problems.filter((p) => p.level === "error").map((p) => [p.line, p.rule])).toEqual([[1, rule]]);
    expect(JSON.stringify(result)).not.toContain(SECRET);
    expect(annotations()).toBe(EXISTING);
  });

  it("the same records pass with a reviewer's own name, kind human and the run's own stratum", async () => {
    const given = file("fine", [{ ...ABSENT, author: { kind: "human", name: "Format Examiner" } }]);
    expect(await addAnnotations({ file: given, into })).toMatchObject({ refused: null, added: 1 });
  });

  it("a symbolic link to a file outside is refused before it is read, and the CLI prints nothing of it", async () => {
    const outside = join(tmp, `outside-${n}.jsonl`);
    writeFileSync(outside, JSON.stringify({ ...CONFIRMED, note: SECRET }) + "\n");
    const link = join(tmp, `link-${n}.jsonl`);
    symlinkSync(outside, link);
    const result = await addAnnotations({ file: link, into });
    expect(result.refused).toBe(`${link} is a symbolic link (path.link); release:add reads a regular file only`);
    expect(annotations()).toBe(EXISTING);
    const cli = spawnSync(process.execPath, ["--import", "tsx", "scripts/release-add.ts", link, "--into", into], { encoding: "utf8" });
    expect(cli.status).toBe(1);
    expect(cli.stdout + cli.stderr).not.toContain(SECRET);
    expect(cli.stderr).toContain("path.link");
    // Nothing of the file outside reached the release.
    expect(scanTree(into).files.filter((f) => readFileSync(join(into, f), "utf8").includes(SECRET))).toEqual([]);
  });
});
