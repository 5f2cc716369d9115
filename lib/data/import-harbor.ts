// Harbor job output → a release (docs/data-format.md, "Importing Harbor jobs"): the session specifications
// come from an existing release (--specs), the runs of ONE configuration from the trials, matched to
// sessions by the naming rule or the mapping file. The written release is loaded and validated like any other.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { scanTree } from "../common/inside-root-node";
import { isRequestStep } from "../trajectory/segment";
import { copyTrialPatch } from "./import-harbor-patch";
import { loadRelease } from "./load-release";
import { assignRepeats, mappingSchema, SessionMatcher, type HarborMapping } from "./import-harbor-match";
import { trialOutcome, type Outcome } from "./import-harbor-outcome";
import { scanJobs, type StepFacts, type TrialFacts } from "./import-harbor-read";
import {
  copyTrajectory,
  mergeStepTrajectories,
  readTrajectoryFiles,
  writeMergedTrajectory,
  type ReadTrajectory,
  type StepTrajectory,
} from "./import-harbor-trajectory";
import { usageFromSteps, usageFromTotals, usageOfWhole } from "./import-harbor-usage";
import { writeRelease } from "./import-harbor-write";
import type { Config, Problem, Release, RequestUsage, Run, Session, Task } from "./schema";
import { isError, validateRelease } from "./validate";
import { schemaProblems } from "./validate-schema-issues";
import { pushAll } from "../common/arrays";

export interface ImportOptions {
  /** A Harbor job folder, a folder of job folders, or one trial folder. */
  jobs: string;
  /** The release whose tasks and sessions the trials ran. */
  specs: string;
  configId: string;
  /** The release folder to write (created; files of the same name are replaced). */
  out: string;
  /** JSON mapping file (trial or task name → session, exception type → stage). */
  mapping?: string;
  releaseId?: string;
  /** Overrides of the configuration record when the specs do not already have `configId`. */
  config?: Partial<Pick<Config, "model" | "harness" | "harness_version" | "reasoning" | "variant" | "display_name">>;
}

export interface ImportResult {
  /** Problems of the import itself (unmatched trials, unreadable files, disagreements), rule `harbor.*`. */
  problems: Problem[];
  /** Problems of the written release, from the project's validator. */
  validation: Problem[];
  runs: Run[];
  config: Config;
  release: Release | null;
  trials: number;
}

const HARBOR = "harbor";

