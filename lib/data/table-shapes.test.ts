// A table's shape is written once, as its zod row (table-rows.ts). These pin what that must keep: the DuckDB
// columns derived from it are today's, in today's order (the written Arrow and Parquet files stay byte-identical),
// and every row tables.ts makes from a release parses with its table's row (no column missing, none extra).
import { describe, expect, it } from "vitest";
import { loadRelease } from "./load-release";
import { TABLE_ROWS } from "./table-rows";
import { releaseTables, TABLES, type TableName } from "./tables";

const NAMES = Object.keys(TABLES) as TableName[];

/** The columns as they were declared by hand before the zod rows (name and type, in order). */
const PINNED: Record<TableName, string> = {
  tasks:
    "task_id VARCHAR, repo VARCHAR, base_revision VARCHAR, title VARCHAR, stage_count INTEGER, f2p_count INTEGER, p2p_count INTEGER, is_focus BOOLEAN",
  task_stages: "task_id VARCHAR, stage INTEGER, text VARCHAR, provenance VARCHAR, source_ref VARCHAR, intent VARCHAR",
  task_files: "task_id VARCHAR, path VARCHAR, dir VARCHAR",
  task_tests: "task_id VARCHAR, test_id VARCHAR, kind VARCHAR, stage INTEGER",
  sessions:
    "session_id VARCHAR, focus_task_id VARCHAR, condition VARCHAR, task_group VARCHAR, seed BIGINT, request_count INTEGER, workspace_switches INTEGER, focus_returns INTEGER, interruption_tasks INTEGER",
  session_workspaces: "session_id VARCHAR, workspace VARCHAR, task_id VARCHAR",
  requests:
    "session_id VARCHAR, position INTEGER, task_id VARCHAR, stage INTEGER, is_submit BOOLEAN, workspace VARCHAR, intent VARCHAR, is_focus BOOLEAN, workspace_switch BOOLEAN, focus_return BOOLEAN, in_switch_focus_scope BOOLEAN",
  configs:
    "config_id VARCHAR, model VARCHAR, harness VARCHAR, harness_version VARCHAR, reasoning VARCHAR, variant VARCHAR, base_config_id VARCHAR, display_name VARCHAR, sort_order INTEGER, is_local BOOLEAN, submitted_at VARCHAR, submitted_by VARCHAR, report_url VARCHAR, verified_by VARCHAR, verified_at VARCHAR",
  runs: "run_id VARCHAR, config_id VARCHAR, session_id VARCHAR, repeat INTEGER, finalized BOOLEAN, applied BOOLEAN, resolved BOOLEAN, failure_class VARCHAR, trajectory VARCHAR, tests_failed INTEGER, tests_missing INTEGER, tests_skipped INTEGER, patch VARCHAR",
  test_results: "run_id VARCHAR, test_id VARCHAR, kind VARCHAR, stage INTEGER, status VARCHAR",
  request_usage:
    "run_id VARCHAR, position INTEGER, tokens BIGINT, cached_tokens BIGINT, model_calls INTEGER, tool_calls INTEGER, wall_s DOUBLE, cost_usd DOUBLE",
  interruption_outcomes: "run_id VARCHAR, task_id VARCHAR, resolved BOOLEAN",
  annotations:
    "annotation_id INTEGER, run_id VARCHAR, signature VARCHAR, position INTEGER, step_ids VARCHAR, note VARCHAR, author_kind VARCHAR, author_name VARCHAR, " +
    "review_verdict VARCHAR, review_date VARCHAR, review_detector VARCHAR, review_detector_version VARCHAR, " +
    "audit_seed VARCHAR, audit_stratum VARCHAR",
};

/** Between them every table has rows, nullable columns with and without values, and a local release. */
const FIXTURES = ["handcalc", "benchmark-mini", "comparecalc", "submitcalc", "trajcalc"].map(
  (f) => `e2e/fixtures/releases/${f}`,
);

describe("table shapes", () => {
  it("derives today's DuckDB columns, in order, from the zod rows", () => {
    expect(NAMES).toEqual(Object.keys(PINNED));
    expect(Object.keys(TABLE_ROWS)).toEqual(NAMES);
    for (const name of NAMES) {
      const columns = Object.entries(TABLES[name].columns).map(([column, type]) => `${column} ${type}`);
      expect(columns.join(", "), name).toBe(PINNED[name]);
    }
  });

  it("every row a release gives parses with its table's zod row: no column missing, none extra", async () => {
    const rows = Object.fromEntries(NAMES.map((name) => [name, 0])) as Record<TableName, number>;
    for (const dir of FIXTURES) {
      const { release } = await loadRelease(dir);
      expect(release, dir).toBeTruthy();
      for (const local of [false, true]) {
        const tables = releaseTables(release!, { local });
        for (const name of NAMES) {
          const row = TABLE_ROWS[name];
          for (const r of tables[name]) {
            const parsed = row.safeParse(r);
            if (!parsed.success) expect.fail(`${dir} ${name}: ${parsed.error.message}\n${JSON.stringify(r)}`);
            expect(Object.keys(r), `${dir} ${name}`).toEqual(Object.keys(row.shape));
          }
          rows[name] += tables[name].length;
        }
      }
    }
    // A table without rows in any fixture would go unchecked.
    for (const name of NAMES) expect(rows[name], name).toBeGreaterThan(0);
  });

  it("a row with a column too many or one missing does not parse", () => {
    const ok = { run_id: "r1", task_id: "t1", resolved: true };
    expect(TABLE_ROWS.interruption_outcomes.safeParse(ok).success).toBe(true);
    expect(TABLE_ROWS.interruption_outcomes.safeParse({ ...ok, extra: 1 }).success).toBe(false);
    expect(TABLE_ROWS.interruption_outcomes.safeParse({ run_id: "r1", task_id: "t1" }).success).toBe(false);
    // A nullable column is still a column: null, never absent.
    const stage = { task_id: "t1", test_id: "x", kind: "F2P", stage: null };
    expect(TABLE_ROWS.task_tests.safeParse(stage).success).toBe(true);
    expect(TABLE_ROWS.task_tests.safeParse({ ...stage, stage: undefined }).success).toBe(false);
  });
});
