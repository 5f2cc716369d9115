// The task catalog (Switch-SWE Table 7, generalised to every focus task) and the per-task page. Outcomes
// reuse the leaderboard's per-task scores (taskScoresSql), so a task's result here is the one the
// leaderboard counts: resolved repeats over the configuration's repeat count, a missing run unresolved.
import { defineQuery } from "../../db/query";
import { taskScoresSql } from "../leaderboard/sql";
import { requestColumnsSql, type RequestRow } from "../trajectory/request-row";
import type { TableRowOf } from "../../data/table-rows";

export const CATALOG_TASKS_SQL = `
WITH focus AS (
  SELECT focus_task_id AS task_id, MIN(task_group) AS task_group FROM sessions GROUP BY focus_task_id
),
interrupting AS (
  SELECT s.focus_task_id AS task_id, string_agg(DISTINCT r.task_id, ' ' ORDER BY r.task_id) AS ids,
    COUNT(DISTINCT r.task_id)::INTEGER AS n
  FROM requests r JOIN sessions s USING (session_id)
  WHERE r.task_id <> s.focus_task_id
  GROUP BY s.focus_task_id
),
stages AS (
  SELECT task_id, string_agg(provenance, ' ' ORDER BY stage) AS provenances,
    MIN(text) FILTER (WHERE stage = 1) AS first_text
  FROM task_stages GROUP BY task_id
)
SELECT t.task_id, t.repo, t.title, f.task_group, t.stage_count::INTEGER AS stage_count,
  t.f2p_count::INTEGER AS f2p_count, t.p2p_count::INTEGER AS p2p_count,
  st.provenances, st.first_text,
  COALESCE(i.ids, '') AS interruption_ids, COALESCE(i.n, 0)::INTEGER AS interruption_count
FROM focus f JOIN tasks t USING (task_id)
LEFT JOIN stages st USING (task_id)
LEFT JOIN interrupting i USING (task_id)
ORDER BY t.repo, t.task_id`;

export interface CatalogTaskRow {
  task_id: string;
  repo: string;
  title: string | null;
  task_group: string;
  stage_count: number;
  f2p_count: number;
  p2p_count: number;
  /** Provenance of each stage in order, space-separated ("issue review review"). */
  provenances: string;
  first_text: string | null;
  /** Distinct interruption task ids over the task's sessions, space-separated. */
  interruption_ids: string;
  interruption_count: number;
}

/** Every focus task's score per configuration and condition (the leaderboard's per-task unit). */
export function catalogScoresSql(): string {
  return `SELECT config_id, condition, task_id, score FROM (${taskScoresSql()}) ORDER BY task_id, config_id, condition`;
}

export interface CatalogScoreRow {
  config_id: string;
  condition: string;
  task_id: string;
  score: number;
}

export const TASK_STAGES_SQL = `
SELECT st.task_id, st.stage::INTEGER AS stage, st.text, st.provenance, st.source_ref, st.intent,
  (SELECT COUNT(*) FROM task_tests tt WHERE tt.task_id = st.task_id AND tt.kind = 'F2P' AND tt.stage = st.stage)::INTEGER AS f2p_count
FROM task_stages st
WHERE st.task_id IN (SELECT focus_task_id FROM sessions)
ORDER BY st.task_id, st.stage`;

export interface TaskStageRow extends Pick<
  TableRowOf<"task_stages">,
  "task_id" | "stage" | "text" | "provenance" | "source_ref" | "intent"
> {
  /** F2P tests whose requirement this stage introduced. */
  f2p_count: number;
}

export const TASK_REQUESTS_SQL = `
SELECT s.focus_task_id, s.session_id, s.condition, ${requestColumnsSql("r")}
FROM requests r JOIN sessions s USING (session_id)
ORDER BY s.focus_task_id, s.session_id, r.position`;

export interface TaskRequestRow extends RequestRow {
  focus_task_id: string;
  session_id: string;
  condition: string;
}

export const TASK_RUNS_SQL = `
SELECT s.focus_task_id, r.config_id, s.condition, r.repeat::INTEGER AS repeat, r.run_id, r.resolved,
  r.failure_class, r.tests_failed::INTEGER AS tests_failed, r.tests_missing::INTEGER AS tests_missing,
  r.trajectory IS NOT NULL AS has_trajectory
FROM runs r JOIN sessions s USING (session_id)
ORDER BY s.focus_task_id, r.config_id, s.condition, r.repeat`;

export interface TaskRunRow {
  /** Whether the run publishes a trajectory (its run page shows verdict and schedule only otherwise). */
  has_trajectory: boolean;
  focus_task_id: string;
  config_id: string;
  condition: string;
  repeat: number;
  run_id: string;
  resolved: boolean;
  failure_class: string | null;
  tests_failed: number;
  tests_missing: number;
}

/** Titles of every task a schedule names, so interruption requests can say what they are. */
export const TASK_TITLES_SQL = `SELECT task_id, title FROM tasks WHERE title IS NOT NULL ORDER BY task_id`;

// The query objects (lib/db/query.ts): what the build runs for the catalog's static pages.
export const catalogTasksQuery = defineQuery<void, CatalogTaskRow>({
  name: "catalog tasks",
  tables: ["sessions", "requests", "task_stages", "tasks"],
  sql: () => CATALOG_TASKS_SQL,
});

export const catalogScoresQuery = defineQuery<void, CatalogScoreRow>({
  name: "catalog scores",
  tables: ["task_cells"],
  sql: () => catalogScoresSql(),
});

export const taskStagesQuery = defineQuery<void, TaskStageRow>({
  name: "task stages",
  tables: ["task_stages", "task_tests", "sessions"],
  sql: () => TASK_STAGES_SQL,
});

export const taskRequestsQuery = defineQuery<void, TaskRequestRow>({
  name: "task requests",
  tables: ["requests", "sessions"],
  sql: () => TASK_REQUESTS_SQL,
});

export const taskRunsQuery = defineQuery<void, TaskRunRow>({
  name: "task runs",
  tables: ["runs", "sessions"],
  sql: () => TASK_RUNS_SQL,
});

export const taskTitlesQuery = defineQuery<void, { task_id: string; title: string }>({
  name: "task titles",
  tables: ["tasks"],
  sql: () => TASK_TITLES_SQL,
});
