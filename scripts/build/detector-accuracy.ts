// The detectors' measured accuracy (data/detector-accuracy.json, written by `npm run bench -- --only detectors`)
// into the build's DuckDB as the derived table `detector_accuracy`, published with every release. No file: an
// empty table, and the pages say the accuracy is not measured. A file that does not parse or check stops the
// build: a page must never show numbers from a file nobody can vouch for.
import { existsSync, readFileSync } from "node:fs";
import { checkDetectorAccuracy, detectorAccuracyRows, type DetectorAccuracy } from "../../lib/data/detector-accuracy";
import type { NodeDb } from "../../lib/db/node";
import { loadDetectorAccuracyNode } from "../../lib/queries/signatures/accuracy-node";

/** Where the file is (DETECTOR_ACCURACY overrides: the tests build with their own). */
export const detectorAccuracyPath = () => process.env.DETECTOR_ACCURACY ?? "data/detector-accuracy.json";

/** The file checked by its schema; null when there is none. */
export function readDetectorAccuracy(path = detectorAccuracyPath()): DetectorAccuracy | null {
  if (!existsSync(path)) return null;
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new Error(`${path}: not JSON (${e instanceof Error ? e.message : String(e)})`, { cause: e });
  }
  return checkDetectorAccuracy(value, path);
}

/** Creates `detector_accuracy` in `db`; returns its row count. */
export async function addDetectorAccuracy(db: NodeDb, path = detectorAccuracyPath()): Promise<number> {
  const file = readDetectorAccuracy(path);
  const rows = file ? detectorAccuracyRows(file) : [];
  await loadDetectorAccuracyNode(db, rows);
  return rows.length;
}
