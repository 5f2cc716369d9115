// Resumption distance and interruption completion (docs/resumption.md). One SQL text per number, run by DuckDB in
// Node at build time and by DuckDB-WASM in the browser; model.ts only bins, fits and attaches intervals.
//
// A focus return (docs/benchmark.md, "Sessions, requests and schedules"; the requests table's `focus_return`) is a
// substantive focus request right after a request in another checkout. Its load is the work since the previous
// substantive focus request of the session, over the requests strictly between the two:
// - requests_between: how many requests came in between;
// - switches_between: workspace switches from the previous focus request up to and including the return (leaving
//   the focus checkout and coming back count, so every return has at least two);
// - tokens_between: the run's `tokens` (input + output, cached input included, as request_usage records them) over
//   the requests in between; null when one of them has no usage line (not metered), never 0.
// A return with no earlier focus request resumes nothing and is left out. A return is `reached` when the run has a
// usage line at its position (a run that ended early never got there).
// Outcomes of a return:
// - held: every F2P test of the focus stage asked at the return passes in the run's final tests (test_results);
//   null when that stage has no F2P test;
// - tag_<signature>: the run carries a strong detector tag of the signature at the return's position (the
//   signature tables of lib/queries/signatures/tables.ts); known only when the run's trajectory was readable.
import { sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";
import { SIGNATURES, type Signature } from "../../trajectory/tags";

const tagColumn = (signature: Signature) => `tag_${signature}`;

function tagJoins(): string {
  return SIGNATURES.map(
    (sig, i) =>
      `LEFT JOIN tags g${i} ON g${i}.run_id = rr.run_id AND g${i}.position = rr.position AND g${i}.signature = ${sqlString(sig)}`,
  ).join("\n");
}

export function focusReturnsSql(baseline: string): string {
  return `
WITH focus_requests AS (
  SELECT q.session_id, q.position, q.stage, q.focus_return,
    LAG(q.position) OVER (PARTITION BY q.session_id ORDER BY q.position) AS prev_focus
  FROM requests q JOIN sessions s ON s.session_id = q.session_id
  WHERE s.condition <> ${sqlString(baseline)} AND q.is_focus AND NOT q.is_submit
),
returns AS (
  SELECT f.session_id, f.position, f.stage, f.prev_focus,
    (f.position - f.prev_focus - 1)::INTEGER AS requests_between,
    (COUNT(*) FILTER (WHERE x.workspace_switch))::INTEGER AS switches_between
  FROM focus_requests f
  JOIN requests x ON x.session_id = f.session_id AND x.position > f.prev_focus AND x.position <= f.position
  WHERE f.focus_return AND f.prev_focus IS NOT NULL
  GROUP BY f.session_id, f.position, f.stage, f.prev_focus
),
run_returns AS (
  SELECT r.run_id, r.config_id, s.condition, r.repeat, r.session_id, s.focus_task_id, t.position, t.stage, t.prev_focus,
    t.requests_between, t.switches_between
  FROM runs r JOIN sessions s ON s.session_id = r.session_id JOIN returns t ON t.session_id = r.session_id
),
between_usage AS (
  SELECT rr.run_id, rr.position, SUM(u.tokens) AS tokens, COUNT(u.position) AS metered
  FROM run_returns rr
  LEFT JOIN request_usage u ON u.run_id = rr.run_id AND u.position > rr.prev_focus AND u.position < rr.position
  GROUP BY rr.run_id, rr.position
),
stage_tests AS (
  SELECT run_id, stage, COUNT(*) AS f2p, COUNT(*) FILTER (WHERE status = 'passed') AS passed
  FROM test_results WHERE kind = 'F2P' AND stage IS NOT NULL
  GROUP BY run_id, stage
),
tags AS (SELECT DISTINCT run_id, position, signature FROM signature_tags WHERE strength = 'strong')
SELECT rr.run_id, rr.config_id, rr.condition, rr.repeat::INTEGER AS repeat, rr.session_id, rr.focus_task_id,
  rr.position::INTEGER AS position, rr.stage::INTEGER AS stage, rr.prev_focus::INTEGER AS prev_focus,
  rr.requests_between, rr.switches_between,
  CASE WHEN bu.metered = rr.requests_between THEN COALESCE(bu.tokens, 0) END::DOUBLE AS tokens_between,
  (ur.run_id IS NOT NULL) AS reached,
  CASE WHEN st.f2p > 0 THEN st.passed = st.f2p END AS held,
  COALESCE(a.readable, FALSE) AS readable,
  ${SIGNATURES.map((sig, i) => `(g${i}.run_id IS NOT NULL) AS ${tagColumn(sig)}`).join(",\n  ")}
FROM run_returns rr
JOIN between_usage bu ON bu.run_id = rr.run_id AND bu.position = rr.position
LEFT JOIN request_usage ur ON ur.run_id = rr.run_id AND ur.position = rr.position
LEFT JOIN stage_tests st ON st.run_id = rr.run_id AND st.stage = rr.stage
LEFT JOIN run_analysis a ON a.run_id = rr.run_id
${tagJoins()}
ORDER BY rr.run_id, rr.position`;
}

export interface FocusReturnRow {
  run_id: string;
  config_id: string;
  condition: string;
  repeat: number;
  session_id: string;
  /** The session's focus task: the cluster of the page's intervals (every run of it shares its difficulty). */
  focus_task_id: string;
  /** The return's position in the schedule, its focus stage, and the previous focus request's position. */
  position: number;
  stage: number;
  prev_focus: number;
  requests_between: number;
  switches_between: number;
  /** null when a request in between has no usage line. */
  tokens_between: number | null;
  /** The run has a usage line at the return (it got there). */
  reached: boolean;
  /** The stage's F2P tests all pass at the end; null when the stage has none. */
  held: boolean | null;
  /** The run's trajectory was read by the build (signature outcomes are unknown otherwise). */
  readable: boolean;
  tag_requirement_state_loss: boolean;
  tag_cross_task_interference: boolean;
}

/** Every focus return of every run of a non-baseline condition, with its loads and outcomes. */
export const focusReturnsQuery = defineQuery<{ baseline: string }, FocusReturnRow>({
  name: "focus returns",
  tables: ["requests", "sessions", "runs", "request_usage", "test_results", "run_analysis", "signature_tags"],
  sql: (p) => focusReturnsSql(p.baseline),
});

export function interruptionCompletionSql(baseline: string): string {
  return `
WITH per_run AS (
  SELECT r.run_id, r.config_id, s.condition, s.focus_task_id, s.interruption_tasks,
    COUNT(o.task_id) AS scored, COUNT(o.task_id) FILTER (WHERE o.resolved) AS resolved
  FROM runs r
  JOIN sessions s ON s.session_id = r.session_id
  LEFT JOIN interruption_outcomes o ON o.run_id = r.run_id
  WHERE s.condition <> ${sqlString(baseline)}
  GROUP BY r.run_id, r.config_id, s.condition, s.focus_task_id, s.interruption_tasks
),
per_task AS (
  SELECT config_id, condition, focus_task_id, SUM(scored) AS scored, SUM(resolved) AS resolved
  FROM per_run GROUP BY config_id, condition, focus_task_id HAVING SUM(scored) > 0
),
moments AS (
  SELECT config_id, condition, COUNT(*) AS tasks, SUM(resolved * resolved) AS resolved_sq,
    SUM(resolved * scored) AS resolved_by_listed, SUM(scored * scored) AS listed_sq
  FROM per_task GROUP BY config_id, condition
),
conditions AS (SELECT DISTINCT condition FROM sessions WHERE condition <> ${sqlString(baseline)})
SELECT c.config_id, cd.condition,
  COUNT(p.run_id)::INTEGER AS runs,
  (COUNT(p.run_id) FILTER (WHERE p.scored > 0))::INTEGER AS scored_runs,
  COALESCE(SUM(p.scored), 0)::INTEGER AS outcomes,
  COALESCE(SUM(p.resolved), 0)::INTEGER AS resolved,
  COALESCE(SUM(GREATEST(p.interruption_tasks - p.scored, 0)) FILTER (WHERE p.scored > 0), 0)::INTEGER AS unscored_tasks,
  COALESCE(ANY_VALUE(m.tasks), 0)::INTEGER AS scored_focus_tasks,
  COALESCE(ANY_VALUE(m.resolved_sq), 0)::DOUBLE AS resolved_sq,
  COALESCE(ANY_VALUE(m.resolved_by_listed), 0)::DOUBLE AS resolved_by_listed,
  COALESCE(ANY_VALUE(m.listed_sq), 0)::DOUBLE AS listed_sq
FROM configs c CROSS JOIN conditions cd
LEFT JOIN per_run p ON p.config_id = c.config_id AND p.condition = cd.condition
LEFT JOIN moments m ON m.config_id = c.config_id AND m.condition = cd.condition
GROUP BY c.config_id, c.sort_order, cd.condition
ORDER BY c.sort_order, cd.condition`;
}

export interface InterruptionCompletionRow {
  config_id: string;
  condition: string;
  /** Runs of the configuration under the condition. */
  runs: number;
  /** Runs that list interruption outcomes; the others are "not scored". */
  scored_runs: number;
  /** Interruption outcomes listed, and how many of them resolved. */
  outcomes: number;
  resolved: number;
  /** Interruption tasks of scored runs that their run does not list. */
  unscored_tasks: number;
  /**
   * Over the focus tasks whose runs list outcomes (their runs' outcomes summed), how many, and Σ resolved²,
   * Σ resolved·listed and Σ listed²: with the sums above, the moments of the interval of completion clustered by
   * focus task (lib/metrics/clustered-wilson.ts), one row per configuration however many runs.
   */
  scored_focus_tasks: number;
  resolved_sq: number;
  resolved_by_listed: number;
  listed_sq: number;
}

/** Interruption-task outcomes per configuration × non-baseline condition, with their moments over runs. */
export const interruptionCompletionQuery = defineQuery<{ baseline: string }, InterruptionCompletionRow>({
  name: "interruption completion",
  tables: ["configs", "runs", "sessions", "interruption_outcomes"],
  sql: (p) => interruptionCompletionSql(p.baseline),
});
