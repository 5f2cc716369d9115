// The sample's trajectories and final patches (patches/, scripts/sample/patch.ts) are generated, not committed: `npm run data` calls this before building the
// sample, and it writes the archives when they are absent or were made from other inputs. The stamp hashes
// the committed release files and the generator's own code, so a changed generator or a regenerated sample
// rebuilds them, and an unchanged checkout never does.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { planSample } from "./generate";
import { writeSampleTrajectories } from "./trajectory-archives";

const STAMP = ".trajectories-stamp";
const INPUTS = ["release.json", "tasks.jsonl", "sessions.jsonl", "configs.jsonl", "runs.jsonl"];

function stampOf(dir: string): string {
  const h = createHash("sha256");
  for (const f of INPUTS) h.update(f).update(existsSync(join(dir, f)) ? readFileSync(join(dir, f)) : "");
  const code = join(import.meta.dirname);
  for (const f of readdirSync(code)
    .filter((n) => n.endsWith(".ts") && !n.endsWith(".test.ts"))
    .sort())
    h.update(f).update(readFileSync(join(code, f)));
  // The edit and patch readers the generator replays edits with (scripts/sample/patch.ts).
  h.update(readFileSync(join(code, "..", "..", "lib", "trajectory", "patch.ts")));
  // Deflate output depends on zlib: another Node may write other (equally valid) bytes.
  h.update(process.versions.zlib ?? "");
  return h.digest("hex");
}

export function sampleTrajectoriesFresh(dir: string): boolean {
  const path = join(dir, STAMP);
  // The patches are written with the trajectories: a copy of trajectories/ and the stamp alone is not current.
  return existsSync(path) && existsSync(join(dir, "patches")) && readFileSync(path, "utf8").trim() === stampOf(dir);
}

/** Returns null when the archives were already current, else what was written. */
export async function ensureSampleTrajectories(
  dir: string,
): Promise<{ archives: number; entries: number; bytes: number; ms: number } | null> {
  if (sampleTrajectoriesFresh(dir)) return null;
  const started = performance.now();
  const written = await writeSampleTrajectories(dir, planSample());
  writeFileSync(join(dir, STAMP), `${stampOf(dir)}\n`);
  return { ...written, ms: performance.now() - started };
}
