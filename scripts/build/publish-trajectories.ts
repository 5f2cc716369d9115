// Puts a release's trajectories/ folder (plain files, .json.gz, ZIP archives: docs/data-format.md,
// "Trajectories") where the site reads them: beside the tables by default, or, when the deployment serves
// them from another host (NEXT_PUBLIC_TRAJECTORY_BASE_URL, docs/architecture.md "Trajectory base URL"), into
// TRAJECTORY_OUT for upload, so the static export stays small. Files are copied as they are: archives are
// read by range in the browser, never repacked here, and only regular files are copied: a link stops the build
// (lib/common/inside-root-node.ts), so the output never points at the build host's files.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { copyInside } from "../../lib/common/inside-root-node";

export function trajectoryDestination(releaseId: string, out: string): string {
  if (!process.env.NEXT_PUBLIC_TRAJECTORY_BASE_URL) return join(out, "trajectories");
  return join(resolve(process.env.TRAJECTORY_OUT ?? "dist/trajectories"), releaseId, "trajectories");
}

/** Returns the number of files published. */
export function publishTrajectories(dir: string, releaseId: string, out: string): number {
  if (!existsSync(join(dir, "trajectories"))) return 0;
  return copyInside(dir, "trajectories", dirname(trajectoryDestination(releaseId, out))).length;
}

/**
 * The runs' submitted patches (docs/data-format.md, "Final patch"): small, so they stay on the site's origin
 * beside the tables (`/data/<id>/patches/…`) whatever the trajectory base URL.
 */
export function publishPatches(dir: string, out: string): number {
  if (!existsSync(join(dir, "patches"))) return 0;
  return copyInside(dir, "patches", out).length;
}
