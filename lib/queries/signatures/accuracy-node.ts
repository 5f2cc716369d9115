// Creates the derived table `detector_accuracy` (tables.ts) in DuckDB in Node from the accuracy file's rows
// (lib/data/detector-accuracy.ts): the data build publishes it, and the tests run the accuracy query on it. A
// handful of rows, so they go in as one VALUES list, each value cast to its declared column type.
import type { DetectorAccuracyRow } from "../../data/detector-accuracy";
import type { NodeDb } from "../../db/node";
import { sqlString } from "../../db/sql";
import { DETECTOR_ACCURACY_COLUMNS } from "./tables";

const COLUMNS = Object.entries(DETECTOR_ACCURACY_COLUMNS);

function literal(value: string | number | null, type: string): string {
  if (value === null) return `NULL::${type}`;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new Error(`detector_accuracy: ${value} is not a number a table can hold`);
    return `${value}::${type}`;
  }
  return `${sqlString(value)}::${type}`;
}

/** Replaces `detector_accuracy` with `rows`, in their order (an empty list: the table with no row). */
export async function loadDetectorAccuracyNode(db: NodeDb, rows: readonly DetectorAccuracyRow[]): Promise<void> {
  const list = COLUMNS.map(([c]) => `"${c}"`).join(", ");
  await db.run(`CREATE OR REPLACE TABLE detector_accuracy (${COLUMNS.map(([c, t]) => `"${c}" ${t}`).join(", ")})`);
  if (rows.length === 0) return;
  const values = rows.map((r) => `(${COLUMNS.map(([c, t]) => literal(r[c] ?? null, t)).join(", ")})`);
  await db.run(`INSERT INTO detector_accuracy (${list}) VALUES ${values.join(", ")}`);
}
