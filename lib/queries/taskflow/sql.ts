// The label of every user message (scheduled request), in session order. A request's own `intent` wins,
// then its stage's `intent`; otherwise the label is derived from the schedule: initial / follow-up /
// finalization × focus / interruption (Switch-SWE has no intent classifier, but the shape of its
// schedules is itself a Task Flow). The Task Flow arithmetic is in lib/metrics/taskflow.ts.
import { defineQuery } from "../../db/query";

export const DERIVED_LABELS = [
  "focus-initial",
  "focus-follow-up",
  "focus-finalization",
  "interruption-initial",
  "interruption-follow-up",
] as const;

export const TASKFLOW_LABELS_SQL = `
SELECT s.condition, r.session_id, r.position::INTEGER AS position,
  COALESCE(NULLIF(TRIM(r.intent), ''), NULLIF(TRIM(st.intent), ''),
    CASE
      WHEN r.is_submit THEN 'focus-finalization'
      WHEN r.is_focus AND r.stage = 1 THEN 'focus-initial'
      WHEN r.is_focus THEN 'focus-follow-up'
      WHEN r.stage = 1 THEN 'interruption-initial'
      ELSE 'interruption-follow-up'
    END) AS label,
  CASE
    WHEN NULLIF(TRIM(r.intent), '') IS NOT NULL THEN 'request'
    WHEN NULLIF(TRIM(st.intent), '') IS NOT NULL THEN 'stage'
    ELSE 'derived'
  END AS source
FROM requests r
JOIN sessions s USING (session_id)
LEFT JOIN task_stages st ON st.task_id = r.task_id AND st.stage = r.stage AND NOT r.is_submit
ORDER BY s.condition, r.session_id, r.position`;

export type LabelSource = "request" | "stage" | "derived";

export interface TaskFlowLabelRow {
  condition: string;
  session_id: string;
  position: number;
  label: string;
  source: LabelSource;
}

// The query object (lib/db/query.ts): what the build runs for the Task Flow page.
export const taskFlowLabelsQuery = defineQuery<void, TaskFlowLabelRow>({
  name: "task flow labels",
  tables: ["requests", "sessions", "task_stages"],
  sql: () => TASKFLOW_LABELS_SQL,
});

/** The release's target Task Flows as the build read them (files-node.ts): one row per file, its text. */
export const TASKFLOW_TARGETS = "taskflow_targets";

export interface TargetFile {
  file: string;
  json: unknown;
}

function parseTarget(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    // An unparsable target is reported on the page by parseTaskFlowTarget, not by stopping the build.
    return { error: `not JSON: ${err instanceof Error ? err.message : String(err)}` };
  }
}

export const taskFlowTargetsQuery = defineQuery<void, TargetFile>({
  name: "task flow targets",
  tables: [TASKFLOW_TARGETS],
  sql: () => `SELECT file, text FROM ${TASKFLOW_TARGETS}`,
  row: (r) => ({ file: String(r.file), json: parseTarget(String(r.text)) }),
  // In file-name order as JavaScript sorts names (the order the build always read them in).
  order: (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0),
});
