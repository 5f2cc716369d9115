// The row of every flattened release table (tables.ts) as a zod object: the one place a table's shape is
// written. The DuckDB columns (TABLES[x].columns) are derived from it, the rows tables.ts makes are typed by it,
// the queries' row types pick from it (TableRowOf), and table-shapes.test.ts parses every row a release gives
// with it. A column that copies a release record field reuses that field's schema (schema.ts), so the release
// format stays the source; a field optional in a record is a nullable column. Column order is the object's.
import { z } from "zod";
import {
  annotationSchema,
  configSchema,
  reviewSchema,
  requestSchema,
  runSchema,
  sessionSchema,
  stageSchema,
  taskSchema,
  testSchema,
  usageSchema,
} from "./schema";

export type ColumnType = "VARCHAR" | "INTEGER" | "BIGINT" | "DOUBLE" | "BOOLEAN";

const BIGINT = new WeakSet<z.ZodNumber>();

/** An integer column stored as BIGINT (every other integer is INTEGER). Marks a copy: shared schemas stay INTEGER. */
function bigint(schema: z.ZodNumber): z.ZodNumber {
  const own = schema.clone();
  BIGINT.add(own);
  return own;
}

/** A record field that may be absent, as a column: null where the record has none. */
function orNull<T extends z.ZodType>(field: z.ZodOptional<T>): z.ZodNullable<T> {
  return field.unwrap().nullable();
}

/** What a test's row in test_results says of it (tables.ts): passed, or listed failed, missing or skipped. */
export const TEST_STATUSES = ["passed", "failed", "missing", "skipped", "not_run"] as const;
export type TestStatus = (typeof TEST_STATUSES)[number];

const count = z.number().int().min(0);
const task = taskSchema.shape;
const stage = stageSchema.shape;
const test = testSchema.shape;
const session = sessionSchema.shape;
const request = requestSchema.shape;
const config = configSchema.shape;
const verified = configSchema.shape.verified.unwrap().shape;
const run = runSchema.shape;
const outcome = runSchema.shape.interruption_outcomes.unwrap().element.shape;
const usage = usageSchema.shape;
const annotation = annotationSchema.shape;
const review = reviewSchema.shape;

