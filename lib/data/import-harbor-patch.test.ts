// The Harbor importer fills `patch` from the trial's agent/patch.diff (where Harbor's patch-producing agents
// capture `git diff`), else leaves it absent. The real job (lib/data/fixtures/harbor/README.md) has no diff:
// a hand-made one is added to a copy, once well formed (CRLF, as a Windows checkout writes it) and once not.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { assembleRealJob, REAL_SPECS, REAL_TRIAL } from "./fixtures/harbor/real-job";
import { importHarbor } from "./import-harbor";
import { validateReleaseOnDisk } from "./validate-trajectories";

const tmp = mkdtempSync(join(tmpdir(), "import-harbor-patch-"));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const DIFF = ["diff --git a/worker/queue.py b/worker/queue.py", "--- a/worker/queue.py", "+++ b/worker/queue.py", "@@ -1,2 +1,3 @@", " import asyncio", "+import contextlib", " "].join("\r\n") + "\r\n";

async function importWith(name: string, patch: string | null) {
  const jobs = assembleRealJob(join(tmp, `${name}-jobs`));
  if (patch !== null) writeFileSync(join(jobs, REAL_TRIAL, "agent", "patch.diff"), patch);
  const out = join(tmp, `${name}-out`);
  const result = await importHarbor({ jobs, specs: REAL_SPECS, configId: "sonnet-cc", out });
  return { jobs, out, result, run: result.runs[0]! };
}

describe("import:harbor and the agent's diff", () => {
  it("copies agent/patch.diff byte for byte as patches/<run_id>.diff and names it", async () => {
    const { jobs, out, result, run } = await importWith("with", DIFF);
    expect(run.patch).toBe("patches/sonnet-cc.fix-async-worker-queue.r0.diff");
    expect(readFileSync(join(out, run.patch!))).toEqual(readFileSync(join(jobs, REAL_TRIAL, "agent", "patch.diff")));
    expect(result.release!.runs[0]!.patch).toBe(run.patch);
    const { problems } = await validateReleaseOnDisk(result.release!);
    expect(problems.filter((p) => p.rule.startsWith("run.patch_"))).toEqual([]);
  });

  it("leaves `patch` absent when the trial has no diff (the real job as published)", async () => {
    const { run, result } = await importWith("without", null);
    expect(run.patch).toBeUndefined();
    expect(result.problems).toEqual([]);
  });

  it("keeps a diff that does not parse; the validator warns, naming the run", async () => {
    const { result, run } = await importWith("bad", "I fixed the queue, see the chat\n");
    const { problems } = await validateReleaseOnDisk(result.release!);
    expect(problems.filter((p) => p.rule === "run.patch_format").map((p) => [p.record, p.message])).toEqual([
      [run.run_id, `patch "${run.patch}" does not parse as a unified diff: no file header (diff --git, or --- / +++) was found`],
    ]);
  });
});
