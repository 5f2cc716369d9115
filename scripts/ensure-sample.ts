// Writes the sample's trajectories when they are absent or stale (scripts/sample/ensure-trajectories.ts), and nothing else:
// `npm test` runs it before its two lanes, which both read them.
import { join } from "node:path";
import { ensureSampleTrajectories } from "./sample/ensure-trajectories";

const written = await ensureSampleTrajectories(join(import.meta.dirname, "..", "data", "releases", "sample"));
console.log(
  written
    ? `generated the sample's ${written.entries} trajectories (${written.archives} archives) in ${(written.ms / 1000).toFixed(1)} s`
    : "the sample's trajectories are current",
);
