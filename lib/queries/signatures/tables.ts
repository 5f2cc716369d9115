// The derived tables the signature views read (docs/data-format.md, "What the build publishes"): the two the
// build's trajectory pass derives, one row per analysed run and one row per detector tag, and the detectors'
// measured accuracy (data/detector-accuracy.json, one row per measured set × signature). Their columns are the
// build's contract; the prevalence queries (prevalence.sql.ts) read them, never a release's annotations, so
// detector tags and the release's human or judge tags never mix.
import { SIGNATURE_LABELS as LABELS } from "../../trajectory/tags";

export const RUN_ANALYSIS_COLUMNS = {
  run_id: "VARCHAR",
  readable: "BOOLEAN",
  error: "VARCHAR",
  steps: "INTEGER",
  tool_calls: "INTEGER",
  warnings: "INTEGER",
  bytes: "BIGINT",
  content_hash: "VARCHAR",
} as const;

export const SIGNATURE_TAGS_COLUMNS = {
  run_id: "VARCHAR",
  tag_id: "VARCHAR",
  signature: "VARCHAR",
  position: "INTEGER",
  first_step: "INTEGER",
  evidence_steps: "VARCHAR",
  strength: "VARCHAR",
  detector: "VARCHAR",
  detector_version: "VARCHAR",
  reason_kinds: "VARCHAR",
  note: "VARCHAR",
} as const;

/** Rows: lib/data/detector-accuracy.ts `detectorAccuracyRows`, in the file's order. */
export const DETECTOR_ACCURACY_COLUMNS = {
  detector: "VARCHAR",
  detector_version: "VARCHAR",
  signature: "VARCHAR",
  set_id: "VARCHAR",
  set_order: "INTEGER",
  set_label: "VARCHAR",
  set_description: "VARCHAR",
  planted: "INTEGER",
  found: "INTEGER",
  false_positives: "INTEGER",
  weak_tags: "INTEGER",
  precision: "DOUBLE",
  recall: "DOUBLE",
  measured_at: "VARCHAR",
} as const;

export { SIGNATURES } from "../../trajectory/tags";

/** The signatures' names (lib/trajectory/tags.ts), looked up by a table's `signature` column, a string. */
export const SIGNATURE_LABELS: Readonly<Record<string, string>> = LABELS;

export const SIGNATURE_DERIVED_TABLES = {
  run_analysis: RUN_ANALYSIS_COLUMNS,
  signature_tags: SIGNATURE_TAGS_COLUMNS,
  detector_accuracy: DETECTOR_ACCURACY_COLUMNS,
} as const;

function createIfMissing(name: string, columns: Record<string, string>, schema: string): string {
  const p = schema ? `${schema}.` : "";
  return `CREATE TABLE IF NOT EXISTS ${p}${name} (${Object.entries(columns)
    .map(([k, t]) => `"${k}" ${t}`)
    .join(", ")})`;
}

/**
 * Empty tables for a release the trajectory pass has not analysed (no trajectories at all), or built without an
 * accuracy file: its prevalence is then "no readable trajectory", its accuracy "not measured", rather than an error.
 * Never replaces a table that exists.
 */
export function ensureSignatureTablesSql(schema = ""): string[] {
  return Object.entries(SIGNATURE_DERIVED_TABLES).map(([name, cols]) => createIfMissing(name, cols, schema));
}
