// The sample's run lines: one per configuration and session, less the cells the scenario plan leaves
// missing, each with its outcome (a traced scenario's, a resolution's, or a drawn failure) and its usage.
import type { Run, Session, Task } from "../../lib/data/schema";
import { pushAll } from "../../lib/common/arrays";
import { CONFIG_PLANS, type ConfigPlan } from "./configs";
import { RESOLVED, cellKey, failureFor, sortIds, type Condition, type Outcome } from "./outcomes";
import type { Rng } from "./prng";
import type { ScenarioPlan } from "./scenarios";
import type { TaskPool } from "./tasks";
import { type Scenario } from "./trajectory-setup";
import { configUsage } from "./usage";

export const runIdOf = (configId: string, sessionId: string) => `${configId}.${sessionId}.r0`;

/** What each cell's outcome and usage are drawn from. */
interface RunSources {
  outcomeRng: Rng;
  /** The sample's seed, which every configuration's usage draws from. */
  seed: number;
  pool: TaskPool;
  /** Cells with no run line at all. */
  missing: ReadonlySet<string>;
  scenarioOf: ReadonlyMap<string, Scenario>;
  resolved: ReadonlyMap<string, boolean>;
}

/** A traced scenario's outcome is fixed by the scenario; other cells are resolved or draw a failure. */
function outcomeOf(sources: RunSources, key: string, task: Task, session: Session): Outcome {
  const scenario = sources.scenarioOf.get(key);
  if (scenario === "requirement_state_loss") {
    // The earliest focus stage's F2P tests fail; every later-stage F2P test and every P2P test passes.
    const lost = task.tests.filter((t) => t.kind === "F2P" && t.stage === 1).map((t) => t.test_id);
    return {
      resolved: false,
      finalized: true,
      applied: true,
      failure_class: "implementation",
      failed: sortIds(task, lost),
      missing: [],
    };
  }
  if (scenario === "cross_task_interference") {
    return {
      resolved: false,
      finalized: true,
      applied: false,
      failure_class: "submission",
      failed: [],
      missing: [],
    };
  }
  if (sources.resolved.get(key)) return RESOLVED;
  return failureFor(sources.outcomeRng.fork(key), task, session);
}

/** One configuration's runs, in session order, their usage drawn together (usage.ts). */
function configRuns(sources: RunSources, plan: ConfigPlan, sessions: readonly Session[]): Run[] {
  const { config, usage } = plan;
  const planned: { run: Run; session: Session; stoppedAt?: number }[] = [];
  for (const session of sessions) {
    const condition = session.condition as Condition;
    const key = cellKey(config.config_id, session.focus_task_id, condition);
    if (sources.missing.has(key)) continue;
    const task = sources.pool.byId.get(session.focus_task_id)!;
    const outcome = outcomeOf(sources, key, task, session);
    planned.push({
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
    planned.map(({ run, session, stoppedAt }) => ({
      key: run.run_id,
      session,
      ...(stoppedAt !== undefined ? { stoppedAt } : {}),
    })),
    usage,
    sources.seed,
  );
  for (const { run } of planned) run.usage = usageByRun.get(run.run_id)!;
  return planned.map((r) => r.run);
}

/** Every configuration's runs, configuration by configuration. */
export function planRuns(
  outcomeRng: Rng,
  pool: TaskPool,
  sessions: readonly Session[],
  plan: ScenarioPlan,
  resolved: ReadonlyMap<string, boolean>,
  seed: number,
): Run[] {
  const sources: RunSources = {
    outcomeRng,
    seed,
    pool,
    missing: new Set(plan.missing.map((m) => cellKey(m.configId, m.taskId, m.condition))),
    scenarioOf: new Map(plan.traced.map((t) => [cellKey(t.configId, t.taskId, t.condition), t.scenario])),
    resolved,
  };
  const runs: Run[] = [];
  for (const config of CONFIG_PLANS) pushAll(runs, configRuns(sources, config, sessions));
  return runs;
}
