// Every run's submitted patch (docs/data-format.md, "Final patch") read once and parsed as a unified diff:
// one that cannot be read, or that does not parse, is a warning naming the run and the file or entry.
// Node only (build and CLI).
import { ArchiveCache, readReleaseFile } from "../archive/read-node";
import { parseFileRef } from "../archive/ref";
import { parseUnifiedDiff } from "../trajectory/patch";
import { MAX_PATCH_BYTES } from "../trajectory/patch-view";
import type { Problem, Release } from "./schema";
import { lineOf } from "./record-lines";
import { normalizeTrajectoryRef } from "./validate-runs";


export async function checkPatchesReadable(release: Release, check: (runId: string) => boolean): Promise<{ problems: Problem[]; readable: number }> {
  const problems: Problem[] = [];
  const archives = new ArchiveCache();
  let readable = 0;
  try {
    for (const run of release.runs) {
      const ref = run.patch === undefined ? null : normalizeTrajectoryRef(run.patch);
      if (ref === null || !check(run.run_id)) continue;
      const warn = (rule: string, message: string) => problems.push({ level: "warning", file: "runs.jsonl", line: lineOf(run), record: run.run_id, rule, message });
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(await readReleaseFile(release.dir, ref, archives, MAX_PATCH_BYTES));
      } catch (err) {
        warn("run.patch_unreadable", `patch "${ref}" could not be read: ${err instanceof Error ? err.message : String(err)}`);
        continue;
      }
      const { problems: found } = parseUnifiedDiff(text);
      if (found.length > 0) {
        const first = found[0]!;
        const where = parseFileRef(ref).kind === "entry" ? "entry" : "file";
        warn(
          "run.patch_format",
          `patch "${ref}" does not parse as a unified diff: ${first.line > 0 ? `line ${first.line} of the ${where}: ` : ""}${first.message}${found.length > 1 ? ` (and ${found.length - 1} more)` : ""}`,
        );
      } else readable++;
    }
  } finally {
    await archives.close();
  }
  return { problems, readable };
}
