// One session, request by request: what each request of one run used, which task it served, and, for a
// focus request of a non-baseline session, what the same request (same task and stage, or finalization)
// used in the same configuration's baseline session. The difference is what the interruption history in
// the conversation adds to later focus requests.
import { sqlString } from "../../db/sql";
import { defineQuery } from "../../db/query";

export interface SessionPick {
  configId: string;
  sessionId: string;
  repeat: number;
}

export function sessionUsageSql(baseline: string, pick: SessionPick): string {
  const repeat = Math.max(0, Math.trunc(pick.repeat));
  return `
SELECT q.position::INTEGER AS position, q.task_id, q.stage::INTEGER AS stage, q.is_submit, q.is_focus, q.workspace,
  q.focus_return, q.in_switch_focus_scope,
  r.run_id,
  (u.run_id IS NOT NULL) AS ran,
  u.tokens::DOUBLE AS tokens, u.cached_tokens::DOUBLE AS cached_tokens,
  u.model_calls::INTEGER AS model_calls, u.tool_calls::INTEGER AS tool_calls, u.cost_usd::DOUBLE AS cost_usd,
  CASE WHEN s.condition <> ${sqlString(baseline)} AND q.is_focus THEN bu.tokens END::DOUBLE AS base_tokens,
  CASE WHEN s.condition <> ${sqlString(baseline)} AND q.is_focus THEN bu.cached_tokens END::DOUBLE AS base_cached_tokens,
  CASE WHEN s.condition <> ${sqlString(baseline)} AND q.is_focus THEN u.tokens - bu.tokens END::DOUBLE AS extra_tokens
FROM requests q
JOIN sessions s ON s.session_id = q.session_id
LEFT JOIN runs r ON r.session_id = q.session_id AND r.config_id = ${sqlString(pick.configId)} AND r.repeat = ${repeat}
LEFT JOIN request_usage u ON u.run_id = r.run_id AND u.position = q.position
LEFT JOIN sessions bs ON bs.focus_task_id = s.focus_task_id AND bs.condition = ${sqlString(baseline)}
LEFT JOIN requests bq ON bq.session_id = bs.session_id AND bq.task_id = q.task_id
  AND bq.is_submit = q.is_submit AND bq.stage IS NOT DISTINCT FROM q.stage
LEFT JOIN runs br ON br.session_id = bs.session_id AND br.config_id = ${sqlString(pick.configId)} AND br.repeat = ${repeat}
LEFT JOIN request_usage bu ON bu.run_id = br.run_id AND bu.position = bq.position
WHERE q.session_id = ${sqlString(pick.sessionId)}
ORDER BY q.position`;
}

export interface SessionUsageRow {
  position: number;
  task_id: string;
  /** null for the finalization request. */
  stage: number | null;
  is_submit: boolean;
  is_focus: boolean;
  workspace: string;
  focus_return: boolean;
  in_switch_focus_scope: boolean;
  /** null when the configuration has no run of this session (and repeat). */
  run_id: string | null;
  /** false when the run recorded no usage for this request (it ended early, or was not metered). */
  ran: boolean;
  tokens: number | null;
  cached_tokens: number | null;
  model_calls: number | null;
  tool_calls: number | null;
  cost_usd: number | null;
  /** The same focus request in the baseline session of the same configuration (non-baseline sessions only). */
  base_tokens: number | null;
  base_cached_tokens: number | null;
  /** tokens − base_tokens: what this focus request used beyond the same request uninterrupted. */
  extra_tokens: number | null;
}

/** Every session, to pick one from (focus task, condition, group). */
export const COST_SESSIONS_SQL = `
SELECT session_id, focus_task_id, condition, task_group AS grp FROM sessions ORDER BY focus_task_id, condition, session_id`;

export interface SessionListRow {
  session_id: string;
  focus_task_id: string;
  condition: string;
  grp: string;
}

/**
 * The session shown before any choice: the first configuration's run of the non-baseline session with the
 * most focus returns (ties: the lowest session id), so the default view shows interruption history at work.
 */
export function defaultSessionSql(baseline: string): string {
  return `
SELECT r.config_id, r.session_id, r.repeat::INTEGER AS repeat
FROM runs r
JOIN sessions s ON s.session_id = r.session_id
JOIN configs c ON c.config_id = r.config_id
WHERE s.condition <> ${sqlString(baseline)}
ORDER BY c.sort_order, s.focus_returns DESC, s.session_id, r.repeat
LIMIT 1`;
}

export const sessionUsageQuery = defineQuery<{ baseline: string; pick: SessionPick }, SessionUsageRow>({
  name: "session usage",
  tables: ["runs", "sessions", "requests", "request_usage"],
  sql: (p) => sessionUsageSql(p.baseline, p.pick),
});

export const sessionListQuery = defineQuery<void, SessionListRow>({
  name: "sessions",
  tables: ["sessions"],
  sql: () => COST_SESSIONS_SQL,
});

export const defaultSessionQuery = defineQuery<
  { baseline: string },
  { config_id: string; session_id: string; repeat: number }
>({
  name: "default session",
  tables: ["runs", "sessions", "configs"],
  sql: (p) => defaultSessionSql(p.baseline),
});
