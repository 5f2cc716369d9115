// The submission rules (lib/data/submission-rules.ts) as pure functions of what was read: the published
// release, the submission as a release, its manifest, the validator's and importer's problems, and what
// reading each run's trajectory gave. Reading files is done by submission-load.ts; nothing here does I/O.
import type { Config, Problem, Release, Run, Session } from "./schema";
import type { SubmissionManifest } from "./submission-manifest";
import { MAX_REQUEST_WALL_S, MAX_TIMEOUT_CONTINUATIONS, REQUEST_BUDGET_S, SUBMISSION_RULES, type SubmissionRuleCode } from "./submission-rules";
import type { TrajectoryCheck } from "./submission-trajectory";
import { collapseSpace, LookAlikes } from "../common/confusable";
import { markInvisible } from "../common/unicode";
import { confusableReason } from "./validate-ids";

export interface Offence {
  /** The record: a config id, session id, run id, or `file:line`. */
  record: string;
  message: string;
}

export interface RuleResult {
  code: SubmissionRuleCode;
  title: string;
  status: "pass" | "fail" | "warn";
  /** One line shown beside the verdict (counts, what was declared). */
  summary: string;
  /** Every offending record (the report shows the first few). */
  offences: Offence[];
  /** Warning-level findings (e.g. archive entries not opened). */
  warnings: Offence[];
}

export interface SubmissionInput {
  published: Release;
  /** null when the submission could not be read as a release at all. */
  submission: Release | null;
  manifest: SubmissionManifest | null;
  /** Problems reading submission.json (rule submission.manifest). */
  manifestProblems: Problem[];
  /** The loader's, validator's and importer's problems for the submission. */
  validation: Problem[];
  /** What reading each run's trajectory gave, by run id (runs without a trajectory are absent). */
  trajectories: ReadonlyMap<string, TrajectoryCheck>;
}

export interface SubmissionReport {
  ok: boolean;
  published: string;
  configs: string[];
  runs: number;
  rules: RuleResult[];
}

function result(code: SubmissionRuleCode, offences: Offence[], summary: string, warnings: Offence[] = []): RuleResult {
  const title = SUBMISSION_RULES.find((r) => r.code === code)!.title;
  return { code, title, status: offences.length ? "fail" : warnings.length ? "warn" : "pass", summary, offences, warnings };
}

const where = (p: Problem) => `${p.file}${p.line === undefined ? "" : `:${p.line}`}${p.record === undefined ? "" : ` ${p.record}`}`;

export function checkManifest(input: SubmissionInput): RuleResult {
  const offences = input.manifestProblems.map((p) => ({ record: where(p), message: `${p.rule}: ${p.message}` }));
  if (input.manifest && input.submission) {
    const declared = new Set(input.manifest.configs.map((c) => c.config_id));
    for (const c of input.submission.configs) {
      if (!declared.has(c.config_id)) offences.push({ record: c.config_id, message: "the configuration has no entry in submission.json's configs" });
    }
    const present = new Set(input.submission.configs.map((c) => c.config_id));
    for (const c of input.manifest.configs) {
      if (!present.has(c.config_id)) offences.push({ record: c.config_id, message: "submission.json declares a configuration the submission does not have" });
    }
  }
  return result("submission.manifest", offences, input.manifest ? `${input.manifest.configs.length} configuration(s) declared` : "no usable submission.json");
}

export function checkValidator(input: SubmissionInput): RuleResult {
  const errors = input.validation.filter((p) => p.level === "error");
  const warnings = input.validation.length - errors.length;
  const offences = errors.map((p) => ({ record: where(p), message: `${p.rule}: ${p.message}` }));
  if (!input.submission) offences.unshift({ record: ".", message: "the submission cannot be read as a release" });
  return result("submission.validator", offences, `${errors.length} error(s), ${warnings} warning(s) from the release validator and the import`);
}

/** The parts of a session that must be identical to the published one, key order fixed. */
function sessionShape(s: Session): string {
  const workspaces = Object.keys(s.workspaces).sort().map((k) => [k, s.workspaces[k]]);
  const schedule = s.schedule.map((r) => [r.task_id, r.stage, r.workspace, r.intent ?? null]);
  return JSON.stringify([s.focus_task_id, s.condition, s.group, workspaces, schedule]);
}

