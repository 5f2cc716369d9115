// generateSample(outDir): writes the whole synthetic sample release. Everything derives from SEED through
// forked generators, and files are written with a fixed key order and no clock reads, so two runs produce
// byte-identical output.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Annotation, Config, Run, Session, Task } from "../../lib/data/schema";
import { CONFIG_PLANS } from "./configs";
import { chooseResolved } from "./outcomes";
import { planRuns, runIdOf } from "./plan-runs";
import { Rng } from "./prng";
import { releaseMeta } from "./release-meta";
import { REPOS } from "./repos";
import { planScenarios, type TracedRun } from "./scenarios";
import { buildSessionPair, planShapes } from "./sessions";
import { TaskPool, buildFocusTasks } from "./tasks";
import { writeTaskflowTargets } from "./taskflow-targets";
import { SUBMIT_TEXT } from "./texts";
import { makeTrajectory } from "./trajectory";
import { type Scenario } from "./trajectory-setup";
import { failLostStages, selectPlants } from "./plant-selection";
import { FORMS } from "./trajectory-plants";
import { type PlantForm } from "./trajectory-request";
import { samplePatchRef } from "./patch";
import { addInterruptionOutcomes } from "./interruptions";

/** Where the planted cases' ground truth is committed (not inside the release). */
export const GROUND_TRUTH = "data/ground-truth/sample/signatures.jsonl";

/** arXiv 2611.02017, the paper the release is calibrated to. */
export const SEED = 261102017;

export interface SampleSummary {
  tasks: number;
  focusTasks: number;
  sessions: number;
  runs: number;
  trajectories: number;
  annotations: number;
}

/** One archive per configuration and condition: about 200 runs, a few MB compressed (≤ 20 MB for static hosts). */
export const sampleArchiveOf = (configId: string, condition: string) => `trajectories/${configId}.${condition}.zip`;

/** What one run's trajectory is made from (makeTrajectory's input less the shared tables). */
export interface TrajectoryJob {
  run: Run;
  session: Session;
  config: Config;
  scenario: Scenario;
  seed: number;
  /** A planted trace signature or near miss (plant-selection.ts); absent on every other run. */
  plant?: PlantForm;
}

export interface SamplePlan {
  meta: ReturnType<typeof releaseMeta>;
  tasks: Task[];
  sessions: Session[];
  configs: Config[];
  runs: Run[];
  annotations: Annotation[];
  jobs: TrajectoryJob[];
  tasksById: Map<string, Task>;
  focusTasks: number;
}

function writeJsonl(path: string, records: readonly object[]): void {
  writeFileSync(path, records.map((r) => JSON.stringify(r)).join("\n") + (records.length > 0 ? "\n" : ""));
}

function taskOrder(a: Task, b: Task): number {
  const repo = (t: Task) => REPOS.findIndex((r) => r.repo === t.repo);
  const number = (t: Task) => Number(t.task_id.slice(t.task_id.lastIndexOf("-") + 1));
  return repo(a) - repo(b) || number(a) - number(b);
}

/** Two sessions per focus task (uninterrupted, switched), and each by "<focus task>|<condition>". */
function planSessions(
  root: Rng,
  pool: TaskPool,
  focusTasks: Task[],
): { sessions: Session[]; sessionOf: Map<string, Session> } {
  const shapes = planShapes(root.fork("shapes"), focusTasks);
  const uses = new Map<string, number>();
  const sessionRng = root.fork("sessions");
  const pairs = focusTasks.map((task, i) => buildSessionPair(sessionRng, pool, task, shapes[i]!, uses));
  const sessions: Session[] = pairs.flatMap((p) => [p.uninterrupted, p.switched]);
  const sessionOf = new Map(
    pairs.flatMap(
      (p) =>
        [
          [`${p.uninterrupted.focus_task_id}|uninterrupted`, p.uninterrupted],
          [`${p.switched.focus_task_id}|switched`, p.switched],
        ] as const,
    ),
  );
  return { sessions, sessionOf };
}

/** The sample's shared tables, by id. */
interface SampleIndex {
  tasksById: Map<string, Task>;
  configById: Map<string, Config>;
  sessionById: Map<string, Session>;
  sessionOf: ReadonlyMap<string, Session>;
}

