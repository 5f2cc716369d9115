import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MALFORMED_DIR, MINIMAL_DIR, errorList } from "./fixtures/minimal";
import { lineOf, loadRelease } from "./load-release";
import type { Problem } from "./schema";
import { validateRelease } from "./validate";

const temps: string[] = [];
afterEach(async () => {
  await Promise.all(temps.splice(0).map((d) => rm(d, { recursive: true, force: true })));
});

/** A copy of the malformed fixture with one file replaced (or removed when `content` is null). */
async function variant(file: string, content: string | Buffer | null): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "release-"));
  temps.push(dir);
  await cp(MALFORMED_DIR, dir, { recursive: true });
  if (content === null) await rm(join(dir, file));
  else await writeFile(join(dir, file), content);
  return dir;
}

const where = (p: Problem) => `${p.level} ${p.file}:${p.line ?? "-"} ${p.record ?? "-"} ${p.rule}`;

describe("loadRelease on the minimal example", () => {
  it("loads every record with no problem and remembers line numbers", async () => {
    const { release, problems } = await loadRelease(MINIMAL_DIR);
    expect(problems).toEqual([]);
    expect(release).not.toBeNull();
    expect(release?.meta.release_id).toBe("minimal");
    expect([release?.tasks.length, release?.sessions.length, release?.configs.length, release?.runs.length, release?.annotations.length]).toEqual([
      6, 4, 2, 8, 1,
    ]);
    const third = release?.sessions[2];
    expect(third?.session_id).toBe("s-102-uninterrupted");
    expect(third && lineOf(third)).toBe(3);
  });
});

describe("a malformed release (truncated line, unknown config, wrong type, unknown field)", () => {
  it("reports exactly the four named errors, with file, line and record, and keeps every other record", async () => {
    const { release, problems } = await loadRelease(MALFORMED_DIR);
    expect(release).not.toBeNull();
    if (!release) return;
    const all = [...problems, ...validateRelease(release)];
    expect(all.filter((p) => p.level === "error").map(where).sort()).toEqual([
      "error configs.jsonl:3 c-3 schema.unknown_field",
      "error runs.jsonl:4 r-3 json.parse",
      "error runs.jsonl:5 r-4 ref.config",
      "error runs.jsonl:6 r-5 schema.type",
    ]);
    // 3 configs minus the one with the unknown field; 6 run lines minus the truncated and the mistyped one.
    expect(release.tasks.map((t) => t.task_id)).toEqual(["t-1", "t-2"]);
    expect(release.sessions).toHaveLength(2);
    expect(release.configs.map((c) => c.config_id)).toEqual(["c-1", "c-2"]);
    expect(release.runs.map((r) => r.run_id)).toEqual(["r-1", "r-2", "r-4", "r-6"]);
    const messages = all.filter((p) => p.level === "error").map((p) => p.message);
    expect(messages).toContain('unknown field "harnes_version" (put producer-specific data under "extra")');
    expect(messages).toContain('field "repeat": expected number, got string');
  });

  it("counts lines from 1 including blank lines, which are skipped", async () => {
    const { release } = await loadRelease(MALFORMED_DIR);
    const r6 = release?.runs.find((r) => r.run_id === "r-6");
    expect(r6 && lineOf(r6)).toBe(7);
  });
});

