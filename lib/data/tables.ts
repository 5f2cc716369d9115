// A loaded release flattened into the site's tables (docs/data-format.md, "What the loader returns"). Pure: the data
// build loads these rows into DuckDB in Node, and "open local results" will load them into DuckDB-WASM. Tables are flat
// (no list columns) so Arrow IPC, Parquet and both DuckDB versions agree on every type.
import { parentDir } from "./locality";
import { requestFlags, scheduleProfile } from "./schedule";
import { SUBMIT, type Release } from "./schema";
import { columnsOf, TABLE_ROWS, type ColumnType, type TableRowOf, type TestStatus } from "./table-rows";
import { shownDisplayNames, shownLabel } from "./validate-names";
import { pushAll } from "../common/arrays";

export type { ColumnType, TableRowOf } from "./table-rows";
export type TableRow = Record<string, string | number | boolean | null>;

export interface TableSpec {
  name: string;
  columns: Record<string, ColumnType>;
  /** Sort order of the written file, so that output is byte-identical across builds. */
  orderBy: string[];
}

/** Each table's columns come from its zod row (table-rows.ts); table-shapes.test.ts pins them. */
export const TABLES = {
  tasks: { name: "tasks", columns: columnsOf(TABLE_ROWS.tasks), orderBy: ["task_id"] },
  task_stages: { name: "task_stages", columns: columnsOf(TABLE_ROWS.task_stages), orderBy: ["task_id", "stage"] },
  task_files: { name: "task_files", columns: columnsOf(TABLE_ROWS.task_files), orderBy: ["task_id", "path"] },
  task_tests: { name: "task_tests", columns: columnsOf(TABLE_ROWS.task_tests), orderBy: ["task_id", "kind", "test_id"] },
  sessions: { name: "sessions", columns: columnsOf(TABLE_ROWS.sessions), orderBy: ["session_id"] },
  session_workspaces: {
    name: "session_workspaces",
    columns: columnsOf(TABLE_ROWS.session_workspaces),
    orderBy: ["session_id", "workspace"],
  },
  requests: { name: "requests", columns: columnsOf(TABLE_ROWS.requests), orderBy: ["session_id", "position"] },
  configs: { name: "configs", columns: columnsOf(TABLE_ROWS.configs), orderBy: ["sort_order"] },
  runs: { name: "runs", columns: columnsOf(TABLE_ROWS.runs), orderBy: ["run_id"] },
  test_results: { name: "test_results", columns: columnsOf(TABLE_ROWS.test_results), orderBy: ["run_id", "kind", "test_id"] },
  request_usage: { name: "request_usage", columns: columnsOf(TABLE_ROWS.request_usage), orderBy: ["run_id", "position"] },
  interruption_outcomes: {
    name: "interruption_outcomes",
    columns: columnsOf(TABLE_ROWS.interruption_outcomes),
    orderBy: ["run_id", "task_id"],
  },
  annotations: { name: "annotations", columns: columnsOf(TABLE_ROWS.annotations), orderBy: ["annotation_id"] },
} as const satisfies Record<keyof typeof TABLE_ROWS, TableSpec>;

export type TableName = keyof typeof TABLES;
/** Each table's rows, typed by its zod row: a column the row lacks, or one it does not declare, does not compile. */
export type ReleaseTables = { [T in TableName]: TableRowOf<T>[] };

function emptyTables(): ReleaseTables {
  return Object.fromEntries(Object.keys(TABLES).map((name) => [name, []])) as unknown as ReleaseTables;
}

/** Every table's rows at once: what a local release (small) is loaded from. */
export function releaseTables(release: Release, opts: { local?: boolean } = {}): ReleaseTables {
  const out = emptyTables();
  for (const part of releaseTableParts(release, opts, Math.max(1, release.runs.length)))
    for (const name of Object.keys(TABLES) as TableName[]) pushAll<TableRow>(out[name], part[name]);
  return out;
}

/**
 * The same rows in parts: first every table that is not per run, then the per-run tables (runs, test_results,
 * request_usage, interruption_outcomes) `runsPerPart` runs at a time. The data build writes a part and drops it,
 * so 100× the sample's 12.5 million test rows never exist as objects at once (docs/scale.md).
 */