const tracedRunId = (index: SampleIndex, t: { configId: string; taskId: string; condition: string }) =>
  runIdOf(t.configId, index.sessionOf.get(`${t.taskId}|${t.condition}`)!.session_id);

/**
 * Every run has a trajectory, packed one archive per configuration and condition (docs/data-format.md,
 * "Trajectories"). The planted runs keep the seeds they had when only they had trajectories, so their
 * files, and the annotations that name their steps, did not change when the other runs got theirs.
 */
function planJobs(
  runs: readonly Run[],
  traced: readonly TracedRun[],
  plants: ReadonlyMap<string, PlantForm>,
  index: SampleIndex,
): TrajectoryJob[] {
  const planted = new Map<string, { scenario: Scenario; seed: number }>();
  traced.forEach((t, i) => planted.set(tracedRunId(index, t), { scenario: t.scenario, seed: SEED + i }));
  return runs.map((run, k) => {
    const session = index.sessionById.get(run.session_id)!;
    run.trajectory = `${sampleArchiveOf(run.config_id, session.condition)}#${run.run_id}.json`;
    if (run.finalized) run.patch = samplePatchRef(sampleArchiveOf(run.config_id, session.condition), run.run_id);
    const p = planted.get(run.run_id);
    const plant = plants.get(run.run_id);
    return {
      run,
      session,
      config: index.configById.get(run.config_id)!,
      scenario: p?.scenario ?? "normal",
      seed: p?.seed ?? SEED + 100_000 + k,
      ...(plant ? { plant } : {}),
    };
  });
}

/** The traced scenarios' evidence as human annotations (the paper's examples), from their trajectories. */
function planAnnotations(
  traced: readonly TracedRun[],
  jobs: readonly TrajectoryJob[],
  tasksById: Map<string, Task>,
  index: SampleIndex,
): Annotation[] {
  const annotations: Annotation[] = [];
  for (const t of traced) {
    if (t.scenario === "normal") continue;
    const runId = tracedRunId(index, t);
    const job = jobs.find((j) => j.run.run_id === runId)!;
    const { evidence } = makeTrajectory({ ...job, tasks: tasksById, submitText: SUBMIT_TEXT });
    for (const e of evidence) {
      annotations.push({
        run_id: runId,
        signature: e.signature,
        position: e.position,
        step_ids: e.stepIds,
        note: e.note,
        author: { kind: "human", name: "sample annotator" },
      });
    }
  }
  return annotations;
}

export function planSample(): SamplePlan {
  const root = new Rng(SEED);
  const pool = new TaskPool(root.fork("issue-numbers"));
  const focusTasks = buildFocusTasks(root.fork("tasks"), pool);
  const { sessions, sessionOf } = planSessions(root, pool, focusTasks);
  const focusRefs = focusTasks.map((task) => ({
    task,
    group: pool.focus.get(task.task_id)!.group,
    table7: pool.focus.get(task.task_id)!.table7,
  }));
  const plan = planScenarios(root.fork("scenarios"), focusRefs);
  const resolved = chooseResolved(root.fork("resolution"), CONFIG_PLANS, focusRefs, plan.forced);
  const runs = planRuns(root.fork("outcomes"), pool, sessions, plan, resolved, SEED);

  const index: SampleIndex = {
    tasksById: new Map(pool.tasks.map((t) => [t.task_id, t])),
    configById: new Map<string, Config>(CONFIG_PLANS.map((p) => [p.config.config_id, p.config])),
    sessionById: new Map(sessions.map((s) => [s.session_id, s])),
    sessionOf,
  };
  const { tasksById } = index;
  // Trace signatures planted in further switched runs, and near misses, for measuring the detectors
  // (docs/detectors.md). Their ground truth is written apart from the release (groundTruth below).
  const selection = selectPlants(
    root.fork("plants"),
    runs,
    index.sessionById,
    index.configById,
    tasksById,
    new Set(plan.traced.map((t) => tracedRunId(index, t))),
    new Set(plan.traced.map((t) => t.taskId)),
  );
  for (const t of selection.texts) tasksById.get(t.taskId)!.stages.find((s) => s.stage === t.stage)!.text = t.text;
  failLostStages(selection.plants, runs, index.sessionById, index.configById, tasksById);
  const jobs = planJobs(runs, plan.traced, selection.plants, index);
  const annotations = planAnnotations(plan.traced, jobs, tasksById, index);
  // Last, from a stream of their own: every other field of the sample stays as it was without them.
  addInterruptionOutcomes(root.fork("interruption-outcomes"), runs, index.sessionById);

  const missingRuns = plan.missing.map((m) => ({
    config_id: m.configId,
    session_id: sessionOf.get(`${m.taskId}|${m.condition}`)!.session_id,
    reason: "no run line: the run was lost (synthetic example of a missing cell; counted as unresolved)",
  }));
  return {
    meta: releaseMeta(SEED, missingRuns),
    tasks: [...pool.tasks].sort(taskOrder),
    sessions,
    configs: CONFIG_PLANS.map((p) => p.config),
    runs,
    annotations,
    jobs,
    tasksById,
    focusTasks: focusTasks.length,
  };
}

