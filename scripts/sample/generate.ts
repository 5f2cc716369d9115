// generateSample(outDir): writes the whole synthetic sample release. Everything derives from SEED through
// forked generators, and files are written with a fixed key order and no clock reads, so two runs produce
// byte-identical output.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Annotation, Config, Run, Session, Task } from "../../lib/data/schema";
import { CONFIG_PLANS } from "./configs";
import { RESOLVED, cellKey, chooseResolved, failureFor, sortIds, type Condition, type Outcome } from "./outcomes";
import { Rng } from "./prng";
import { releaseMeta } from "./release-meta";
import { REPOS } from "./repos";
import { planScenarios } from "./scenarios";
import { buildSessionPair, planShapes } from "./sessions";
import { TaskPool, buildFocusTasks, type Group } from "./tasks";
import { writeTaskflowTargets } from "./taskflow-targets";
import { SUBMIT_TEXT } from "./texts";
import { makeTrajectory, type Scenario } from "./trajectory";
import { selectPlants } from "./plant-selection";
import { FORMS, type PlantForm } from "./trajectory-plants";
import { samplePatchRef } from "./patch";
import { configUsage } from "./usage";
import { pushAll } from "../../lib/common/arrays";

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

const runIdOf = (configId: string, sessionId: string) => `${configId}.${sessionId}.r0`;

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

export function planSample(): SamplePlan {
  const root = new Rng(SEED);
  const pool = new TaskPool(root.fork("issue-numbers"));
  const focusTasks = buildFocusTasks(root.fork("tasks"), pool);
  const groupOf = (t: Task): Group => pool.focus.get(t.task_id)!.group;
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

  const focusRefs = focusTasks.map((task) => ({
    task,
    group: groupOf(task),
    table7: pool.focus.get(task.task_id)!.table7,
  }));
  const plan = planScenarios(root.fork("scenarios"), focusRefs);
  const resolved = chooseResolved(root.fork("resolution"), CONFIG_PLANS, focusRefs, plan.forced);
  const missing = new Set(plan.missing.map((m) => cellKey(m.configId, m.taskId, m.condition)));
  const scenarioOf = new Map(plan.traced.map((t) => [cellKey(t.configId, t.taskId, t.condition), t.scenario]));

  const outcomeRng = root.fork("outcomes");
  const runs: Run[] = [];
  for (const { config, usage } of CONFIG_PLANS) {
    const configRuns: { run: Run; session: Session; stoppedAt?: number }[] = [];
    for (const session of sessions) {
      const condition = session.condition as Condition;
      const key = cellKey(config.config_id, session.focus_task_id, condition);
      if (missing.has(key)) continue;
      const task = pool.byId.get(session.focus_task_id)!;
      const scenario = scenarioOf.get(key);
      let outcome: Outcome;
      if (scenario === "requirement_state_loss") {
        // The earliest focus stage's F2P tests fail; every later-stage F2P test and every P2P test passes.
        const lost = task.tests.filter((t) => t.kind === "F2P" && t.stage === 1).map((t) => t.test_id);
        outcome = {
          resolved: false,
          finalized: true,
          applied: true,
          failure_class: "implementation",
          failed: sortIds(task, lost),
          missing: [],
        };
      } else if (scenario === "cross_task_interference") {
        outcome = {
          resolved: false,
          finalized: true,
          applied: false,
          failure_class: "submission",
          failed: [],
          missing: [],
        };
      } else if (resolved.get(key)) {
        outcome = RESOLVED;
      } else {
        outcome = failureFor(outcomeRng.fork(key), task, session);
      }
      configRuns.push({
        run: {
          run_id: runIdOf(config.config_id, session.session_id),
          config_id: config.config_id,
          session_id: session.session_id,
          repeat: 0,
          finalized: outcome.finalized,
          applied: outcome.applied,
          resolved: outcome.resolved,
          failure_class: outcome.failure_class,
          tests: { failed: outcome.failed, missing: outcome.missing },
          usage: [],
        },
        session,
        ...(outcome.stoppedAt !== undefined ? { stoppedAt: outcome.stoppedAt } : {}),
      });
    }
    const usageByRun = configUsage(
      configRuns.map(({ run, session, stoppedAt }) => ({
        key: run.run_id,
        session,
        ...(stoppedAt !== undefined ? { stoppedAt } : {}),
      })),
      usage,
      SEED,
    );
    for (const { run } of configRuns) run.usage = usageByRun.get(run.run_id)!;
    pushAll(
      runs,
      configRuns.map((r) => r.run),
    );
  }

  const tasksById = new Map(pool.tasks.map((t) => [t.task_id, t]));
  const configById = new Map<string, Config>(CONFIG_PLANS.map((p) => [p.config.config_id, p.config]));
  const sessionById = new Map(sessions.map((s) => [s.session_id, s]));
  // Trace signatures planted in further switched runs, and near misses, for measuring the detectors
  // (docs/detectors.md). Their ground truth is written apart from the release (groundTruth below).
  const storied = new Set(
    plan.traced.map((t) => runIdOf(t.configId, sessionOf.get(`${t.taskId}|${t.condition}`)!.session_id)),
  );
  const selection = selectPlants(
    root.fork("plants"),
    runs,
    sessionById,
    configById,
    tasksById,
    storied,
    new Set(plan.traced.map((t) => t.taskId)),
  );
  for (const t of selection.texts) tasksById.get(t.taskId)!.stages.find((s) => s.stage === t.stage)!.text = t.text;
  // Every run has a trajectory, packed one archive per configuration and condition (docs/data-format.md,
  // "Trajectories"). The planted runs keep the seeds they had when only they had trajectories, so their
  // files, and the annotations that name their steps, did not change when the other runs got theirs.
  const planted = new Map<string, { scenario: Scenario; seed: number }>();
  plan.traced.forEach((traced, i) => {
    const session = sessionOf.get(`${traced.taskId}|${traced.condition}`)!;
    planted.set(runIdOf(traced.configId, session.session_id), { scenario: traced.scenario, seed: SEED + i });
  });
  const jobs: TrajectoryJob[] = runs.map((run, k) => {
    const session = sessionById.get(run.session_id)!;
    run.trajectory = `${sampleArchiveOf(run.config_id, session.condition)}#${run.run_id}.json`;
    if (run.finalized) run.patch = samplePatchRef(sampleArchiveOf(run.config_id, session.condition), run.run_id);
    const p = planted.get(run.run_id);
    const plant = selection.plants.get(run.run_id);
    return {
      run,
      session,
      config: configById.get(run.config_id)!,
      scenario: p?.scenario ?? "normal",
      seed: p?.seed ?? SEED + 100_000 + k,
      ...(plant ? { plant } : {}),
    };
  });
  const annotations: Annotation[] = [];
  for (const traced of plan.traced) {
    if (traced.scenario === "normal") continue;
    const runId = runIdOf(traced.configId, sessionOf.get(`${traced.taskId}|${traced.condition}`)!.session_id);
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

  const missingRuns = plan.missing.map((m) => ({
    config_id: m.configId,
    session_id: sessionOf.get(`${m.taskId}|${m.condition}`)!.session_id,
    reason: "no run line: the run was lost (synthetic example of a missing cell; counted as unresolved)",
  }));
  const tasks = [...pool.tasks].sort(taskOrder);
  return {
    meta: releaseMeta(SEED, missingRuns),
    tasks,
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
