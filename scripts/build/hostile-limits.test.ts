// Issue 58, item 3: what validates, builds. Each limit of the data build and of the export is a validator rule
// (lib/data/build-limits.ts), so a release the build would fail on is refused by `npm run data:validate` (and by
// `npm run submission:check`, which loads and validates the same way), and one at the limits builds and exports.
// Every release is the minimal example (data/examples/minimal) changed here, at test time; every validation and
// build runs in a child process under the heap and time budgets named below, with its peak memory checked.
// Known answers: the minimal example validates with 7 warnings (run.trajectory_missing) and no error.
import {
  appendFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runBudgeted, type ChildOutcome } from "../../lib/common/testing-child";
import { DUCKDB_OBJECT_BYTES, EXPORT_FILE_CAP_BYTES, ROW_BUDGET_BYTES } from "../../lib/data/build-limits";
import { scanTree } from "../../lib/common/inside-root-node";
import { oversizeFiles } from "../export-size";

/** One validation of a hostile release: 40 MB of text read, parsed and measured. */
const VALIDATE_BUDGET = { ms: 90_000, heapMb: 1536 };
const VALIDATE_PEAK_MB = 1800;
/** One data build of the minimal example with a 16 MB note and a 1 MB stage text. */
const BUILD_BUDGET = { ms: 240_000, heapMb: 2048 };
const BUILD_PEAK_MB = 3000;

const MINIMAL = "data/examples/minimal";
const RUN = "orca-opencode.s-101-switched.0";
const tmp = mkdtempSync(join(tmpdir(), "hostile-limits-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// Planted beside every release: no output may ever hold it (nothing outside a release is read, copied or served).
const MARKER = `outside-marker-${process.pid}-${Date.now()}`;
writeFileSync(join(tmp, "outside.txt"), MARKER);

type Rec = Record<string, unknown>;
const lines = (dir: string, file: string): Rec[] =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Rec);
const writeLines = (dir: string, file: string, records: readonly Rec[]) =>
  writeFileSync(join(dir, file), records.map((r) => JSON.stringify(r)).join("\n") + "\n");

/** A copy of the minimal example named `name`, changed by `change`. */
function release(name: string, change: (dir: string) => void): string {
  const dir = join(tmp, name);
  cpSync(MINIMAL, dir, { recursive: true });
  change(dir);
  return dir;
}

/** `npm run data:validate -- dir` in a child: the problem lines, by rule. */
async function validate(dir: string): Promise<{ out: ChildOutcome; errors: string[] }> {
  const out = await runBudgeted("scripts/validate-release.ts", [dir], VALIDATE_BUDGET);
  expect(out.timedOut).toBe(false);
  expect(out.peakMb).toBeLessThan(VALIDATE_PEAK_MB);
  // "error <file>[:<line>] [<kind> <id>] <rule>: <message>" without the message.
  const errors = out.stdout
    .split("\n")
    .flatMap((l) => /^(error \S+(?: \[[^\]]*\])? [a-z_]+\.[a-z_]+):/.exec(l)?.[1] ?? []);
  return { out, errors: errors.sort() };
}

async function build(dir: string): Promise<{ out: ChildOutcome; built: string }> {
  const built = join(tmp, `${dir.split("/").pop()}-out`);
  const out = await runBudgeted("scripts/build-data.ts", [], BUILD_BUDGET, {
    DATA_RELEASES: dir,
    DATA_OUT: built,
    TRAJECTORY_PASS_CACHE: "off",
  });
  expect(out.timedOut).toBe(false);
  expect(out.peakMb).toBeLessThan(BUILD_PEAK_MB);
  return { out, built };
}

/** Every file the build wrote, read whole: none holds the marker planted outside the release. */
function expectNoMarker(built: string): void {
  const files = scanTree(built).files;
  expect(files.length).toBeGreaterThan(20);
  expect(files.filter((f) => readFileSync(join(built, f)).includes(MARKER))).toEqual([]);
}

// JSON text of a string holding a lone surrogate: JSON.stringify writes it as the escape "\ud800".
const LONE = "\ud800";

