import { cpSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { writeArchive } from "../archive/write-node";
import { MINIMAL_DIR } from "./fixtures/minimal";
import { loadRelease } from "./load-release";
import { validateReleaseOnDisk } from "./validate-trajectories";

// The minimal example copied, four of its runs given a `patch`: a good plain file, an archive entry that is
// no diff, a missing file and a path leaving the folder.
const dir = mkdtempSync(join(tmpdir(), "patches-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GOOD = ["diff --git a/src/widgets/render.py b/src/widgets/render.py", "--- a/src/widgets/render.py", "+++ b/src/widgets/render.py", "@@ -1 +1,2 @@", " def pad(s):", "+    return s.rjust(8)", ""].join("\n");

async function prepare() {
  cpSync(MINIMAL_DIR, dir, { recursive: true });
  mkdirSync(join(dir, "patches"), { recursive: true });
  writeFileSync(join(dir, "patches/good.diff"), GOOD);
  writeFileSync(join(dir, "patches/bad.zip"), await writeArchive([{ name: "x.diff", text: () => "I changed render.py, trust me\n" }]));
  const lines = readFileSync(join(dir, "runs.jsonl"), "utf8").trim().split("\n").map((l) => JSON.parse(l) as Record<string, unknown>);
  const refs = ["patches/good.diff", "patches/bad.zip#x.diff", "patches/nope.diff", "../outside.diff"];
  lines.forEach((r, i) => i < refs.length && (r.patch = refs[i]));
  writeFileSync(join(dir, "runs.jsonl"), lines.map((l) => JSON.stringify(l)).join("\n") + "\n");
  return lines.map((l) => l.run_id as string);
}

describe("run.patch_*", () => {
  it("warns, naming the run, on a patch that is no unified diff, and on a missing one; a path outside is an error", async () => {
    const ids = await prepare();
    const { release, problems: loadProblems } = await loadRelease(dir);
    expect(loadProblems).toEqual([]);
    const { problems } = await validateReleaseOnDisk(release!);
    const patchProblems = problems.filter((p) => p.rule.startsWith("run.patch_")).map((p) => [p.level, p.rule, p.record, p.message]);
    expect(patchProblems).toEqual([
      ["warning", "run.patch_missing", ids[2], `patch file "patches/nope.diff" does not exist`],
      ["error", "run.patch_path", ids[3], `patch "../outside.diff" must be a path inside the release folder (and an archive entry inside its archive)`],
      ["warning", "run.patch_format", ids[1], `patch "patches/bad.zip#x.diff" does not parse as a unified diff: no file header (diff --git, or --- / +++) was found`],
    ]);
  });
});
