// Issue 58, class 7: `npm run convert` on hostile inputs and outputs, built here at test time. The log must be a
// regular file within the per-file limit, checked before a byte is read (a FIFO, /dev/zero, a folder, a sparse
// file of 600 MB); --out is never written through a link nor over a file without --force; every refusal is a
// sentence naming the path. The CLI runs in a child process with a time and memory limit, so a converter that
// reads forever fails the test instead of hanging it.
import { execFile, execFileSync } from "node:child_process";
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { convertLog } from "./convert-log";

const LOG = "lib/trajectory/native/fixtures/claude-code/sample_main_transcript.jsonl";
const EVAL = "lib/trajectory/native/fixtures/inspect/ais-decoder.eval";
const MARKER = `marker-behind-the-link-${process.pid}`;
/** Budgets for one CLI run on a loaded machine: tsx's start is most of it. */
const CLI_BUDGET_MS = 30_000;
const CLI_HEAP_MB = 256;

let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(join(tmpdir(), "convert-hostile-"));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The CLI in a child process under CLI_BUDGET_MS and a heap of CLI_HEAP_MB. */
function cli(args: string[]): Promise<{ code: number | null; out: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      "npx",
      ["tsx", "scripts/convert.ts", ...args],
      {
        timeout: CLI_BUDGET_MS,
        killSignal: "SIGKILL",
        env: { ...process.env, NODE_OPTIONS: `--max-old-space-size=${CLI_HEAP_MB}` },
      },
      (err, stdout, stderr) => {
        const code = err ? ((err as { code?: number }).code ?? null) : 0;
        resolve({ code: typeof code === "number" ? code : null, out: stdout + stderr, ms: Date.now() - started });
      },
    );
  });
}

describe("the log must be a regular file within the limit, checked before reading", () => {
  it("refuses a FIFO at once, naming it (the CLI, under its time budget)", async () => {
    const fifo = join(tmp, "pipe.jsonl");
    execFileSync("mkfifo", [fifo]);
    const run = await cli([fifo, "--out", join(tmp, "fifo.json")]);
    expect(run.out.trim()).toBe(`the log ${fifo} is a FIFO (named pipe), not a log file; refused before reading`);
    expect(run.code).toBe(1);
    expect(run.ms).toBeLessThan(CLI_BUDGET_MS);
  });

  it("refuses /dev/zero without reading it (the CLI, under its time and memory budget)", async () => {
    const run = await cli(["/dev/zero", "--out", join(tmp, "zero.json")]);
    expect(run.out.trim()).toBe("the log /dev/zero is a device, not a log file; refused before reading");
    expect(run.code).toBe(1);
  });

  it("refuses a folder and a missing file in words, not EISDIR or ENOENT", async () => {
    await expect(convertLog(tmp, join(tmp, "dir.json"))).rejects.toThrow(
      `the log ${tmp} is a folder, not a log file; refused before reading`,
    );
    await expect(convertLog(join(tmp, "missing.jsonl"), join(tmp, "m.json"))).rejects.toThrow(
      `the log ${join(tmp, "missing.jsonl")}: does not exist`,
    );
  });

  it("refuses a log over the limit by its size, before reading: a sparse 600 MB file and a 2 KB one under a 1 KB limit", async () => {
    const sparse = join(tmp, "huge.jsonl");
    writeFileSync(sparse, "");
    truncateSync(sparse, 600 * 1024 * 1024);
    await expect(convertLog(sparse, join(tmp, "huge.json"))).rejects.toThrow(
      `the log ${sparse} is 600 MB, more than the 512 MB limit for one file; refused before reading`,
    );
    await expect(convertLog(LOG, join(tmp, "small.json"), { maxBytes: 1024 })).rejects.toThrow(
      /is \d+ KB, more than the 1 KB limit for one file; refused before reading$/,
    );
  });
});

describe("--out", () => {
  it("is not replaced when it exists, unless --force; with --force it is", async () => {
    const out = join(tmp, "exists.json");
    writeFileSync(out, "keep me");
    await expect(convertLog(LOG, out)).rejects.toThrow(`--out ${out} already exists: pass --force to replace it`);
    expect(readFileSync(out, "utf8")).toBe("keep me");
    await convertLog(LOG, out, { force: true });
    expect(JSON.parse(readFileSync(out, "utf8"))).toHaveProperty("steps");
  });

  it("is never written through a link, even with --force: the file behind it keeps its text", async () => {
    const target = join(tmp, "target.json");
    writeFileSync(target, MARKER);
    const link = join(tmp, "link.json");
    symlinkSync(target, link);
    for (const force of [false, true])
      await expect(convertLog(LOG, link, { force })).rejects.toThrow(
        `--out ${link} is a symbolic link: the converter writes through no link; refused`,
      );
    expect(readFileSync(target, "utf8")).toBe(MARKER);
    const dangling = join(tmp, "dangling.json");
    symlinkSync(join(tmp, "nowhere.json"), dangling);
    await expect(convertLog(LOG, dangling, { force: true })).rejects.toThrow(/is a symbolic link/);
    expect(readdirSync(tmp)).not.toContain("nowhere.json");
  });

  it("names a folder given for a file, a file given for an Inspect log's folder, and a missing parent", async () => {
    const folder = join(tmp, "a-folder");
    mkdirSync(folder);
    await expect(convertLog(LOG, folder, { force: true })).rejects.toThrow(
      `--out ${folder} is a folder, and this log converts to a file: give a file's path`,
    );
    const file = join(tmp, "a-file");
    writeFileSync(file, "");
    await expect(convertLog(EVAL, file, { force: true })).rejects.toThrow(
      `--out ${file} is a file, and this log converts to a folder: an Inspect log's samples go into a folder`,
    );
    const orphan = join(tmp, "no-such-folder", "x.json");
    await expect(convertLog(LOG, orphan)).rejects.toThrow(
      `--out ${orphan}: its folder ${join(tmp, "no-such-folder")} does not exist`,
    );
  });

  it("the CLI takes --force and says what it wrote", async () => {
    const out = join(tmp, "cli.json");
    writeFileSync(out, "old");
    expect((await cli([LOG, "--out", out])).out.trim()).toBe(`--out ${out} already exists: pass --force to replace it`);
    const run = await cli([LOG, "--out", out, "--force"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain(`${LOG} (claude-code) → ${out}: 22 steps`);
  });
});
