// The release format (docs/data-format.md), as zod schemas. Every TypeScript type of a release record is
// inferred from here, so the documented contract and the code cannot drift apart.
// Objects are strict: an unknown field is an error (usually a typo of a known one). Producers that need
// to carry more put it under `extra`, which is kept and never interpreted.
import type { ArchiveIndex } from "../archive/types";
import { SIGNATURES } from "../trajectory/tags";
import { z } from "zod";

export const FORMAT_VERSION = "1";

const id = z.string().min(1);
const count = z.number().int().min(0);
const extra = z.record(z.string(), z.unknown()).optional();
/** A date (`2026-05-01`) or a date-time with a zone (`2026-05-01T09:00:00Z`). */
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/, "must be an ISO date, e.g. 2026-05-01");
/** Only http(s): a report link is rendered as a link, and `javascript:` or `data:` links must never be. */
const httpUrl = z.string().regex(/^https?:\/\/[^\s]+$/, "must be an http(s) URL");

export const releaseSchema = z.strictObject({
  format_version: z.literal(FORMAT_VERSION),
  release_id: z.string().regex(/^[a-z0-9-]+$/, "release_id must match [a-z0-9-]+"),
  benchmark: z.string().min(1),
  title: z.string().min(1),
  version: z.string().min(1),
  synthetic: z.boolean(),
  provenance: z.string(),
  baseline_condition: z.string().min(1),
  conditions: z.array(z.string().min(1)).min(1),
  groups: z.array(z.string().min(1)),
  submit_text: z.string().optional(),
  calibration: z
    .strictObject({ calibrated: z.array(z.string()), invented: z.array(z.string()) })
    .optional(),
  // Extensions of v1 (see the changelog in docs/data-format.md).
  /** How many distinct interruption tasks a session with interruptions must have (Switch-SWE: 4). */
  interruption_tasks: count.optional(),
  /** Where cost_usd figures came from (price list and date), shown beside every cost. */
  cost_source: z.string().optional(),
  extra,
});

export const stageSchema = z.strictObject({
  stage: z.number().int().min(1),
  text: z.string(),
  provenance: z.enum(["issue", "review", "extension"]),
  source_ref: z.string().optional(),
  intent: z.string().optional(),
});

export const testSchema = z.strictObject({
  test_id: id,
  kind: z.enum(["F2P", "P2P"]),
  stage: z.number().int().min(1).optional(),
});

export const taskSchema = z.strictObject({
  task_id: id,
  repo: id,
  base_revision: id,
  title: z.string().optional(),
  stages: z.array(stageSchema).min(1),
  changed_source_files: z.array(z.string().min(1)),
  tests: z.array(testSchema),
  extra,
});

export const SUBMIT = "submit" as const;

export const requestSchema = z.strictObject({
  task_id: id,
  stage: z.union([z.number().int().min(1), z.literal(SUBMIT)]),
  workspace: id,
  /** Task Flow intent label of this user turn (seed 002), when the release has one. */
  intent: z.string().optional(),
});

export const sessionSchema = z.strictObject({
  session_id: id,
  focus_task_id: id,
  condition: id,
  group: id,
  seed: z.number().int().optional(),
  workspaces: z.record(z.string(), id),
  schedule: z.array(requestSchema).min(1),
  extra,
});

export const configSchema = z.strictObject({
  config_id: id,
  model: id,
  harness: id,
  harness_version: z.string().optional(),
  reasoning: z.string().optional(),
  variant: id,
  base_config_id: z.string().optional(),
  display_name: id,
  // Submission provenance, v1 extension (docs/submissions.md): who submitted the configuration, when, where
  // its report is, and who reproduced it. Only a maintainer sets `verified` (npm run release:add).
  submitted_at: isoDate.optional(),
  submitted_by: z.string().min(1).optional(),
  report_url: httpUrl.optional(),
  verified: z.strictObject({ by: z.string().min(1), at: isoDate }).optional(),
  extra,
});

export const usageSchema = z.strictObject({
  position: count,
  tokens: count,
  cached_tokens: count,
  model_calls: count,
  tool_calls: count,
  wall_s: z.number().min(0),
  cost_usd: z.number().min(0).optional(),
});

