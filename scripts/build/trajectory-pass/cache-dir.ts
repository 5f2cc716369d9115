// Where the trajectory pass keeps its results between builds: TRAJECTORY_PASS_CACHE names a folder, or "off"
// for none; by default .cache/trajectory-pass under the working directory (git-ignored).
import { resolve } from "node:path";

export function passCacheDir(env: NodeJS.ProcessEnv = process.env): string | null {
  const v = env.TRAJECTORY_PASS_CACHE;
  if (v === "off") return null;
  return resolve(v && v !== "" ? v : ".cache/trajectory-pass");
}
