// Figure 1b of Switch-SWE: why focus tasks went unresolved, per configuration, condition and group.
// Counted over the same cells the leaderboard scores (every focus session × the configuration's repeat
// count, 1 + its highest repeat index), so the "resolved" count here equals the leaderboard's resolved
// count and a missing run is its own visible class rather than silently absent.
import { defineQuery } from "../../db/query";
export const OUTCOMES = ["resolved", "implementation", "submission", "incomplete", "no_run"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export const COST_FAILURES_SQL = `
WITH repeats AS (
  SELECT c.config_id, COALESCE(MAX(r.repeat) + 1, 1)::INTEGER AS n_repeats
  FROM configs c LEFT JOIN runs r ON r.config_id = c.config_id
  GROUP BY c.config_id
),
cells AS (
  SELECT c.config_id, s.condition, s.task_group,
    CASE WHEN r.run_id IS NULL THEN 'no_run' WHEN r.resolved THEN 'resolved' ELSE r.failure_class END AS outcome
  FROM configs c
  JOIN repeats USING (config_id)
  CROSS JOIN sessions s
  JOIN range(0, 10000) AS k(rep) ON k.rep < repeats.n_repeats
  LEFT JOIN runs r ON r.session_id = s.session_id AND r.config_id = c.config_id AND r.repeat = k.rep
),
grouped AS (
  SELECT config_id, condition, task_group AS grp, outcome FROM cells
  UNION ALL
  SELECT config_id, condition, 'overall' AS grp, outcome FROM cells
)
SELECT config_id, condition, grp,
  ${OUTCOMES.map((o) => `COUNT(*) FILTER (WHERE outcome = '${o}')::INTEGER AS ${o}`).join(",\n  ")},
  COUNT(*) FILTER (WHERE outcome <> 'resolved')::INTEGER AS unresolved,
  COUNT(*)::INTEGER AS total
FROM grouped
GROUP BY ALL
ORDER BY config_id, condition, grp`;

/** One (configuration, condition, group): how many focus cells ended each way. */
export type FailureRow = {
  config_id: string;
  condition: string;
  grp: string;
  unresolved: number;
  total: number;
} & Record<Outcome, number>;

export const costFailuresQuery = defineQuery<void, FailureRow>({
  name: "cost failures",
  tables: ["configs", "sessions", "runs"],
  sql: () => COST_FAILURES_SQL,
});