/** Writes the release's files (everything but the trajectories, which writeSampleTrajectories packs). */
export function generateSample(outDir: string, plan: SamplePlan = planSample()): SampleSummary {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, "release.json"), JSON.stringify(plan.meta, null, 2) + "\n");
  writeJsonl(join(outDir, "tasks.jsonl"), plan.tasks);
  writeJsonl(join(outDir, "sessions.jsonl"), plan.sessions);
  writeJsonl(join(outDir, "configs.jsonl"), plan.configs);
  writeJsonl(join(outDir, "runs.jsonl"), plan.runs);
  writeJsonl(join(outDir, "annotations.jsonl"), plan.annotations);
  writeTaskflowTargets(outDir);
  return {
    tasks: plan.tasks.length,
    focusTasks: plan.focusTasks,
    sessions: plan.sessions.length,
    runs: plan.runs.length,
    trajectories: plan.jobs.length,
    annotations: plan.annotations.length,
  };
}

/** One planted case (or near miss) of the sample, as data/ground-truth/sample/signatures.jsonl records it. */
export interface GroundTruthRecord {
  run_id: string;
  signature: "requirement_state_loss" | "cross_task_interference";
  form: string;
  /** false: a near miss that must not be tagged. */
  planted: boolean;
  tool_style: string;
  position: number;
  /** Step n's (1-based, the viewer's ?step=) a correct tag must point at; empty for a near miss. */
  evidence_steps: number[];
  /** Steps of the near miss, or the planted case's context (the earlier stage's edit). */
  context_steps: number[];
  what: string;
}

/**
 * The ground truth of every planted case: from the writer's own account of the steps it planted, never
 * from a detector. The six annotated runs are the paper's examples; the others come from plant-selection.ts.
 */
export function groundTruth(plan: SamplePlan): GroundTruthRecord[] {
  const out: GroundTruthRecord[] = [];
  for (const job of plan.jobs) {
    if (!job.plant && job.scenario === "normal") continue;
    const { truth } = makeTrajectory({ ...job, tasks: plan.tasksById, submitText: SUBMIT_TEXT });
    if (!truth) throw new Error(`run ${job.run.run_id}: a planted run without ground truth`);
    const style = /claude/i.test(job.config.harness)
      ? "claude-code"
      : /codex/i.test(job.config.harness)
        ? "codex"
        : "plain";
    out.push({
      run_id: job.run.run_id,
      signature: truth.signature,
      form: truth.form,
      planted: truth.planted,
      tool_style: style,
      position: truth.position,
      evidence_steps: truth.evidenceSteps,
      context_steps: truth.contextSteps,
      what: FORMS[truth.form].what,
    });
  }
  return out.sort((a, b) => (a.run_id < b.run_id ? -1 : a.run_id > b.run_id ? 1 : 0));
}

/** Writes the ground truth (JSON lines) to `path`: outside the release, so neither the detectors nor the build read it. */
export function writeGroundTruth(path: string, plan: SamplePlan): number {
  const records = groundTruth(plan);
  mkdirSync(dirname(path), { recursive: true });
  writeJsonl(path, records);
  return records.length;
}