export function* releaseTableParts(
  release: Release,
  opts: { local?: boolean } = {},
  runsPerPart = 20_000,
): Generator<ReleaseTables> {
  const focusIds = new Set(release.sessions.map((s) => s.focus_task_id));
  const tasksById = new Map(release.tasks.map((t) => [t.task_id, t]));
  const sessionsById = new Map(release.sessions.map((s) => [s.session_id, s]));
  const out = emptyTables();

  for (const t of release.tasks) {
    out.tasks.push({
      task_id: t.task_id, repo: shownLabel(t.repo), base_revision: t.base_revision, title: shownLabel(t.title ?? null),
      stage_count: t.stages.length,
      f2p_count: t.tests.filter((x) => x.kind === "F2P").length,
      p2p_count: t.tests.filter((x) => x.kind === "P2P").length,
      is_focus: focusIds.has(t.task_id),
    });
    for (const s of t.stages) {
      out.task_stages.push({
        task_id: t.task_id, stage: s.stage, text: s.text, provenance: s.provenance,
        source_ref: s.source_ref ?? null, intent: s.intent ?? null,
      });
    }
    for (const path of t.changed_source_files) out.task_files.push({ task_id: t.task_id, path, dir: parentDir(path) });
    for (const x of t.tests) out.task_tests.push({ task_id: t.task_id, test_id: x.test_id, kind: x.kind, stage: x.stage ?? null });
  }

  for (const s of release.sessions) {
    const profile = scheduleProfile(s.schedule, s.focus_task_id);
    out.sessions.push({
      session_id: s.session_id, focus_task_id: s.focus_task_id, condition: s.condition, task_group: s.group,
      seed: s.seed ?? null, request_count: profile.requests, workspace_switches: profile.workspaceSwitches,
      focus_returns: profile.focusReturns, interruption_tasks: profile.interruptionTasks,
    });
    for (const [workspace, taskId] of Object.entries(s.workspaces)) {
      out.session_workspaces.push({ session_id: s.session_id, workspace, task_id: taskId });
    }
    const flags = requestFlags(s.schedule, s.focus_task_id);
    s.schedule.forEach((r, position) => {
      const f = flags[position]!;
      out.requests.push({
        session_id: s.session_id, position, task_id: r.task_id, stage: r.stage === SUBMIT ? null : r.stage,
        is_submit: f.isSubmit, workspace: r.workspace, intent: r.intent ?? null, is_focus: f.isFocus,
        workspace_switch: f.workspaceSwitch, focus_return: f.focusReturn,
        in_switch_focus_scope: f.inSwitchFocusScope,
      });
    });
  }

  // Labels as the site shows them: invisible characters visible, look-alike display names with their id.
  const displayNames = shownDisplayNames(release.configs);
  release.configs.forEach((c, i) => {
    out.configs.push({
      config_id: c.config_id, model: shownLabel(c.model), harness: shownLabel(c.harness),
      harness_version: shownLabel(c.harness_version ?? null), reasoning: shownLabel(c.reasoning ?? null),
      variant: shownLabel(c.variant), base_config_id: c.base_config_id ?? null,
      display_name: displayNames[i]!, sort_order: i, is_local: opts.local ?? false,
      submitted_at: c.submitted_at ?? null, submitted_by: shownLabel(c.submitted_by ?? null), report_url: c.report_url ?? null,
      verified_by: c.verified?.by ?? null, verified_at: c.verified?.at ?? null,
    });
  });

  release.annotations.forEach((a, i) => {
    out.annotations.push({
      annotation_id: i, run_id: a.run_id, signature: a.signature, position: a.position ?? null,
      step_ids: a.step_ids.join(","), note: a.note, author_kind: a.author.kind, author_name: a.author.name ?? null,
      review_verdict: a.review?.verdict ?? null, review_date: a.review?.date ?? null,
      review_detector: a.review?.detector ?? null, review_detector_version: a.review?.detector_version ?? null,
      audit_seed: a.review?.audit?.seed ?? null, audit_stratum: a.review?.audit?.stratum ?? null,
    });
  });
  yield out;
  for (let first = 0; first < release.runs.length; first += runsPerPart) {
    const part = emptyTables();
    pushRunRows(part, release.runs.slice(first, first + runsPerPart), tasksById, sessionsById);
    yield part;
  }
}

function pushRunRows(
  out: ReleaseTables,
  runs: readonly Release["runs"][number][],
  tasksById: ReadonlyMap<string, Release["tasks"][number]>,
  sessionsById: ReadonlyMap<string, Release["sessions"][number]>,
) {
  for (const r of runs) {
    const skipped = r.tests.skipped ?? [];
    out.runs.push({
      run_id: r.run_id, config_id: r.config_id, session_id: r.session_id, repeat: r.repeat,
      finalized: r.finalized, applied: r.applied, resolved: r.resolved, failure_class: r.failure_class,
      trajectory: r.trajectory ?? null, tests_failed: r.tests.failed.length,
      tests_missing: r.tests.missing.length, tests_skipped: skipped.length, patch: r.patch ?? null,
    });
    const focus = tasksById.get(sessionsById.get(r.session_id)?.focus_task_id ?? "");
    const status = new Map<string, TestStatus>();
    for (const id of r.tests.failed) status.set(id, "failed");
    for (const id of r.tests.missing) status.set(id, "missing");
    for (const id of skipped) status.set(id, "skipped");
    for (const x of focus?.tests ?? []) {
      out.test_results.push({
        run_id: r.run_id, test_id: x.test_id, kind: x.kind, stage: x.stage ?? null,
        status: status.get(x.test_id) ?? (r.applied ? "passed" : "not_run"),
      });
    }
    for (const u of r.usage) {
      out.request_usage.push({
        run_id: r.run_id, position: u.position, tokens: u.tokens, cached_tokens: u.cached_tokens,
        model_calls: u.model_calls, tool_calls: u.tool_calls, wall_s: u.wall_s, cost_usd: u.cost_usd ?? null,
      });
    }
    for (const o of r.interruption_outcomes ?? []) {
      out.interruption_outcomes.push({ run_id: r.run_id, task_id: o.task_id, resolved: o.resolved });
    }
  }

}
