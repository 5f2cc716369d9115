// Releases whose large files are generated rather than committed: the bundled sample's trajectories
// (scripts/sample/ensure-trajectories.ts). Any other release is built from what its folder holds.
import { resolve } from "node:path";
import { ensureSampleTrajectories } from "../sample/ensure-trajectories";

const SAMPLE_DIR = resolve(import.meta.dirname, "..", "..", "data", "releases", "sample");

export async function ensureGenerated(
  dir: string,
): Promise<{ archives: number; entries: number; bytes: number; ms: number } | null> {
  return resolve(dir) === SAMPLE_DIR ? ensureSampleTrajectories(dir) : null;
}