export function checkSessions(input: SubmissionInput): RuleResult {
  const offences: Offence[] = [];
  const mine = new Map((input.submission?.sessions ?? []).map((s) => [s.session_id, s]));
  const published = new Map(input.published.sessions.map((s) => [s.session_id, s]));
  for (const [id, s] of published) {
    const m = mine.get(id);
    if (!m) offences.push({ record: id, message: "a session of the published release is not in the submission's sessions.jsonl" });
    else if (sessionShape(m) !== sessionShape(s)) offences.push({ record: id, message: `differs from the published session (${sessionDifference(m, s)})` });
  }
  for (const id of mine.keys()) {
    if (!published.has(id)) offences.push({ record: id, message: "not a session of the published release" });
  }
  return result("submission.sessions", offences, `${mine.size} session(s) compared with the published ${published.size}`);
}

function sessionDifference(a: Session, b: Session): string {
  if (a.focus_task_id !== b.focus_task_id) return `focus task ${a.focus_task_id}, published ${b.focus_task_id}`;
  if (a.condition !== b.condition) return `condition ${a.condition}, published ${b.condition}`;
  if (a.group !== b.group) return `group ${a.group}, published ${b.group}`;
  if (a.schedule.length !== b.schedule.length) return `${a.schedule.length} requests, published ${b.schedule.length}`;
  const p = a.schedule.findIndex((r, i) => JSON.stringify(r) !== JSON.stringify(b.schedule[i]));
  if (p >= 0) return `request ${p} is ${describe(a.schedule[p]!)}, published ${describe(b.schedule[p]!)}`;
  return "workspaces differ";
}

const describe = (r: Session["schedule"][number]) => `${r.task_id}:${r.stage} in ${r.workspace}`;

function runsByCell(runs: readonly Run[]): Map<string, Run[]> {
  const out = new Map<string, Run[]>();
  for (const r of runs) {
    const key = `${r.config_id}\u0000${r.session_id}`;
    out.set(key, [...(out.get(key) ?? []), r]);
  }
  return out;
}

function declaredFor(input: SubmissionInput, configId: string) {
  return input.manifest?.configs.find((c) => c.config_id === configId);
}

export function checkCoverage(input: SubmissionInput): RuleResult {
  const offences: Offence[] = [];
  const cells = runsByCell(input.submission?.runs ?? []);
  const sessionIds = new Set(input.published.sessions.map((s) => s.session_id));
  let missing = 0;
  for (const c of input.submission?.configs ?? []) {
    const declared = new Set((declaredFor(input, c.config_id)?.missing ?? []).map((m) => m.session_id));
    for (const id of declared) {
      if (!sessionIds.has(id)) offences.push({ record: `${c.config_id} ${id}`, message: "declared missing, but not a session of the published release" });
    }
    for (const s of input.published.sessions) {
      const ran = cells.get(`${c.config_id}\u0000${s.session_id}`)?.length ?? 0;
      if (declared.has(s.session_id)) {
        missing += 1;
        if (ran > 0) offences.push({ record: `${c.config_id} ${s.session_id}`, message: `declared missing, but has ${ran} run(s)` });
      } else if (ran === 0) {
        offences.push({ record: `${c.config_id} ${s.session_id}`, message: "no run, and not declared missing in submission.json" });
      }
    }
  }
  const n = input.submission?.configs.length ?? 0;
  return result("submission.coverage", offences, `${n * input.published.sessions.length - missing} of ${n * input.published.sessions.length} (configuration, session) cells run; ${missing} declared missing (counted unresolved)`);
}

export function checkRepeats(input: SubmissionInput): RuleResult {
  const offences: Offence[] = [];
  const cells = runsByCell(input.submission?.runs ?? []);
  const declaredRepeats: string[] = [];
  for (const c of input.submission?.configs ?? []) {
    const d = declaredFor(input, c.config_id);
    if (!d) {
      offences.push({ record: c.config_id, message: "no repeat count declared in submission.json" });
      continue;
    }
    declaredRepeats.push(`${c.config_id}: ${d.repeats}`);
    const missing = new Set((d.missing ?? []).map((m) => m.session_id));
    for (const s of input.published.sessions) {
      const runs = cells.get(`${c.config_id}\u0000${s.session_id}`) ?? [];
      if (missing.has(s.session_id) || runs.length === 0) continue; // the coverage rule's concern
      const have = new Set(runs.map((r) => r.repeat));
      const lacking = [...Array(d.repeats).keys()].filter((k) => !have.has(k));
      const beyond = [...have].filter((k) => k >= d.repeats).sort((a, b) => a - b);
      if (lacking.length) offences.push({ record: `${c.config_id} ${s.session_id}`, message: `repeat(s) ${lacking.join(", ")} of ${d.repeats} missing` });
      if (beyond.length) offences.push({ record: `${c.config_id} ${s.session_id}`, message: `repeat(s) ${beyond.join(", ")} beyond the declared ${d.repeats}` });
    }
  }
  return result("submission.repeats", offences, declaredRepeats.length ? `declared ${declaredRepeats.join("; ")}` : "no repeat count declared");
}

