// The two tables the build's trajectory pass derives (docs/data-format.md, "What the build publishes"): one
// row per analysed run and one row per detector tag. Their columns are the pass's contract; the prevalence
// queries (signature-prevalence.ts) read them, never a release's annotations, so detector tags and the
// release's human or judge tags never mix.

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

export const SIGNATURE_DERIVED_TABLES = {
  run_analysis: RUN_ANALYSIS_COLUMNS,
  signature_tags: SIGNATURE_TAGS_COLUMNS,
} as const;

/** The trace signatures of Switch-SWE App. E.1, in display order. */
export const SIGNATURES = ["requirement_state_loss", "cross_task_interference"] as const;

export const SIGNATURE_LABELS: Record<string, string> = {
  requirement_state_loss: "Requirement-state loss",
  cross_task_interference: "Cross-task interference",
};

function createIfMissing(name: string, columns: Record<string, string>, schema: string): string {
  const p = schema ? `${schema}.` : "";
  return `CREATE TABLE IF NOT EXISTS ${p}${name} (${Object.entries(columns)
    .map(([k, t]) => `"${k}" ${t}`)
    .join(", ")})`;
}

/**
 * Empty tables for a release the trajectory pass has not analysed (no trajectories at all): its prevalence is
 * then "no readable trajectory" rather than an error. Never replaces a table that exists.
 */
export function ensureSignatureTablesSql(schema = ""): string[] {
  return Object.entries(SIGNATURE_DERIVED_TABLES).map(([name, cols]) => createIfMissing(name, cols, schema));
}
