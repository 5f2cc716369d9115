// Hand-set derived tables for a test fixture release (docs/testing.md, "Fixtures with hand-set derived tables"):
// when the build runs with DATA_FIXTURE_DERIVED=1 (`npm run build:test` sets it), a release folder's
// `derived/run_analysis.jsonl` and `derived/signature_tags.jsonl` replace what the trajectory pass derived, so a
// browser test can read numbers worked by hand from tags no detector has to produce (e2e/fixtures/releases/auditcalc).
// Any other build leaves the folder alone and says so: a published release's tags come from its trajectories only.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { NodeDb } from "../../lib/db/node";
import { replaceDerivedNode } from "../../lib/queries/load-derived-node";

export const FIXTURE_DERIVED_DIR = "derived";

/** Returns the tables replaced (none without the setting or the folder). */
export async function loadFixtureDerived(
  db: NodeDb,
  releaseDir: string,
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<string[]> {
  const dir = join(releaseDir, FIXTURE_DERIVED_DIR);
  if (!existsSync(dir)) return [];
  if (env.DATA_FIXTURE_DERIVED !== "1") {
    console.warn(`  ${dir}: hand-set derived tables ignored (only a test build, DATA_FIXTURE_DERIVED=1, reads them)`);
    return [];
  }
  return replaceDerivedNode(db, dir, ["run_analysis", "signature_tags"]);
}