export const FAILURE_CLASSES = ["implementation", "submission", "incomplete"] as const;

export const runSchema = z.strictObject({
  run_id: z.string().regex(/^[A-Za-z0-9._-]+$/, "run_id must match [A-Za-z0-9._-]+"),
  config_id: id,
  session_id: id,
  repeat: count,
  finalized: z.boolean(),
  applied: z.boolean(),
  resolved: z.boolean(),
  failure_class: z.enum(FAILURE_CLASSES).nullable(),
  tests: z.strictObject({
    failed: z.array(z.string()),
    missing: z.array(z.string()),
    skipped: z.array(z.string()).optional(),
  }),
  usage: z.array(usageSchema),
  trajectory: z.string().optional(),
  /** v1 extension: the submitted focus patch (a unified diff), a file or archive entry like `trajectory`. */
  patch: z.string().optional(),
  interruption_outcomes: z.array(z.strictObject({ task_id: id, resolved: z.boolean() })).optional(),
  extra,
});

/** What a reviewer said of a detector's tag, or of a run with none (docs/data-format.md, annotations.jsonl). */
export const REVIEW_VERDICTS = ["confirmed", "rejected", "added", "absent"] as const;

/** v1 extension: a human review of the detector's tags, made in the viewer and exported from the review page. */
export const reviewSchema = z.strictObject({
  verdict: z.enum(REVIEW_VERDICTS),
  date: isoDate,
  /** The detector and version whose tag was judged (confirmed, rejected); absent for a tag the reviewer added. */
  detector: z.string().min(1).optional(),
  detector_version: z.string().min(1).optional(),
  /** Set when the run was reviewed as part of an audit sample: its seed and its stratum. */
  audit: z.strictObject({ seed: z.string().min(1), stratum: z.string().min(1) }).optional(),
});

export const annotationSchema = z
  .strictObject({
    run_id: id,
    signature: z.enum(SIGNATURES),
    position: count.optional(),
    /** At least one step: a tag points at evidence. Only a review saying the signature is absent names none. */
    step_ids: z.array(z.number().int()),
    note: z.string(),
    author: z.strictObject({ kind: z.enum(["human", "judge", "detector"]), name: z.string().optional() }),
    review: reviewSchema.optional(),
    extra,
  })
  .refine((a) => a.step_ids.length > 0 || a.review?.verdict === "absent", {
    path: ["step_ids"],
    message: "must name at least one step, unless the review says the signature is absent",
  });

export const taskflowSchema = z.strictObject({
  name: z.string(),
  length: z.record(z.string(), z.number().min(0)),
  types: z.record(z.string(), z.number().min(0)),
  transitions: z.record(z.string(), z.number().min(0)),
});

export type ReleaseMeta = z.infer<typeof releaseSchema>;
export type TaskTest = z.infer<typeof testSchema>;
export type Task = z.infer<typeof taskSchema>;
export type ScheduledRequest = z.infer<typeof requestSchema>;
export type Session = z.infer<typeof sessionSchema>;
export type Config = z.infer<typeof configSchema>;
export type RequestUsage = z.infer<typeof usageSchema>;
export type FailureClass = (typeof FAILURE_CLASSES)[number];
export type Run = z.infer<typeof runSchema>;
export type Annotation = z.infer<typeof annotationSchema>;

/** A release as loaded: records that failed their schema are absent here and reported as problems. */
export interface Release {
  dir: string;
  meta: ReleaseMeta;
  tasks: Task[];
  sessions: Session[];
  configs: Config[];
  runs: Run[];
  annotations: Annotation[];
  /** The directories of the archives that runs' trajectories name (Node loader only; docs/data-format.md, "Trajectories"). */
  archives?: ReadonlyMap<string, ArchiveIndex>;
}

/** One thing wrong with a release. `rule` is a stable code listed in docs/data-format.md. */
export interface Problem {
  level: "error" | "warning";
  file: string;
  line?: number;
  record?: string;
  rule: string;
  message: string;
}
