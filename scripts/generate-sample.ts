// npm run data:sample — regenerates the bundled synthetic release in data/releases/sample/: the committed
// files, then the trajectory archives (not committed; `npm run data` also writes them when absent).
import { join } from "node:path";
import { GROUND_TRUTH, generateSample, planSample, writeGroundTruth } from "./sample/generate";
import { ensureSampleTrajectories } from "./sample/ensure-trajectories";

const outDir = process.argv[2] ?? join(process.cwd(), "data", "releases", "sample");
const plan = planSample();
const summary = generateSample(outDir, plan);
const written = await ensureSampleTrajectories(outDir);
// The planted cases' ground truth lives apart from the release (docs/detectors.md).
const planted = process.argv[2] ? null : writeGroundTruth(join(process.cwd(), GROUND_TRUTH), plan);
console.log(
  `wrote ${outDir}: ${JSON.stringify({ ...summary, archives: written?.archives ?? "current", groundTruth: planted ?? "not written (custom output folder)" })}`,
);