export function checkTrajectories(input: SubmissionInput): RuleResult {
  const offences: Offence[] = [];
  const warnings: Offence[] = [];
  let ok = 0;
  for (const r of input.submission?.runs ?? []) {
    if (r.trajectory === undefined) {
      offences.push({ record: r.run_id, message: "the run names no trajectory" });
      continue;
    }
    const c = input.trajectories.get(r.run_id);
    if (!c) offences.push({ record: r.run_id, message: `${r.trajectory} was not read` });
    else if (c.status === "unreadable") offences.push({ record: r.run_id, message: c.message });
    else ok += 1;
  }
  const n = input.submission?.runs.length ?? 0;
  return result("submission.trajectory", offences, `${ok} of ${n} run(s) with a readable trajectory${warnings.length ? `; ${warnings.length} archive entr(y/ies) not checked here` : ""}`, warnings);
}

export function checkUsage(input: SubmissionInput): RuleResult {
  const offences: Offence[] = [];
  const sessions = new Map(input.published.sessions.map((s) => [s.session_id, s]));
  for (const r of input.submission?.runs ?? []) {
    const session = sessions.get(r.session_id);
    if (!session) continue; // the sessions rule's concern
    const n = session.schedule.length;
    const positions = new Set(r.usage.map((u) => u.position));
    if (r.finalized) {
      const lacking = [...Array(n).keys()].filter((p) => !positions.has(p));
      if (lacking.length) offences.push({ record: r.run_id, message: `finalized, but no usage for request(s) ${span(lacking)} of ${n}` });
    } else {
      const k = positions.size;
      const prefix = [...Array(k).keys()].every((p) => positions.has(p));
      if (k === 0) offences.push({ record: r.run_id, message: "no usage at all (request 0 ran at least)" });
      else if (!prefix) offences.push({ record: r.run_id, message: `ended early; usage positions ${span([...positions].sort((a, b) => a - b))} are not the requests 0 … ${k - 1} that ran` });
    }
  }
  return result("submission.usage", offences, `${input.submission?.runs.length ?? 0} run(s) checked against their schedules`);
}

function span(list: number[]): string {
  return list.length > 8 ? `${list.slice(0, 8).join(", ")}, … (${list.length})` : list.join(", ");
}

/** `run.extra.budget = { request_timeout_s?, timeout_continuations?: [{ position, count }] }` (docs/submissions.md). */
function recordedBudget(run: Run): { timeout: unknown; continuations: unknown } | null {
  const b = run.extra?.budget;
  if (b === null || typeof b !== "object" || Array.isArray(b)) return null;
  const o = b as Record<string, unknown>;
  return { timeout: o.request_timeout_s, continuations: o.timeout_continuations };
}

