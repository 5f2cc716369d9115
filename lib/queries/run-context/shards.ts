// The static shards of every run's context beside its trajectory (header, schedule with usage, checkouts, verdict, annotations) for
// many runs at once: the same rows as the per-run SQL of lib/queries/trajectory/sql.ts, selected over a set of runs
// named in a table `context_runs (run_id)` that the caller fills (the build: a batch of shards; a test: all).
// The build writes them into small static JSON shards, so the trajectory page shows the verdict and the tags
// without DuckDB-WASM (docs/trajectory-explorer.md, "Loading"). The build's trajectory pass assembles its
// context with the per-run SQL's where-variants instead (lib/queries/run-context/context.ts); the tests here check
// both give the same rows.
//
// A session's requests (with their texts) and checkouts are the same for every run of the session, so they are
// written once per session (64 fixed shards: sessions do not grow with configurations or repeats), and each
// run's shard carries only what is the run's own: header, usage per request, verdict, annotations.
import type { Db } from "../db-types";
import { runIndexShard } from "./run-index";
import { requestColumnsSql, type RequestRow } from "../trajectory/request-row";
import {
  RUN_HEADER_COLUMNS,
  VERDICT_STAGE_COUNTS,
  type AnnotationRow,
  type RunHeaderRow,
  type ScheduleRow,
  type VerdictStageRow,
  type VerdictTestRow,
  type WorkspaceRow,
} from "../trajectory/sql";

export interface SessionRequestRow extends RequestRow {
  session_id: string;
  in_switch_focus_scope: boolean;
  text: string | null;
}

/** Every session's requests with flags and texts (runScheduleSql without the run's usage). */
export const SESSION_REQUESTS_SQL = `
SELECT q.session_id, ${requestColumnsSql("q")}, q.in_switch_focus_scope, st.text
FROM requests q
LEFT JOIN task_stages st ON st.task_id = q.task_id AND st.stage = q.stage
ORDER BY q.session_id, q.position`;

export interface SessionWorkspaceRow extends Omit<WorkspaceRow, "run_id"> {
  session_id: string;
}

/** Every session's checkouts (runWorkspacesSql per session). */
export const SESSION_WORKSPACES_SQL = `
SELECT w.session_id, w.workspace, w.task_id, w.task_id = s.focus_task_id AS is_focus
FROM session_workspaces w JOIN sessions s ON s.session_id = w.session_id
ORDER BY w.session_id, w.workspace`;

/** The tests any run of a session has a final status for, in verdictTestsSql's order. */
export const SESSION_TESTS_SQL = `
SELECT DISTINCT r.session_id, tr.test_id, tr.kind, tr.stage::INTEGER AS stage
FROM test_results tr JOIN runs r ON r.run_id = tr.run_id
ORDER BY r.session_id, tr.kind, stage NULLS LAST, tr.test_id`;

interface SessionTestRow {
  session_id: string;
  test_id: string;
  kind: string;
  stage: number | null;
}

/**
 * One row per run in context_runs: its id and its whole RunContextEntry as JSON text, built by DuckDB (reading
 * 30 test rows a run into JavaScript objects would cost more than all the rest of the build at 100× the sample).
 * Same rows as runHeaderSql (its columns, RUN_HEADER_COLUMNS; the matched run by a window instead of LATERAL),
 * runScheduleSql's usage, verdictStagesSql (its counts, VERDICT_STAGE_COUNTS), verdictTestsSql (as a status string
 * over SESSION_TESTS_SQL's order) and runAnnotationsSql; shards.test.ts checks each against the per-run SQL.
 */
