// The agent's submitted diff of a Harbor trial (docs/data-format.md, "Importing Harbor jobs"): Harbor's
// patch-producing agents capture `git diff` of the task's checkout into /logs/agent/, which is the trial
// folder's agent/ folder. A multi-step trial's last step wins (its own steps/<name>/agent/ folder).
import { copyFileSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import type { TrialFacts } from "./import-harbor-read";

/** Looked for in this order, in the trial's agent/ folder (and in each step's). */
export const HARBOR_PATCH_FILES = ["patch.diff", "diff.patch", "model.patch"] as const;

function patchIn(agentDir: string): string | null {
  for (const name of HARBOR_PATCH_FILES) {
    const p = join(agentDir, name);
    if (existsSync(p) && statSync(p).isFile()) return p;
  }
  return null;
}

/** The trial's patch file: the last step folder that has one, else the trial's own agent/ folder. */
export function trialPatchFile(trial: Pick<TrialFacts, "dir">): string | null {
  const steps = join(trial.dir, "steps");
  if (existsSync(steps) && statSync(steps).isDirectory()) {
    for (const name of readdirSync(steps).sort().reverse()) {
      const found = patchIn(join(steps, name, "agent"));
      if (found) return found;
    }
  }
  return patchIn(join(trial.dir, "agent"));
}

/** Copies the trial's patch into `<out>/patches/<run_id>.diff` byte for byte; the run's `patch`, or null. */
export function copyTrialPatch(trial: Pick<TrialFacts, "dir">, out: string, runId: string): string | null {
  const from = trialPatchFile(trial);
  if (from === null) return null;
  const ref = `patches/${runId}.diff`;
  mkdirSync(join(out, "patches"), { recursive: true });
  copyFileSync(from, join(out, ref));
  return ref;
}