export function checkBudget(input: SubmissionInput): RuleResult {
  const offences: Offence[] = [];
  let recorded = 0;
  for (const r of input.submission?.runs ?? []) {
    for (const u of r.usage) {
      if (u.wall_s > MAX_REQUEST_WALL_S) {
        offences.push({ record: r.run_id, message: `request ${u.position} ran ${u.wall_s} s, more than ${REQUEST_BUDGET_S} s plus ${MAX_TIMEOUT_CONTINUATIONS} continuations (${MAX_REQUEST_WALL_S} s)` });
      }
    }
    const b = recordedBudget(r);
    if (!b) continue;
    recorded += 1;
    if (b.timeout !== undefined && b.timeout !== REQUEST_BUDGET_S) offences.push({ record: r.run_id, message: `extra.budget.request_timeout_s is ${JSON.stringify(b.timeout)}, not ${REQUEST_BUDGET_S}` });
    if (b.continuations !== undefined) {
      const list = Array.isArray(b.continuations) ? b.continuations : null;
      if (!list) offences.push({ record: r.run_id, message: "extra.budget.timeout_continuations is not a list of { position, count }" });
      for (const c of list ?? []) {
        const count = c && typeof c === "object" ? (c as Record<string, unknown>).count : undefined;
        const position = c && typeof c === "object" ? (c as Record<string, unknown>).position : undefined;
        if (typeof count !== "number") offences.push({ record: r.run_id, message: `extra.budget.timeout_continuations entry ${JSON.stringify(c)} has no numeric count` });
        else if (count > MAX_TIMEOUT_CONTINUATIONS) offences.push({ record: r.run_id, message: `request ${String(position)} had ${count} timeout continuations, more than ${MAX_TIMEOUT_CONTINUATIONS}` });
      }
    }
  }
  return result("submission.budget", offences, `wall time of every request ≤ ${MAX_REQUEST_WALL_S} s; ${recorded} run(s) record their budget`);
}

const REQUIRED_META: (keyof Config)[] = ["model", "harness", "harness_version", "reasoning", "submitted_at"];

export function checkMetadata(input: SubmissionInput): RuleResult {
  const offences: Offence[] = [];
  for (const c of input.submission?.configs ?? []) {
    const lacking: string[] = REQUIRED_META.filter((k) => c[k] === undefined || c[k] === "");
    if (c.submitted_by === undefined && c.report_url === undefined) lacking.push("submitted_by or report_url");
    if (lacking.length) offences.push({ record: c.config_id, message: `missing ${lacking.join(", ")}` });
    if (c.verified !== undefined) offences.push({ record: c.config_id, message: "sets `verified`: only maintainers record a verification (npm run release:add --verified-by)" });
  }
  return result("submission.metadata", offences, `${input.submission?.configs.length ?? 0} configuration(s) checked`);
}

/** Published ids by what they look like (lib/common/confusable.ts): an id equal after case folding and TS #39's skeleton collides. */
function lookAlikes(ids: readonly string[]): LookAlikes<string> {
  const index = new LookAlikes<string>();
  for (const id of ids) index.add(id, id);
  return index;
}

function collision(kind: string, id: string, published: LookAlikes<string>): Offence | null {
  const taken = published.find(id);
  if (taken === undefined) return null;
  if (taken === id) return { record: id, message: `${kind} id already in the published release` };
  return { record: markInvisible(id), message: `${kind} id ${confusableReason(id, taken)}, a ${kind} id of the published release` };
}

export function checkCollision(input: SubmissionInput): RuleResult {
  const offences: Offence[] = [];
  const warnings: Offence[] = [];
  const configs = lookAlikes(input.published.configs.map((c) => c.config_id));
  const runs = lookAlikes(input.published.runs.map((r) => r.run_id));
  const names = new LookAlikes<Config>();
  for (const c of input.published.configs) names.add(collapseSpace(c.display_name), c);
  for (const c of input.submission?.configs ?? []) {
    const hit = collision("configuration", c.config_id, configs);
    if (hit) offences.push(hit);
    const alike = names.find(collapseSpace(c.display_name));
    if (alike) {
      warnings.push({ record: markInvisible(c.config_id), message: `display name "${markInvisible(c.display_name)}" looks like "${markInvisible(alike.display_name)}" of the published ${alike.config_id}; the leaderboard shows both with their config id` });
    }
  }
  for (const r of input.submission?.runs ?? []) {
    const hit = collision("run", r.run_id, runs);
    if (hit) offences.push(hit);
  }
  return result("submission.collision", offences, `${input.submission?.configs.length ?? 0} configuration id(s), ${input.submission?.runs.length ?? 0} run id(s) compared`, warnings);
}

export function checkSubmission(input: SubmissionInput): SubmissionReport {
  const rules = [
    checkManifest(input),
    checkValidator(input),
    checkSessions(input),
    checkCoverage(input),
    checkRepeats(input),
    checkTrajectories(input),
    checkUsage(input),
    checkBudget(input),
    checkMetadata(input),
    checkCollision(input),
  ];
  return {
    ok: rules.every((r) => r.status !== "fail"),
    published: input.published.meta.release_id,
    configs: (input.submission?.configs ?? []).map((c) => c.config_id),
    runs: input.submission?.runs.length ?? 0,
    rules,
  };
}