export const RUN_CONTEXT_SQL = `
WITH base AS (
  SELECT r.run_id, r.config_id, r.repeat, s.focus_task_id, s.condition
  FROM runs r JOIN sessions s ON s.session_id = r.session_id
),
matched AS (
  SELECT a.run_id, b.run_id AS matched_run_id, b.condition AS matched_condition,
    ROW_NUMBER() OVER (PARTITION BY a.run_id ORDER BY b.condition, b.run_id) AS k
  FROM base a JOIN context_runs cr ON cr.run_id = a.run_id
  JOIN base b ON b.config_id = a.config_id AND b.repeat = a.repeat AND b.focus_task_id = a.focus_task_id AND b.condition <> a.condition
),
hdr AS (
  SELECT ${RUN_HEADER_COLUMNS}, m.matched_run_id, m.matched_condition
  FROM runs r
  JOIN context_runs cr ON cr.run_id = r.run_id
  JOIN configs c ON c.config_id = r.config_id
  JOIN sessions s ON s.session_id = r.session_id
  LEFT JOIN tasks t ON t.task_id = s.focus_task_id
  LEFT JOIN matched m ON m.run_id = r.run_id AND m.k = 1
),
usage AS (
  SELECT u.run_id, to_json(list(json_array(u.position::INTEGER, u.tokens::DOUBLE, u.cached_tokens::DOUBLE, u.model_calls::INTEGER,
    u.tool_calls::INTEGER, u.wall_s::DOUBLE, u.cost_usd::DOUBLE) ORDER BY u.position)) AS j
  FROM request_usage u JOIN context_runs cr ON cr.run_id = u.run_id
  GROUP BY u.run_id
),
grouped AS (
  SELECT tr.run_id, kind, stage::INTEGER AS stage, ${VERDICT_STAGE_COUNTS}
  FROM test_results tr JOIN context_runs cr ON cr.run_id = tr.run_id
  GROUP BY tr.run_id, kind, stage
),
stages AS (
  SELECT run_id, to_json(list(json_array(kind, stage, total, passed, failed, missing, skipped, not_run) ORDER BY kind, stage NULLS LAST)) AS j
  FROM grouped GROUP BY run_id
),
session_tests AS (
  SELECT session_id, test_id, kind, stage,
    ROW_NUMBER() OVER (PARTITION BY session_id ORDER BY kind, stage NULLS LAST, test_id) AS i
  FROM (${SESSION_TESTS_SQL.replace(/ORDER BY[^]*$/, "")})
),
tests AS (
  SELECT r.run_id, string_agg(COALESCE(CASE tr.status WHEN 'passed' THEN 'p' WHEN 'failed' THEN 'f' WHEN 'missing' THEN 'm'
    WHEN 'skipped' THEN 's' WHEN 'not_run' THEN 'n' END, '.'), '' ORDER BY st.i) AS s
  FROM runs r JOIN context_runs cr ON cr.run_id = r.run_id
  JOIN session_tests st ON st.session_id = r.session_id
  LEFT JOIN test_results tr ON tr.run_id = r.run_id AND tr.test_id = st.test_id AND tr.kind = st.kind AND COALESCE(tr.stage, -1) = COALESCE(st.stage, -1)
  GROUP BY r.run_id
),
ann AS (
  SELECT a.run_id, to_json(list(json_object('annotation_id', annotation_id::INTEGER, 'signature', signature, 'position', position::INTEGER,
    'step_ids', step_ids, 'note', note, 'author_kind', author_kind, 'author_name', author_name) ORDER BY annotation_id)) AS j
  FROM annotations a JOIN context_runs cr ON cr.run_id = a.run_id
  GROUP BY a.run_id
)
SELECT h.run_id, json_object('header', to_json(h), 'usage', COALESCE(u.j, '[]'::JSON), 'stages', COALESCE(g.j, '[]'::JSON),
  'tests', COALESCE(t.s, ''), 'annotations', COALESCE(a.j, '[]'::JSON))::VARCHAR AS entry
FROM hdr h
LEFT JOIN usage u ON u.run_id = h.run_id
LEFT JOIN stages g ON g.run_id = h.run_id
LEFT JOIN tests t ON t.run_id = h.run_id
LEFT JOIN ann a ON a.run_id = h.run_id
ORDER BY h.run_id`;

/** One character per test status in a run's `tests` string (RUN_CONTEXT_SQL); '.' where the run has no row for a session test. */
const CODE_STATUS: Record<string, string> = { p: "passed", f: "failed", m: "missing", s: "skipped", n: "not_run" };

type StageTuple = [
  kind: string,
  stage: number | null,
  total: number,
  passed: number,
  failed: number,
  missing: number,
  skipped: number,
  not_run: number,
];

/** What a run's shard holds for it; tuples keep the shards small (~64 runs, ~10 KB gzip). */
export interface RunContextEntry {
  header: RunHeaderRow;
  /** [position, tokens, cached, model calls, tool calls, wall s, cost] per request the run ran. */
  usage: [number, number, number, number, number, number | null, number | null][];
  /** verdictStagesSql's rows as tuples. */
  stages: StageTuple[];
  /** The status of each of the session's tests (SessionContextEntry.tests), one character each (CODE_STATUS). */
  tests: string;
  annotations: AnnotationRow[];
}

export type RunContextShard = Record<string, RunContextEntry>;

export interface SessionContextEntry {
  requests: Omit<SessionRequestRow, "session_id">[];
  workspaces: Omit<WorkspaceRow, "run_id">[];
  /** [test_id, kind, stage]: every test a run of the session has a final status for. */
  tests: [string, string, number | null][];
}