export async function importHarbor(opts: ImportOptions): Promise<ImportResult> {
  const problems: Problem[] = [];
  const specs = await loadRelease(opts.specs);
  if (!specs.release) {
    const why = specs.problems.filter(isError).map((p) => `${p.file}: ${p.message}`).join("; ");
    throw new Error(`the specifications in ${opts.specs} cannot be read: ${why}`);
  }
  refuseLinks(opts.jobs);
  const mapping = readMapping(opts.mapping, problems);
  const scan = scanJobs(opts.jobs);
  for (const n of scan.notes) problems.push(warning(n.where, "harbor.read", n.message));
  for (const j of scan.jobs) {
    const found = scan.trials.filter((t) => t.dir.startsWith(`${j.dir}/`)).length;
    if (j.trials !== null && j.trials !== found) {
      problems.push(warning(j.where, "harbor.job_count", `the job's result.json counts ${j.trials} trial(s); ${found} trial folder(s) were found`));
    }
  }
  if (scan.trials.length === 0) problems.push(error(".", "harbor.no_trials", `no Harbor trial (a folder whose result.json names a trial) under ${opts.jobs}`));

  const sessions = new Map(specs.release.sessions.map((s) => [s.session_id, s]));
  const tasks = new Map(specs.release.tasks.map((t) => [t.task_id, t]));
  const matcher = new SessionMatcher(specs.release.sessions, mapping);
  const matched: { trial: TrialFacts; session: Session; pinned: number | null }[] = [];
  for (const trial of scan.trials) {
    const m = matcher.match(trial.trialName, trial.taskName);
    if ("error" in m) {
      problems.push({ level: "warning", file: trial.where, record: trial.trialName, rule: "harbor.unmatched", message: `${m.error}; the trial is not imported` });
      continue;
    }
    matched.push({ trial, session: sessions.get(m.sessionId)!, pinned: m.repeat });
  }
  if (scan.trials.length > 0 && matched.length === 0) {
    const first = problems.find((p) => p.rule === "harbor.unmatched");
    problems.push(
      error(
        ".",
        "harbor.no_match",
        `none of the ${scan.trials.length} trial(s) under ${opts.jobs} matches a session of ${opts.specs}` +
          (first ? ` (first: ${first.record ?? first.file}: ${first.message.replace(/; the trial is not imported$/, "")})` : "") +
          "; nothing is imported. Check --specs, or map trials to sessions with --mapping (docs/data-format.md, \"Importing Harbor jobs\")",
      ),
    );
  }
  const { repeats, clashes } = assignRepeats(
    matched.map((m) => ({ key: m.trial.where, sessionId: m.session.session_id, pinned: m.pinned, startedAt: m.trial.startedAt })),
  );
  for (const c of clashes) problems.push(error(c, "harbor.repeat", "the mapping file gives this trial a repeat index another trial of the session already has; the trial is not imported"));

  const config = configRecord(opts, specs.release.configs, matched.map((m) => m.trial), problems);
  const releaseId = opts.releaseId ?? releaseIdFrom(opts.out);
  const runs: Run[] = [];
  const pending: { run: Run; trial: TrialFacts; write: (out: string) => string | null }[] = [];
  for (const m of matched) {
    const repeat = repeats.get(m.trial.where);
    if (repeat === undefined) continue;
    const focus = tasks.get(m.session.focus_task_id);
    const built = await buildRun(m.trial, m.session, focus, repeat, config.config_id, mapping, problems);
    runs.push(built.run);
    pending.push({ ...built, trial: m.trial });
  }
  runs.sort((a, b) => a.run_id.localeCompare(b.run_id));

  const meta = {
    ...specs.release.meta,
    release_id: releaseId,
    title: `${config.display_name} on ${specs.release.meta.title} (imported from Harbor)`,
    provenance:
      `Runs of ${config.display_name} imported from Harbor job output by scripts/import-harbor.ts (${runs.length} trial(s)); ` +
      `tasks and session specifications from release "${specs.release.meta.release_id}". ` +
      (specs.release.meta.synthetic ? "Those specifications are synthetic, hence the synthetic label. " : ""),
    calibration: undefined,
    cost_source: runs.some((r) => r.usage.some((u) => u.cost_usd !== undefined)) ? "cost_usd as Harbor recorded it (ATIF per-step cost_usd or agent_result.cost_usd); no price list applied" : undefined,
    extra: { imported_from: HARBOR, specs_release: specs.release.meta.release_id, config_id: config.config_id },
  };
  const release: Release = {
    dir: opts.out, meta, tasks: specs.release.tasks, sessions: specs.release.sessions, configs: [config], runs, annotations: [],
  };
  writeRelease(release, (out) => {
    for (const p of pending) {
      const path = p.write(out);
      if (path !== null) p.run.trajectory = path;
      const patch = copyTrialPatch(p.trial, out, p.run.run_id);
      if (patch !== null) p.run.patch = patch;
    }
  });
  const written = await loadRelease(opts.out);
  const validation = written.release ? [...written.problems, ...validateRelease(written.release)] : written.problems;
  return { problems, validation, runs, config, release: written.release, trials: scan.trials.length };
}

async function buildRun(
  trial: TrialFacts,
  session: Session,
  focus: Task | undefined,
  repeat: number,
  configId: string,
  mapping: HarborMapping,
  problems: Problem[],
): Promise<{ run: Run; write: (out: string) => string | null }> {
  const runId = `${configId}.${session.session_id}.r${repeat}`.replace(/[^A-Za-z0-9._-]+/g, "-");
  const steps = trial.steps;
  const last = steps?.[steps.length - 1] ?? null;
  const outcome = trialOutcome({
    focusTests: focus?.tests ?? [],
    scheduleLength: session.schedule.length,
    exception: last?.exception ?? trial.exception,
    verifier: last && (last.verifier.rewards || last.verifier.ctrf) ? last.verifier : trial.verifier,
    stepsRun: steps ? Math.min(steps.length, session.schedule.length) : null,
    exceptionStages: mapping.exceptions,
  });
  for (const w of outcome.warnings) problems.push(warning(trial.where, "harbor.reward_tests", w, trial.trialName));
  if (steps && steps.length > session.schedule.length) {
    problems.push(warning(trial.where, "harbor.steps", `${steps.length} step results for a schedule of ${session.schedule.length} requests; the extra steps are left out`, trial.trialName));
  }
  const usage = await usageOf(trial, session, outcome, runId, problems);
  const run: Run = {
    run_id: runId,
    config_id: configId,
    session_id: session.session_id,
    repeat,
    finalized: outcome.finalized,
    applied: outcome.applied,
    resolved: outcome.resolved,
    failure_class: outcome.failure_class,
    tests: outcome.tests,
    usage: usage.lines,
    extra: {
      harbor: {
        trial: trial.trialName,
        folder: trial.where,
        ...(trial.jobId ? { job_id: trial.jobId } : {}),
        task_name: trial.taskName,
        reward: outcome.reward,
        exception: (last?.exception ?? trial.exception)?.type ?? null,
        tests_from: outcome.testsFrom,
        ...(outcome.ctrfUnmatched ? { ctrf_tests_not_in_task: outcome.ctrfUnmatched } : {}),
        usage_from: usage.from,
        ...(trial.agent?.cost !== null && trial.agent?.cost !== undefined ? { cost_usd: trial.agent.cost } : {}),
        notes: [...outcome.notes, ...usage.notes, ...trial.notes],
      },
    },
  };
  return { run, write: usage.write };
}

