// An import whose trials match no session of the specifications exits non-zero and says why (harbor.no_match),
// instead of writing an empty release and reporting it valid. The jobs folder is assembled at test time from
// the real Harbor job (lib/data/fixtures/harbor/real-job.ts); the specifications are the minimal example's,
// which has no session for that trial's task.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { assembleRealJob } from "../lib/data/fixtures/harbor/real-job";

const tmp = mkdtempSync(join(tmpdir(), "import-cli-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe("npm run import:harbor with specifications that match no trial", () => {
  it("exits 1 with harbor.no_match naming the trial count, the folders and the first trial's reason", async () => {
    const jobs = assembleRealJob(join(tmp, "jobs"));
    const out = join(tmp, "out");
    const run = promisify(execFile)("npx", [
      "tsx",
      "scripts/import-harbor.ts",
      "--jobs",
      jobs,
      "--specs",
      "data/examples/minimal",
      "--config",
      "c",
      "--out",
      out,
    ]);
    const failure = (await run.then(
      () => null,
      (e: unknown) => e,
    )) as { code: number; stdout: string } | null;
    expect(failure?.code).toBe(1);
    const line = failure!.stdout.split("\n").find((l) => l.includes("harbor.no_match"));
    expect(line).toMatch(
      new RegExp(
        `^error \\. harbor\\.no_match: none of the 1 trial\\(s\\) under ${jobs.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} matches a session of data/examples/minimal \\(first: `,
      ),
    );
    expect(line).toMatch(/; nothing is imported\. Check --specs, or map trials to sessions with --mapping/);
  }, 60_000);
});