export type SessionContextShard = Record<string, SessionContextEntry>;

export const SESSION_CONTEXT_SHARDS = 64;

/** ~64 runs a shard (a few KB gzip), at least 64 shards, a power of two. */
export function runContextShardCount(runs: number): number {
  let n = 64;
  while (runs / n > 64) n *= 2;
  return n;
}

/** The same FNV-1a as the run index, over another modulus. */
export function runContextShard(runId: string, shards: number): number {
  return runIndexShard(runId, shards);
}

export const runContextFile = (shard: number) => `run-context/${String(shard).padStart(4, "0")}.json`;
export const sessionContextFile = (shard: number) => `session-context/${String(shard).padStart(2, "0")}.json`;

/** The run's schedule as runScheduleSql gives it: the session's requests, each with the run's usage or none. */
export function scheduleOf(session: SessionContextEntry, run: RunContextEntry): ScheduleRow[] {
  const used = new Map(run.usage.map((u) => [u[0], u]));
  const run_id = run.header.run_id;
  return session.requests.map((q) => {
    const u = used.get(q.position);
    return {
      run_id,
      ...q,
      ran: u !== undefined,
      tokens: u ? u[1] : null,
      cached_tokens: u ? u[2] : null,
      model_calls: u ? u[3] : null,
      tool_calls: u ? u[4] : null,
      wall_s: u ? u[5] : null,
      cost_usd: u ? u[6] : null,
    };
  });
}

/** The run's verdictTestsSql rows. */
export function testsOf(session: SessionContextEntry, run: RunContextEntry): VerdictTestRow[] {
  const out: VerdictTestRow[] = [];
  const run_id = run.header.run_id;
  session.tests.forEach(([test_id, kind, stage], i) => {
    const status = CODE_STATUS[run.tests[i] ?? "."];
    if (status) out.push({ run_id, test_id, kind, stage, status });
  });
  return out;
}

/** The run's runWorkspacesSql rows. */
export const workspacesOf = (session: SessionContextEntry, run: RunContextEntry): WorkspaceRow[] =>
  session.workspaces.map((w) => ({ run_id: run.header.run_id, ...w }));

/** The run's verdictStagesSql rows. */
export const stagesOf = (run: RunContextEntry): VerdictStageRow[] =>
  run.stages.map(([kind, stage, total, passed, failed, missing, skipped, not_run]) => ({
    kind,
    stage,
    total,
    passed,
    failed,
    missing,
    skipped,
    not_run,
  }));

/** Groups rows of a batched query by run (or session) id, keeping their order. */
export function groupBy<T, K extends keyof T>(rows: readonly T[], key: K): Map<T[K], Omit<T, K>[]> {
  const out = new Map<T[K], Omit<T, K>[]>();
  for (const row of rows) {
    const { [key]: id, ...rest } = row;
    let list = out.get(id);
    if (!list) out.set(id, (list = []));
    list.push(rest);
  }
  return out;
}

/** Every run in context_runs with its entry as JSON text (what the build writes into the shards as it is). */
export async function runContextJson(db: Db): Promise<{ run_id: string; entry: string }[]> {
  return db.query<{ run_id: string; entry: string }>(RUN_CONTEXT_SQL);
}

/** The entries of the runs in context_runs (the build's trajectory pass and the tests). */
export async function runContexts(db: Db): Promise<Map<string, RunContextEntry>> {
  return new Map((await runContextJson(db)).map((r) => [r.run_id, JSON.parse(r.entry) as RunContextEntry]));
}

/** Every session's requests and checkouts. */
export async function sessionContexts(db: Db): Promise<Map<string, SessionContextEntry>> {
  const requests = groupBy(await db.query<SessionRequestRow>(SESSION_REQUESTS_SQL), "session_id");
  const workspaces = groupBy(await db.query<SessionWorkspaceRow>(SESSION_WORKSPACES_SQL), "session_id");
  const tests = groupBy(await db.query<SessionTestRow>(SESSION_TESTS_SQL), "session_id");
  const ids = new Set([...requests.keys(), ...workspaces.keys(), ...tests.keys()]);
  const out = new Map<string, SessionContextEntry>();
  for (const id of [...ids].sort()) {
    out.set(id, {
      requests: requests.get(id) ?? [],
      workspaces: workspaces.get(id) ?? [],
      tests: (tests.get(id) ?? []).map((t) => [t.test_id, t.kind, t.stage]),
    });
  }
  return out;
}

export const sessionContextShard = (sessionId: string) => runIndexShard(sessionId, SESSION_CONTEXT_SHARDS);