interface UsageResult {
  lines: RequestUsage[];
  from: "atif" | "atif_per_step" | "step_results" | "agent_result" | "none";
  notes: string[];
  write: (out: string) => string | null;
}

async function usageOf(trial: TrialFacts, session: Session, outcome: Outcome, runId: string, problems: Problem[]): Promise<UsageResult> {
  const n = session.schedule.length;
  const notes: string[] = [];
  const none = () => null;
  const steps = trial.steps?.slice(0, n) ?? null;

  if (steps && steps.some((s) => s.trajectory !== null)) return perStepTrajectories(trial, steps, runId, problems);
  if (trial.trajectory) {
    const read = await tryRead(trial.trajectory, trial, problems);
    if (read) {
      const seg = usageFromSteps(read.trajectory.steps);
      const write = (out: string) => copyTrajectory(dirname(trial.trajectory!), read, out, runId);
      if (seg.userSteps > 0) {
        let lines = seg.lines;
        if (seg.preambleSteps > 0) notes.push(`${seg.preambleSteps} step(s) before the first user step are counted in request 0`);
        if (lines.length > n) {
          problems.push(warning(trial.where, "harbor.user_steps", `the trajectory has ${lines.length} user steps for a schedule of ${n} requests; the usage of the extra ones is added to request ${n - 1}`, trial.trialName));
          const lastLine = lines[n - 1]!;
          for (const extra of lines.slice(n)) {
            lastLine.tokens += extra.tokens;
            lastLine.cached_tokens += extra.cached_tokens;
            lastLine.model_calls += extra.model_calls;
            lastLine.tool_calls += extra.tool_calls;
            lastLine.wall_s = Math.round((lastLine.wall_s + extra.wall_s) * 1000) / 1000;
            if (extra.cost_usd !== undefined) lastLine.cost_usd = (lastLine.cost_usd ?? 0) + extra.cost_usd;
          }
          lines = lines.slice(0, n);
        }
        if (lines.length < n && outcome.finalized) notes.push(`${lines.length} of ${n} requests have a user step in the trajectory`);
        return { lines, from: "atif", notes, write };
      }
      notes.push("the trajectory has no user step; usage comes from Harbor's totals");
      return { ...totalsUsage(trial, n, outcome, notes), write };
    }
  }
  if (steps && steps.some((s) => s.agent !== null)) {
    const lines = steps.flatMap((s, position) => {
      const line = s.agent ? usageFromTotals(s.agent, position, s.agentSeconds) : null;
      return line ? [line] : [];
    });
    notes.push("per-request usage from step_results[].agent_result: Harbor records no call counts, so model_calls and tool_calls are 0");
    return { lines, from: "step_results", notes, write: none };
  }
  return { ...totalsUsage(trial, n, outcome, notes), write: none };
}

function totalsUsage(trial: TrialFacts, n: number, outcome: Outcome, notes: string[]): Omit<UsageResult, "write"> {
  const position = outcome.finalized ? n - 1 : 0;
  const line = trial.agent ? usageFromTotals(trial.agent, position, trial.agentSeconds) : null;
  if (!line) {
    notes.push("no usage: no trajectory and no agent_result token counts");
    return { lines: [], from: "none", notes };
  }
  notes.push(
    `usage is Harbor's agent_result total for the whole run, put on request ${position} (${outcome.finalized ? "the finalization, the last request that ran" : "the only request known to have started"}); model_calls and tool_calls are unknown (0)`,
  );
  return { lines: [line], from: "agent_result", notes };
}