export const TABLE_ROWS = {
  tasks: z.strictObject({
    task_id: task.task_id,
    repo: task.repo,
    base_revision: task.base_revision,
    title: orNull(task.title),
    stage_count: count,
    f2p_count: count,
    p2p_count: count,
    is_focus: z.boolean(),
  }),
  task_stages: z.strictObject({
    task_id: task.task_id,
    stage: stage.stage,
    text: stage.text,
    provenance: stage.provenance,
    source_ref: orNull(stage.source_ref),
    intent: orNull(stage.intent),
  }),
  task_files: z.strictObject({
    task_id: task.task_id,
    path: task.changed_source_files.element,
    /** The path's parent directory ("" at the root). */
    dir: z.string(),
  }),
  task_tests: z.strictObject({
    task_id: task.task_id,
    test_id: test.test_id,
    kind: test.kind,
    stage: orNull(test.stage),
  }),
  sessions: z.strictObject({
    session_id: session.session_id,
    focus_task_id: session.focus_task_id,
    condition: session.condition,
    task_group: session.group,
    seed: bigint(session.seed.unwrap()).nullable(),
    request_count: count,
    workspace_switches: count,
    focus_returns: count,
    interruption_tasks: count,
  }),
  session_workspaces: z.strictObject({
    session_id: session.session_id,
    workspace: session.workspaces.keyType,
    task_id: session.workspaces.valueType,
  }),
  requests: z.strictObject({
    session_id: session.session_id,
    position: count,
    task_id: request.task_id,
    /** null for the finalization request. */
    stage: z.number().int().min(1).nullable(),
    is_submit: z.boolean(),
    workspace: request.workspace,
    intent: orNull(request.intent),
    is_focus: z.boolean(),
    workspace_switch: z.boolean(),
    focus_return: z.boolean(),
    in_switch_focus_scope: z.boolean(),
  }),
  configs: z.strictObject({
    config_id: config.config_id,
    model: config.model,
    harness: config.harness,
    harness_version: orNull(config.harness_version),
    reasoning: orNull(config.reasoning),
    variant: config.variant,
    base_config_id: orNull(config.base_config_id),
    display_name: config.display_name,
    sort_order: count,
    is_local: z.boolean(),
    submitted_at: orNull(config.submitted_at),
    submitted_by: orNull(config.submitted_by),
    report_url: orNull(config.report_url),
    verified_by: verified.by.nullable(),
    verified_at: verified.at.nullable(),
  }),
  runs: z.strictObject({
    run_id: run.run_id,
    config_id: run.config_id,
    session_id: run.session_id,
    repeat: run.repeat,
    finalized: run.finalized,
    applied: run.applied,
    resolved: run.resolved,
    failure_class: run.failure_class,
    trajectory: orNull(run.trajectory),
    tests_failed: count,
    tests_missing: count,
    tests_skipped: count,
    patch: orNull(run.patch),
  }),
  test_results: z.strictObject({
    run_id: run.run_id,
    test_id: test.test_id,
    kind: test.kind,
    stage: orNull(test.stage),
    status: z.enum(TEST_STATUSES),
  }),
  request_usage: z.strictObject({
    run_id: run.run_id,
    position: usage.position,
    tokens: bigint(usage.tokens),
    cached_tokens: bigint(usage.cached_tokens),
    model_calls: usage.model_calls,
    tool_calls: usage.tool_calls,
    wall_s: usage.wall_s,
    cost_usd: orNull(usage.cost_usd),
  }),
  interruption_outcomes: z.strictObject({
    run_id: run.run_id,
    task_id: outcome.task_id,
    resolved: outcome.resolved,
  }),
  annotations: z.strictObject({
    /** The annotation's line order in the release. */
    annotation_id: count,
    run_id: annotation.run_id,
    signature: annotation.signature,
    position: orNull(annotation.position),
    /** The step ids, comma-separated. */
    step_ids: z.string().regex(/^-?\d+(,-?\d+)*$/),
    note: annotation.note,
    author_kind: annotation.author.shape.kind,
    author_name: orNull(annotation.author.shape.name),
    /** A human review's verdict on the detector's tag (null: a plain annotation). */
    review_verdict: review.verdict.nullable(),
    review_date: review.date.nullable(),
    review_detector: orNull(review.detector),
    review_detector_version: orNull(review.detector_version),
    /** The audit sample the run was reviewed in: its seed and stratum (null: not an audit). */
    audit_seed: review.audit.unwrap().shape.seed.nullable(),
    audit_stratum: review.audit.unwrap().shape.stratum.nullable(),
  }),
};

export type TableRowOf<T extends keyof typeof TABLE_ROWS> = z.infer<(typeof TABLE_ROWS)[T]>;

function columnType(schema: z.ZodType, column: string): ColumnType {
  if (schema instanceof z.ZodNullable) return columnType(schema.unwrap() as z.ZodType, column);
  if (schema instanceof z.ZodString || schema instanceof z.ZodEnum) return "VARCHAR";
  if (schema instanceof z.ZodBoolean) return "BOOLEAN";
  if (schema instanceof z.ZodNumber) {
    if (!schema.isInt && BIGINT.has(schema)) throw new Error(`column ${column}: a BIGINT must be an integer`);
    return BIGINT.has(schema) ? "BIGINT" : schema.isInt ? "INTEGER" : "DOUBLE";
  }
  throw new Error(`column ${column}: no DuckDB type for zod ${schema.def.type}`);
}

/** A table's DuckDB columns, in its row's order: strings and enums VARCHAR, integers INTEGER (or BIGINT), numbers DOUBLE. */
export function columnsOf<S extends z.ZodRawShape>(row: z.ZodObject<S>): Record<keyof S & string, ColumnType> {
  return Object.fromEntries(
    Object.entries(row.shape).map(([column, schema]) => [column, columnType(schema as z.ZodType, column)]),
  ) as Record<keyof S & string, ColumnType>;
}
