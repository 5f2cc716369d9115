// Build-time read of a release's target Task Flows (docs/data-format.md: taskflow/<name>.json). Node only:
// the browser gets the parsed targets inside taskflow.json.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { TargetFile } from "./model";

export function readTargetFiles(releaseDir: string): TargetFile[] {
  const dir = join(releaseDir, "taskflow");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => {
      const text = readFileSync(join(dir, file), "utf8");
      try {
        return { file, json: JSON.parse(text) as unknown };
      } catch (err) {
        // An unparsable target is reported on the page by parseTaskFlowTarget, not by stopping the build.
        return { file, json: { error: `not JSON: ${err instanceof Error ? err.message : String(err)}` } };
      }
    });
}