async function perStepTrajectories(trial: TrialFacts, steps: StepFacts[], runId: string, problems: Problem[]): Promise<UsageResult> {
  const notes: string[] = [];
  const parts: StepTrajectory[] = [];
  const lines: RequestUsage[] = [];
  for (const [position, s] of steps.entries()) {
    const read = s.trajectory ? await tryRead(s.trajectory, trial, problems) : null;
    if (read) {
      parts.push({ position, name: s.name, instruction: s.instruction, read });
      lines.push(usageOfWhole(read.trajectory.steps, position));
      if (read.trajectory.steps.filter(isRequestStep).length > 1) notes.push(`step ${s.name ?? position + 1}: its trajectory has several user steps; all of it counts as request ${position}`);
    } else if (s.agent) {
      const line = usageFromTotals(s.agent, position, s.agentSeconds);
      if (line) lines.push(line);
      notes.push(`step ${s.name ?? position + 1}: no trajectory; usage from its agent_result (no call counts)`);
    }
  }
  const write = (out: string) => {
    if (parts.length === 0) return null;
    const doc = mergeStepTrajectories(parts, `Merged by scripts/import-harbor.ts from the per-step trajectories of Harbor trial ${trial.trialName}.`);
    return writeMergedTrajectory(doc, out, runId);
  };
  return { lines, from: "atif_per_step", notes, write };
}

async function tryRead(path: string, trial: TrialFacts, problems: Problem[]): Promise<ReadTrajectory | null> {
  try {
    return await readTrajectoryFiles(dirname(path), path.slice(dirname(path).length + 1));
  } catch (err) {
    problems.push(warning(trial.where, "harbor.trajectory", `${path.slice(trial.dir.length + 1)} cannot be read (${err instanceof Error ? err.message : String(err)}); usage falls back to Harbor's totals`, trial.trialName));
    return null;
  }
}

/** Harbor jobs may come with a submission from anyone: a link anywhere in them stops the import before any read. */
function refuseLinks(jobs: string): void {
  if (!existsSync(jobs) || !statSync(jobs).isDirectory()) return;
  const refused = scanTree(jobs).refused;
  if (refused.length === 0) return;
  const listed = refused.slice(0, 5).map((r) => `${r.path} (${r.rule})`).join(", ");
  throw new Error(`${jobs} holds ${refused.length} symbolic link(s) or special file(s), refused before anything is read: ${listed}${refused.length > 5 ? ", …" : ""}`);
}

function readMapping(path: string | undefined, problems: Problem[]): HarborMapping {
  if (path === undefined) return {};
  if (!existsSync(path)) throw new Error(`mapping file ${path} does not exist`);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, "utf8"));
  } catch (err) {
    throw new Error(`mapping file ${path} is not JSON: ${err instanceof Error ? err.message : String(err)}`, {
      cause: err,
    });
  }
  const parsed = mappingSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  pushAll(problems, schemaProblems(parsed.error.issues, value, { file: path }));
  throw new Error(`mapping file ${path} does not follow the mapping format (docs/data-format.md, "Importing Harbor jobs")`);
}

/** The configuration: the specs' record when it has `configId`, otherwise built from what Harbor recorded. */
function configRecord(opts: ImportOptions, known: readonly Config[], trials: readonly TrialFacts[], problems: Problem[]): Config {
  const own = known.find((c) => c.config_id === opts.configId);
  if (own) return { ...own, ...stripUndefined(opts.config ?? {}) };
  const agents = [...new Set(trials.map((t) => `${t.agentName ?? "?"} ${t.agentVersion ?? "?"} ${t.modelName ?? "?"}`))];
  if (agents.length > 1) problems.push(warning(".", "harbor.config", `the trials ran ${agents.length} different agent/model combinations (${agents.join("; ")}); all are imported as ${opts.configId}`));
  const first = trials[0];
  const model = opts.config?.model ?? first?.modelName ?? "unknown model";
  const harness = opts.config?.harness ?? first?.agentName ?? "unknown harness";
  const version = opts.config?.harness_version ?? (first?.agentVersion && first.agentVersion !== "unknown" ? first.agentVersion : undefined);
  const config: Config = {
    config_id: opts.configId,
    model,
    harness,
    variant: opts.config?.variant ?? "native",
    display_name: opts.config?.display_name ?? `${model} / ${harness}`,
  };
  if (version) config.harness_version = version;
  if (opts.config?.reasoning) config.reasoning = opts.config.reasoning;
  return config;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A release id from the output folder's name: lowercase, `[a-z0-9-]+`. */
export function releaseIdFrom(out: string): string {
  const base = out.replace(/[\\/]+$/, "").split(/[\\/]/).pop() ?? "";
  return base.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "") || "imported";
}

function warning(file: string, rule: string, message: string, record?: string): Problem {
  return { level: "warning", file, rule, message, ...(record ? { record } : {}) };
}

function error(file: string, rule: string, message: string): Problem {
  return { level: "error", file, rule, message };
}

