// The rows beside a trajectory (a run's header, its schedule with flags and usage, the checkouts, the final focus
// verdict, the release's annotations) as the page and the detectors read them, and the run list's SQL. The
// queries of one run or session are the keyed ones of run.sql.ts.
import type { RequestInfo } from "../../trajectory/segment";
import type { AnnotationInput } from "../../trajectory/tags";
import type { VerdictTest } from "../../trajectory/verdict-test";
import type { RequestRow } from "./request-row";
import type { TableRowOf } from "../../data/table-rows";
import { sqlInList } from "../../db/sql";
import { defineQuery } from "../../db/query";

export interface RunHeaderRow {
  run_id: string;
  config_id: string;
  display_name: string;
  session_id: string;
  focus_task_id: string;
  repo: string | null;
  task_title: string | null;
  condition: string;
  task_group: string;
  repeat: number;
  finalized: boolean;
  applied: boolean;
  resolved: boolean;
  failure_class: string | null;
  trajectory: string | null;
  tokens: number;
  cached_tokens: number;
  model_calls: number;
  tool_calls: number;
  cost_usd: number | null;
  requests_run: number;
  request_count: number;
  /** The same configuration's run of the same focus task and repeat under another condition (the matched session). */
  matched_run_id: string | null;
  matched_condition: string | null;
}

/**
 * RunHeaderRow's columns but the matched run's, over runs r, configs c, sessions s and tasks t: one text for the
 * run header query (lib/queries/trajectory/run.sql.ts).
 */
export const RUN_HEADER_COLUMNS = `r.run_id, r.config_id, c.display_name, r.session_id, s.focus_task_id, t.repo, t.title AS task_title,
  s.condition, s.task_group, r.repeat::INTEGER AS repeat, r.finalized, r.applied, r.resolved, r.failure_class, r.trajectory,
  r.tokens::DOUBLE AS tokens, r.cached_tokens::DOUBLE AS cached_tokens, r.model_calls::INTEGER AS model_calls,
  r.tool_calls::INTEGER AS tool_calls, r.cost_usd::DOUBLE AS cost_usd, r.requests_run::INTEGER AS requests_run,
  s.request_count::INTEGER AS request_count`;

export interface ScheduleRow extends RequestRow {
  run_id: string;
  in_switch_focus_scope: boolean;
  text: string | null;
  ran: boolean;
  tokens: number | null;
  cached_tokens: number | null;
  model_calls: number | null;
  tool_calls: number | null;
  wall_s: number | null;
  cost_usd: number | null;
}

/** A schedule row as the segmenter reads it; the finalization text comes from release.json. */
export function toRequestInfo(row: ScheduleRow, submitText: string | null): RequestInfo {
  return {
    position: row.position,
    taskId: row.task_id,
    stage: row.is_submit ? null : row.stage,
    isSubmit: row.is_submit,
    workspace: row.workspace,
    isFocus: row.is_focus,
    workspaceSwitch: row.workspace_switch,
    focusReturn: row.focus_return,
    ran: row.ran,
    modelCalls: row.model_calls,
    tokens: row.tokens,
    text: row.is_submit ? submitText : row.text,
  };
}

export interface WorkspaceRow {
  run_id: string;
  workspace: string;
  task_id: string;
  is_focus: boolean;
}

export interface VerdictStageRow {
  kind: string;
  /** null: P2P tests, and F2P tests no stage justifies. */
  stage: number | null;
  total: number;
  passed: number;
  failed: number;
  missing: number;
  skipped: number;
  not_run: number;
}

/** VerdictStageRow's counts over a group of test_results rows: the page's verdictStagesSql and RUN_CONTEXT_SQL's. */
export const VERDICT_STAGE_COUNTS = `COUNT(*)::INTEGER AS total,
  COUNT(*) FILTER (WHERE status = 'passed')::INTEGER AS passed,
  COUNT(*) FILTER (WHERE status = 'failed')::INTEGER AS failed,
  COUNT(*) FILTER (WHERE status = 'missing')::INTEGER AS missing,
  COUNT(*) FILTER (WHERE status = 'skipped')::INTEGER AS skipped,
  COUNT(*) FILTER (WHERE status = 'not_run')::INTEGER AS not_run`;

export interface VerdictTestRow {
  run_id: string;
  test_id: string;
  kind: string;
  stage: number | null;
  status: string;
}

/** One run's final test: the run is the key it was asked by. */
export type RunTestRow = Omit<VerdictTestRow, "run_id">;

export function toVerdictTests(rows: readonly RunTestRow[]): VerdictTest[] {
  return rows.map((r) => ({ testId: r.test_id, kind: r.kind, stage: r.stage, status: r.status }));
}

