// The sample's target Task Flows: the repository's targets in data/taskflow/ (docs/benchmark-pages.md,
// "Targets in this repository"), copied byte for byte into <release>/taskflow/ so the sample's Task Flow
// page has something to score against. Neither target is a figure of the sample; where their shares come
// from is said in docs/benchmark-pages.md.
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";

export const TARGETS_SOURCE = join(import.meta.dirname, "..", "..", "data", "taskflow");

/** Listed rather than globbed: a new file in data/taskflow/ should not change the sample unnoticed. */
export const SAMPLE_TARGETS = ["swe-bench-pro-single.json", "switch-swe-example.json"] as const;

export function writeTaskflowTargets(outDir: string): void {
  const dir = join(outDir, "taskflow");
  // Removed first, like trajectories/, so a target dropped from the list does not linger in the release.
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const file of SAMPLE_TARGETS) copyFileSync(join(TARGETS_SOURCE, file), join(dir, file));
}
