// Puts a release's trajectories/ folder (plain files, .json.gz, ZIP archives: docs/data-format.md,
// "Trajectories") where the site reads them: beside the tables by default, or, when the deployment serves
// them from another host (NEXT_PUBLIC_TRAJECTORY_BASE_URL, docs/architecture.md "Trajectory base URL"), into
// TRAJECTORY_OUT for upload, so the static export stays small. Files are copied as they are: archives are
// read by range in the browser, never repacked here.
import { cpSync, existsSync, readdirSync, statSync } from "node:fs";
import { join, resolve } from "node:path";

export function trajectoryDestination(releaseId: string, out: string): string {
  if (!process.env.NEXT_PUBLIC_TRAJECTORY_BASE_URL) return join(out, "trajectories");
  return join(resolve(process.env.TRAJECTORY_OUT ?? "dist/trajectories"), releaseId, "trajectories");
}

/** Returns the number of files published. */
export function publishTrajectories(dir: string, releaseId: string, out: string): number {
  const from = join(dir, "trajectories");
  if (!existsSync(from)) return 0;
  cpSync(from, trajectoryDestination(releaseId, out), { recursive: true });
  return countFiles(from);
}

/**
 * The runs' submitted patches (docs/data-format.md, "Final patch"): small, so they stay on the site's origin
 * beside the tables (`/data/<id>/patches/…`) whatever the trajectory base URL.
 */
export function publishPatches(dir: string, out: string): number {
  const from = join(dir, "patches");
  if (!existsSync(from)) return 0;
  cpSync(from, join(out, "patches"), { recursive: true });
  return countFiles(from);
}

function countFiles(dir: string): number {
  let n = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    n += statSync(p).isDirectory() ? countFiles(p) : 1;
  }
  return n;
}
