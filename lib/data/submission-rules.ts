// The submission rules and the submission process, as data: the one source that the checker's report
// (lib/data/submission-report.ts), the site's submit page (app/submit) and docs/submissions.md (written by
// scripts/write-submission-docs.ts, checked by submission-docs.test.ts) all render. Plain text only, with
// `code` spans; every renderer escapes it.

export const REQUEST_BUDGET_S = 900;
export const MAX_TIMEOUT_CONTINUATIONS = 3;
/** The longest a request can run: its 900 s plus three continuations of 900 s (Switch-SWE App. B.2). */
export const MAX_REQUEST_WALL_S = REQUEST_BUDGET_S * (1 + MAX_TIMEOUT_CONTINUATIONS);

export const SUBMISSION_RULE_CODES = [
  "submission.manifest",
  "submission.validator",
  "submission.sessions",
  "submission.coverage",
  "submission.repeats",
  "submission.trajectory",
  "submission.usage",
  "submission.budget",
  "submission.metadata",
  "submission.collision",
] as const;

export type SubmissionRuleCode = (typeof SUBMISSION_RULE_CODES)[number];

export interface RuleDescription {
  code: SubmissionRuleCode;
  title: string;
  /** What must hold, one or two sentences. */
  text: string;
}

export const SUBMISSION_RULES: readonly RuleDescription[] = [
  {
    code: "submission.manifest",
    title: "Manifest",
    text: "The submission folder has a `submission.json` that follows the manifest format: its version, the repeat count of every configuration, the sessions declared missing, and for Harbor jobs the configuration record.",
  },
  {
    code: "submission.validator",
    title: "Valid release",
    text: "The submission, as a release (Harbor jobs are imported first), passes the whole release validator of docs/data-format.md with no error, and the import reports no error.",
  },
  {
    code: "submission.sessions",
    title: "The published sessions",
    text: "The submission's sessions are the published release's: the same session ids, none added or left out, each with the identical focus task, condition, group, workspaces and schedule.",
  },
  {
    code: "submission.coverage",
    title: "Every session run or declared missing",
    text: "Every configuration has runs for every session, or declares the session missing in the manifest (with a reason); a missing session counts as unresolved. A session declared missing has no run.",
  },
  {
    code: "submission.repeats",
    title: "Repeats declared and complete",
    text: "The manifest declares each configuration's repeat count R, and every session that is not declared missing has exactly the repeats 0 … R−1.",
  },
  {
    code: "submission.trajectory",
    title: "A readable trajectory for every run",
    text: "Every run names a trajectory inside the submission (a file, a `.gz`, or an archive entry such as `trajectories/<name>.zip#<entry>` or an Inspect log's `<log>.eval#samples/<entry>`) in a format the site reads (ATIF, or an agent's native log: docs/agent-logs.md) in which the project's reader finds at least one step.",
  },
  {
    code: "submission.usage",
    title: "Usage for every request that ran",
    text: "A finalized run has a usage entry for every request of its schedule; a run that ended early has entries for a prefix of the schedule, request 0 at least.",
  },
  {
    code: "submission.budget",
    title: "The per-request budget (App. B.2)",
    text: `Each request has ${REQUEST_BUDGET_S} s and at most ${MAX_TIMEOUT_CONTINUATIONS} timeout continuations: no usage entry records more than ${MAX_REQUEST_WALL_S} s of wall time, and where a run records its budget under \`extra.budget\` the request timeout is ${REQUEST_BUDGET_S} s and no request has more than ${MAX_TIMEOUT_CONTINUATIONS} continuations.`,
  },
  {
    code: "submission.metadata",
    title: "Configuration metadata",
    text: "Every configuration names its model, harness and harness version, reasoning setting, submission date (`submitted_at`), and a contact (`submitted_by`) or a report link (`report_url`). A submission never sets `verified`: maintainers record it when they reproduce the result.",
  },
  {
    code: "submission.collision",
    title: "No id collision",
    text: "No configuration id or run id of the submission is already used by the published release, or can pass for one: ids equal after case folding and Unicode's confusable mapping (TS #39 skeleton: Cyrillic `о` for Latin `o`, zero-width characters, `My-Agent` for `my-agent`) collide. A display name that looks like a published one is a warning.",
  },
];

/** The submission process, in order. */
export const SUBMISSION_STEPS: readonly string[] = [
  "Run every session of the published release (or as many as you can; declare the others missing) with the benchmark's budget untouched: 900 s per request, at most three timeout continuations.",
  "Put your results in one folder: either a release folder (docs/data-format.md) holding your configuration(s), runs and trajectories, or your Harbor job folders under `jobs/`. Add `submission.json` (below).",
  "Check it yourself: `npm run submission:check -- <your folder> --release data/releases/<id>`. The command prints the report a maintainer will read and exits non-zero while any rule fails.",
  "Open a pull request that adds the folder (or links to it) and paste the report. A maintainer runs the same check.",
  "A maintainer adds the configuration with `npm run release:add -- <your folder> --into data/releases/<id>`, which refuses a submission that fails the check or collides with the release, and records when and by whom it was submitted.",
  "When a maintainer has reproduced the result, it is marked verified: `--verified-by <name> --verified-at <date>` when adding, or later `npm run release:verify -- <config id> --in data/releases/<id> --by <name> --at <date>`. The leaderboard shows the mark.",
];

/** The manifest fields, for the docs and the submit page. */
export const MANIFEST_FIELDS: readonly { field: string; type: string; meaning: string }[] = [
  { field: "submission_version", type: '`"1"`', meaning: "this manifest format" },
  { field: "configs", type: "object[]", meaning: "one entry per configuration submitted: `{ config_id, repeats, missing? }`" },
  { field: "configs[].repeats", type: "int ≥ 1", meaning: "how many times every session was run (repeat indices 0 … repeats−1)" },
  { field: "configs[].missing?", type: "object[]", meaning: "`{ session_id, reason }` for each session not run; counted unresolved" },
  { field: "harbor?", type: "object", meaning: "for Harbor job folders: `{ jobs, mapping?, config }`; `jobs` and `mapping` are paths inside the submission folder, `config` is the configuration record (configs.jsonl fields)" },
];

/** The provenance fields a configuration carries once added (configs.jsonl, v1 extension). */
export const PROVENANCE_FIELDS: readonly { field: string; type: string; meaning: string }[] = [
  { field: "submitted_at?", type: "string", meaning: "ISO date (or date-time with zone) the configuration was submitted" },
  { field: "submitted_by?", type: "string", meaning: "who submitted it: a name, team or contact address" },
  { field: "report_url?", type: "string", meaning: "http(s) link to the report or pull request" },
  { field: "verified?", type: "object", meaning: "`{ by, at }`: who reproduced the result and when (ISO date); set by maintainers only" },
];