export type AnnotationRow = Pick<
  TableRowOf<"annotations">,
  "annotation_id" | "signature" | "position" | "step_ids" | "note" | "author_kind" | "author_name"
>;

export function toAnnotationInputs(rows: readonly AnnotationRow[]): AnnotationInput[] {
  return rows.map((r) => ({
    signature: r.signature,
    position: r.position,
    stepIds: r.step_ids
      .split(",")
      .filter((x) => x.trim() !== "")
      .map(Number),
    note: r.note,
    authorKind: r.author_kind,
    authorName: r.author_name,
  }));
}

export interface TrajectoryRunRow {
  run_id: string;
  config_id: string;
  display_name: string;
  focus_task_id: string;
  repo: string | null;
  condition: string;
  task_group: string;
  repeat: number;
  resolved: boolean;
  failure_class: string | null;
  /** The release's reference to the run's trajectory, or null when the run publishes none. */
  trajectory: string | null;
  requirement_state_loss: number;
  cross_task_interference: number;
}

/** Which runs of the run list: some configurations' only, those that name a trajectory only. */
export interface RunListWhere {
  configIds?: readonly string[];
  withTrajectory?: boolean;
}

const RUN_LIST_JOINS = `FROM runs r
JOIN configs c ON c.config_id = r.config_id
JOIN sessions s ON s.session_id = r.session_id`;

function runListWhereSql(where: RunListWhere): string {
  const terms = [
    where.configIds ? `r.config_id IN ${sqlInList(where.configIds)}` : null,
    where.withTrajectory ? "r.trajectory IS NOT NULL" : null,
  ].filter((t) => t !== null);
  return terms.length ? `WHERE ${terms.join(" AND ")}` : "";
}

/**
 * Every run (or the runs of some configurations), with its trajectory reference (null: none) and how many
 * annotations of each signature it carries: the run list. Ordered by configuration first, so the list is its
 * configurations' run lists one after another (lib/queries/trajectory/run-list.ts pages through them), and by the
 * run id last, so the order is total (a page by LIMIT and OFFSET is the same rows every time).
 */
export function trajectoryRunsSql(configIds?: readonly string[], where: RunListWhere = {}, keys?: string): string {
  return `
WITH tags AS (
  SELECT run_id,
    COUNT(*) FILTER (WHERE signature = 'requirement_state_loss')::INTEGER AS requirement_state_loss,
    COUNT(*) FILTER (WHERE signature = 'cross_task_interference')::INTEGER AS cross_task_interference
  FROM annotations GROUP BY run_id
)
SELECT ${keys ? "kk.answer_key, " : ""}r.run_id, r.config_id, c.display_name, s.focus_task_id, t.repo, s.condition, s.task_group,
  r.repeat::INTEGER AS repeat, r.resolved, r.failure_class, r.trajectory,
  COALESCE(g.requirement_state_loss, 0)::INTEGER AS requirement_state_loss,
  COALESCE(g.cross_task_interference, 0)::INTEGER AS cross_task_interference
${RUN_LIST_JOINS}
${keys ? `JOIN ${keys} kk ON kk.answer_key = r.config_id` : ""}
LEFT JOIN tasks t ON t.task_id = s.focus_task_id
LEFT JOIN tags g ON g.run_id = r.run_id
${runListWhereSql({ ...where, ...(configIds ? { configIds } : {}) })}
ORDER BY c.sort_order, c.config_id, s.focus_task_id, s.condition, r.repeat, r.run_id`;
}

/** How many rows trajectoryRunsSql lists for `where` (a pager's total). */
export function trajectoryRunCountSql(where: RunListWhere = {}): string {
  return `SELECT COUNT(*)::INTEGER AS runs ${RUN_LIST_JOINS} ${runListWhereSql(where)}`;
}

/** Rows [offset, offset + limit) of trajectoryRunsSql's list: one page, never the whole list. */
export function trajectoryRunPageSql(where: RunListWhere, offset: number, limit: number): string {
  const int = (n: number) => Math.max(0, Math.floor(n) || 0);
  return `${trajectoryRunsSql(undefined, where)}\nLIMIT ${int(limit)} OFFSET ${int(offset)}`;
}

/** The runs page's local lists: runs that name a trajectory, a page at a time (run-list.ts localRunPageQuery). */
export const trajectoryRunPageQuery = defineQuery<{ offset: number; limit: number }, TrajectoryRunRow>({
  name: "trajectory run page",
  tables: ["runs", "configs", "sessions", "tasks", "annotations"],
  sql: ({ offset, limit }) => trajectoryRunPageSql({ withTrajectory: true }, offset, limit),
});

export const trajectoryRunCountQuery = defineQuery<void, { runs: number }>({
  name: "trajectory run count",
  tables: ["runs", "configs", "sessions"],
  sql: () => trajectoryRunCountSql({ withTrajectory: true }),
});
