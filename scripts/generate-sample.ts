// npm run data:sample — regenerates the bundled synthetic release in data/releases/sample/: the committed
// files, then the trajectory archives (not committed; `npm run data` also writes them when absent).
import { join } from "node:path";
import { generateSample, planSample } from "./sample/generate";
import { ensureSampleTrajectories } from "./sample/ensure-trajectories";

const outDir = process.argv[2] ?? join(process.cwd(), "data", "releases", "sample");
const summary = generateSample(outDir, planSample());
const written = await ensureSampleTrajectories(outDir);
console.log(`wrote ${outDir}: ${JSON.stringify({ ...summary, archives: written?.archives ?? "current" })}`);