describe("a lone surrogate in a title, a note, a display name, release.json's title and a key of extra", () => {
  const dir = release("surrogates", (d) => {
    const tasks = lines(d, "tasks.jsonl");
    tasks[0]!.title = `Cell ${LONE} padding`;
    writeLines(d, "tasks.jsonl", tasks);
    const notes = lines(d, "annotations.jsonl");
    notes[0]!.note = `drops ${LONE}`;
    writeLines(d, "annotations.jsonl", notes);
    const configs = lines(d, "configs.jsonl");
    configs[1]!.display_name = `Orca ${LONE}`;
    // A pair is one character: it builds.
    configs[0]!.display_name = "Orca-2 / OpenCode \ud83d\ude00";
    configs[0]!.extra = { [`k${LONE}`]: 1 };
    writeLines(d, "configs.jsonl", configs);
    const meta = JSON.parse(readFileSync(join(d, "release.json"), "utf8")) as Rec;
    writeFileSync(join(d, "release.json"), JSON.stringify({ ...meta, title: `Minimal ${LONE}` }));
  });

  it("is refused by the validator, field by field (text.lone_surrogate), and the build stops before DuckDB", async () => {
    const { out, errors } = await validate(dir);
    expect(out.code).toBe(1);
    expect(errors).toEqual([
      "error annotations.jsonl:1 text.lone_surrogate",
      "error configs.jsonl:1 [config orca-opencode] text.lone_surrogate",
      "error configs.jsonl:2 [config orca-opencode-router] text.lone_surrogate",
      "error release.json text.lone_surrogate",
      "error tasks.jsonl:1 [task widgets-101] text.lone_surrogate",
    ]);
    expect(out.stdout).toContain("extra.k⟦U+D800⟧ (key) holds a lone UTF-16 surrogate");
    expect(out.stdout).toContain(
      "tasks.jsonl:1 [task widgets-101] text.lone_surrogate: title holds a lone UTF-16 surrogate",
    );
    const { out: b } = await build(dir);
    expect(b.code).toBe(1);
    expect(b.stdout).toContain("text.lone_surrogate");
    expect(b.stderr).not.toContain("Invalid Input Error");
  }, 400_000);
});

describe("at the limits: a note of nearly 16 MiB, a 1 MB stage text of one word, a pair in a display name", () => {
  const noteBytes = ROW_BUDGET_BYTES - 1024;
  const dir = release("at-limits", (d) => {
    const notes = lines(d, "annotations.jsonl");
    notes[0]!.note = "n".repeat(noteBytes);
    writeLines(d, "annotations.jsonl", notes);
    const tasks = lines(d, "tasks.jsonl");
    (tasks[0]!.stages as Rec[])[0]!.text = "a".repeat(1 << 20);
    writeLines(d, "tasks.jsonl", tasks);
    const configs = lines(d, "configs.jsonl");
    configs[0]!.display_name = "Orca-2 / OpenCode \ud83d\ude00";
    writeLines(d, "configs.jsonl", configs);
  });

  it("validates, builds within its budget, exports no file over 20 MiB and nothing from outside the release", async () => {
    const { out, errors } = await validate(dir);
    expect(errors).toEqual([]);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain(`${dir}: valid, 0 error(s), 7 warning(s)`);
    const { out: b, built } = await build(dir);
    expect(b.stderr).toBe("");
    expect(b.code).toBe(0);
    const files = scanTree(built).files;
    expect(oversizeFiles(built, files)).toEqual([]);
    // The note reached the export whole: the annotations table and the run's answers hold it.
    const answers = readdirSync(join(built, "minimal/answers/run")).map((f) =>
      readFileSync(join(built, "minimal/answers/run", f), "utf8"),
    );
    expect(answers.some((a) => a.includes("n".repeat(noteBytes)))).toBe(true);
    expect(noteBytes).toBeLessThan(DUCKDB_OBJECT_BYTES);
    expectNoMarker(built);
  }, 400_000);
});

describe("past the limits", () => {
  it("a 40 MB note is refused (record.too_large, table.too_large)", async () => {
    const dir = release("note-40mb", (d) => {
      const notes = lines(d, "annotations.jsonl");
      notes[0]!.note = "n".repeat(40 * 1024 * 1024);
      writeLines(d, "annotations.jsonl", notes);
    });
    const { out, errors } = await validate(dir);
    expect(out.code).toBe(1);
    expect(errors).toEqual(["error annotations.jsonl table.too_large", "error annotations.jsonl:1 record.too_large"]);
    expect(out.stdout).toContain("its row of the build's annotations table is 40.00 MiB");
  }, 120_000);

  it("190,000 annotations on one run are refused (table.too_large): the table and the run's answers would pass 20 MiB", async () => {
    const dir = release("annotations-190k", (d) => {
      const [note] = lines(d, "annotations.jsonl");
      const text = Array.from({ length: 190_000 }, (_, i) => JSON.stringify({ ...note, note: `n${i}` })).join("\n");
      writeFileSync(join(d, "annotations.jsonl"), text + "\n");
    });
    const { out, errors } = await validate(dir);
    expect(out.code).toBe(1);
    expect(errors).toEqual(["error annotations.jsonl table.too_large"]);
    expect(out.stdout).toMatch(/the build's annotations table would be \d+\.\d\d MiB of rows, over the 19\.00 MiB/);
  }, 120_000);

  it("a native log over 20 MiB is refused (file.too_large): the build copies it into the export as it is", async () => {
    const log = `trajectories/${RUN}.json`;
    const dir = release("log-21mb", (d) => {
      // A Claude Code session whose one line is padded past the cap; sparse, so the disk holds almost nothing.
      appendFileSync(join(d, log), "\n");
      truncateSync(join(d, log), EXPORT_FILE_CAP_BYTES + 1);
    });
    const { out, errors } = await validate(dir);
    expect(out.code).toBe(1);
    expect(errors).toEqual([`error ${log} file.too_large`]);
    expect(out.stdout).toContain(
      `${log} file.too_large: 20,971,521 bytes, over the 20,971,520 (20 MiB) a file of the export may have`,
    );
  }, 120_000);
});