describe("file-level problems", () => {
  it("a missing required file is file.missing and the rest still loads", async () => {
    const { release, problems } = await loadRelease(await variant("tasks.jsonl", null));
    expect(problems.map(where)).toContain("error tasks.jsonl:- - file.missing");
    expect(release?.tasks).toEqual([]);
    expect(release?.runs).toHaveLength(4);
  });

  it("annotations.jsonl is optional", async () => {
    const { problems } = await loadRelease(MALFORMED_DIR);
    expect(problems.filter((p) => p.file === "annotations.jsonl")).toEqual([]);
  });

  it("a missing folder is reported once, as what it is, not thrown", async () => {
    const missing = join(tmpdir(), "no-such-release-folder-7f3a");
    const { release, problems } = await loadRelease(missing);
    expect(release).toBeNull();
    expect(problems.map((p) => `${p.file} ${p.rule} ${p.message}`)).toEqual([
      `. release.path ${missing} does not exist; expected a release folder holding release.json, tasks.jsonl, sessions.jsonl, configs.jsonl and runs.jsonl (docs/data-format.md)`,
    ]);
  });

  it("a folder without the required files still gets one file.missing per file", async () => {
    const empty = await variant("release.json", null);
    for (const f of ["tasks.jsonl", "sessions.jsonl", "configs.jsonl", "runs.jsonl"]) await rm(join(empty, f));
    const { problems } = await loadRelease(empty);
    expect(problems.map((p) => `${p.file} ${p.rule}`)).toEqual([
      "release.json file.missing",
      "tasks.jsonl file.missing",
      "sessions.jsonl file.missing",
      "configs.jsonl file.missing",
      "runs.jsonl file.missing",
    ]);
  });

  it("a broken release.json gives release null but the records are still checked", async () => {
    const { release, problems } = await loadRelease(await variant("release.json", '{"format_version": "1", "release_id": '));
    expect(release).toBeNull();
    expect(errorList(problems)).toEqual(["json.parse", "json.parse r-3", "schema.type r-5", "schema.unknown_field c-3"]);
  });

  it("release.json failing its schema names the fields", async () => {
    const meta = JSON.parse(await readFile(join(MALFORMED_DIR, "release.json"), "utf8")) as Record<string, unknown>;
    delete meta.title;
    meta.release_id = "Bad Id";
    meta.format_version = "2";
    const { release, problems } = await loadRelease(await variant("release.json", JSON.stringify(meta)));
    expect(release).toBeNull();
    const own = problems.filter((p) => p.file === "release.json");
    expect(own.map((p) => p.rule).sort()).toEqual(["schema.required", "schema.value", "schema.value"]);
    expect(own.find((p) => p.rule === "schema.required")?.message).toBe('required field "title" is missing');
  });

  it("invalid UTF-8 is file.encoding on its line; the line is still read", async () => {
    const good = await readFile(join(MALFORMED_DIR, "tasks.jsonl"));
    const bad = Buffer.from(good.toString("utf8").replace("Fix the printer.", "Fix the printer \u0000."), "utf8");
    const nul = bad.indexOf(0);
    bad[nul] = 0xff; // a byte that never occurs in UTF-8
    const { release, problems } = await loadRelease(await variant("tasks.jsonl", bad));
    expect(problems.filter((p) => p.file === "tasks.jsonl").map(where)).toEqual(["error tasks.jsonl:2 - file.encoding"]);
    expect(release?.tasks).toHaveLength(2);
  });

  it("CRLF line endings and a byte-order mark are accepted", async () => {
    const text = await readFile(join(MALFORMED_DIR, "sessions.jsonl"), "utf8");
    const { release, problems } = await loadRelease(await variant("sessions.jsonl", `\uFEFF${text.replace(/\n/g, "\r\n")}`));
    expect(problems.filter((p) => p.file === "sessions.jsonl")).toEqual([]);
    expect(release?.sessions.map((s) => s.session_id)).toEqual(["s-1", "s-2"]);
  });

  it("a last line without a newline is read", async () => {
    const text = await readFile(join(MALFORMED_DIR, "configs.jsonl"), "utf8");
    const { release } = await loadRelease(await variant("configs.jsonl", text.trimEnd().split("\n").slice(0, 2).join("\n")));
    expect(release?.configs.map((c) => c.config_id)).toEqual(["c-1", "c-2"]);
  });
});

describe("schema problems are classified", () => {
  const sessionLine = (schedule: unknown[], more: Record<string, unknown> = {}) =>
    JSON.stringify({ session_id: "s-1", focus_task_id: "t-1", condition: "solo", group: "all", workspaces: { "/w/0": "t-1" }, schedule, ...more });

  async function sessionProblems(line: string): Promise<Problem[]> {
    const { problems } = await loadRelease(await variant("sessions.jsonl", `${line}\n`));
    return problems.filter((p) => p.file === "sessions.jsonl");
  }

  it("a misspelt stage is a wrong value, a boolean stage a wrong type", async () => {
    const typo = await sessionProblems(sessionLine([{ task_id: "t-1", stage: "sbumit", workspace: "/w/0" }]));
    expect(typo.map((p) => [p.rule, p.line, p.record])).toEqual([["schema.value", 1, "s-1"]]);
    expect(typo[0]?.message).toBe('field "schedule[0].stage": expected number or "submit" (got "sbumit")');
    const bool = await sessionProblems(sessionLine([{ task_id: "t-1", stage: true, workspace: "/w/0" }]));
    expect(bool.map((p) => p.rule)).toEqual(["schema.type"]);
    expect(bool[0]?.message).toBe('field "schedule[0].stage": expected number or "submit", got boolean');
  });

  it("stage 0 is a wrong value; a missing workspace is required; an empty schedule is a wrong value", async () => {
    const zero = await sessionProblems(sessionLine([{ task_id: "t-1", stage: 0, workspace: "/w/0" }]));
    expect(zero.map((p) => p.rule)).toEqual(["schema.value"]);
    const noWorkspace = await sessionProblems(sessionLine([{ task_id: "t-1", stage: 1 }]));
    expect(noWorkspace.map((p) => [p.rule, p.message])).toEqual([["schema.required", 'required field "schedule[0].workspace" is missing']]);
    const empty = await sessionProblems(sessionLine([]));
    expect(empty.map((p) => p.rule)).toEqual(["schema.value"]);
  });

  it("each unknown key is its own problem; a line that is not an object is a wrong type", async () => {
    const keys = await sessionProblems(sessionLine([{ task_id: "t-1", stage: 1, workspace: "/w/0", wokspace: "x" }], { sead: 3 }));
    expect(keys.map((p) => p.message).sort()).toEqual([
      'unknown field "schedule[0].wokspace" (put producer-specific data under "extra")',
      'unknown field "sead" (put producer-specific data under "extra")',
    ]);
    const array = await sessionProblems("[1, 2]");
    expect(array.map((p) => [p.rule, p.message])).toEqual([["schema.type", 'field "(record)": expected object, got array']]);
  });

  it("an enum outside its options is a wrong value naming the record", async () => {
    const text = await readFile(join(MALFORMED_DIR, "runs.jsonl"), "utf8");
    const { problems } = await loadRelease(await variant("runs.jsonl", text.replace('"failure_class": "submission"', '"failure_class": "timeout"')));
    expect(problems.filter((p) => p.rule === "schema.value").map(where)).toEqual(["error runs.jsonl:7 r-6 schema.value"]);
  });
});
