// The CLI given something that is not a release folder says what it got and what it expects, in one error
// (not one file.missing per required file). Inputs are made here: a path that does not exist, a zip (the
// minimal release zipped by Python, lib/local/fixtures/minimal-release.zip, copied under a neutral name so
// only its bytes say "zip"), and a plain file.
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

const tmp = mkdtempSync(join(tmpdir(), "validate-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function cli(path: string): Promise<{ code: number; out: string[] }> {
  try {
    const { stdout } = await promisify(execFile)("npx", ["tsx", "scripts/validate-release.ts", path]);
    return { code: 0, out: stdout.trimEnd().split("\n") };
  } catch (e) {
    const err = e as { code: number; stdout: string };
    return { code: err.code, out: err.stdout.trimEnd().split("\n") };
  }
}

const EXPECTED =
  "expected a release folder holding release.json, tasks.jsonl, sessions.jsonl, configs.jsonl and runs.jsonl (docs/data-format.md)";

describe("npm run data:validate on a path that is not a release folder", () => {
  it("a missing path, a zip and a plain file: one release.path error each, saying what it is, exit 1", async () => {
    const missing = join(tmp, "no-such-release");
    const zip = join(tmp, "release-archive");
    copyFileSync("lib/local/fixtures/minimal-release.zip", zip);
    const plain = join(tmp, "notes.txt");
    writeFileSync(plain, "hello\n");
    const [a, b, c] = await Promise.all([cli(missing), cli(zip), cli(plain)]);
    expect(a).toEqual({
      code: 1,
      out: [
        `error . release.path: ${missing} does not exist; ${EXPECTED}`,
        `${missing}: INVALID, 1 error(s), 0 warning(s)`,
      ],
    });
    expect(b.code).toBe(1);
    expect(b.out).toEqual([
      `error . release.path: ${zip} is a zip file; ${EXPECTED}. Unzip it and pass the folder that holds release.json`,
      `${zip}: INVALID, 1 error(s), 0 warning(s)`,
    ]);
    expect(c).toEqual({
      code: 1,
      out: [
        `error . release.path: ${plain} is a file (6 bytes), not a folder; ${EXPECTED}`,
        `${plain}: INVALID, 1 error(s), 0 warning(s)`,
      ],
    });
  }, 60_000);
});
