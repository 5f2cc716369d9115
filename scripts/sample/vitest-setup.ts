// vitest's global setup: the unit tests read the sample's trajectories (generated, not committed), so they are
// written first when absent or stale, exactly as `npm run data` would; a later `npm run data` reuses them.
import { join } from "node:path";
import { ensureSampleTrajectories } from "./ensure-trajectories";

export default async function setup(): Promise<void> {
  const written = await ensureSampleTrajectories(join(import.meta.dirname, "..", "..", "data", "releases", "sample"));
  if (written)
    console.log(
      `generated the sample's ${written.entries} trajectories (${written.archives} archives) in ${(written.ms / 1000).toFixed(1)} s`,
    );
}
