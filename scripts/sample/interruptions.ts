// Interruption-task outcomes (docs/data-format.md, runs.jsonl `interruption_outcomes`) for the switched runs of four
// configurations, so the resumption page (docs/resumption.md) has interruption completion to set beside focus
// resolution. Invented, like every uncalibrated cell of the sample: the paper scores only the focus task.
//
// Drawn from the generator's own stream ("interruption-outcomes", forked from the root seed), one child stream per
// run and per interruption task, so adding or changing these outcomes never moves any other number of the sample.
// The model (docs/resumption.md, "The sample's interruption outcomes"):
//   logit P(resolved) = logit(base) + TASK_SPREAD·ease(task) + RUN_SPREAD·term(run) − shift·[focus run resolved]
// with ease and term standard normals: interruption tasks are small and mostly finished; a task that is easy is
// easy for every configuration, and a run that goes well goes well on all its interruptions. `base` falls as the
// configuration's switched focus resolution rises, and `shift` makes two configurations trade the focus task for the
// others within a run, so the trade-off plot has something to show. An interruption task whose last scheduled
// request never ran (the run ended early) is unresolved: its work was not finished.
import type { Run, Session } from "../../lib/data/schema";
import type { Rng } from "./prng";

interface InterruptionPlan {
  /** Completion of an average interruption task in an average run, before the focus shift. */
  base: number;
  /** Logit points taken off every interruption when the run resolved its focus task. */
  shift: number;
}

/** The configurations with scored interruption tasks (all their switched runs), and how each scores. */
export const INTERRUPTION_PLANS: Readonly<Record<string, InterruptionPlan>> = {
  "deepseek-v4.1-flash-opencode": { base: 0.93, shift: 0.9 },
  "kimi-k3-kimicode": { base: 0.9, shift: 0.6 },
  "claude-opus-5-claude-code": { base: 0.87, shift: 0 },
  "glm-5.3-opencode": { base: 0.82, shift: 0 },
};

const TASK_SPREAD = 0.7;
const RUN_SPREAD = 0.5;
const SWITCHED = "switched";

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (t: number) => 1 / (1 + Math.exp(-t));

/** The session's interruption tasks in order of first request, each with the position of its last request. */
function interruptionTasks(session: Session): { taskId: string; last: number }[] {
  const last = new Map<string, number>();
  session.schedule.forEach((r, position) => {
    if (r.task_id !== session.focus_task_id) last.set(r.task_id, position);
  });
  return [...last].map(([taskId, position]) => ({ taskId, last: position }));
}

/**
 * Sets `interruption_outcomes` on the switched runs of INTERRUPTION_PLANS' configurations. Call after every other
 * field of the runs is final: the key is appended last, so the other fields of a run line keep their order.
 */
export function addInterruptionOutcomes(
  rng: Rng,
  runs: readonly Run[],
  sessionById: ReadonlyMap<string, Session>,
): void {
  const ease = new Map<string, number>();
  const easeOf = (taskId: string) => {
    let e = ease.get(taskId);
    if (e === undefined) ease.set(taskId, (e = rng.fork(`task:${taskId}`).normal()));
    return e;
  };
  for (const run of runs) {
    const plan = INTERRUPTION_PLANS[run.config_id];
    const session = sessionById.get(run.session_id);
    if (!plan || !session || session.condition !== SWITCHED) continue;
    const own = rng.fork(`run:${run.run_id}`);
    const term = own.normal();
    const ran = new Set(run.usage.map((u) => u.position));
    const shift = run.resolved ? plan.shift : 0;
    run.interruption_outcomes = interruptionTasks(session).map(({ taskId, last }) => {
      const p = sigmoid(logit(plan.base) + TASK_SPREAD * easeOf(taskId) + RUN_SPREAD * term - shift);
      // Drawn for every task, finished or not, so a run's draws do not depend on where it stopped.
      const draw = own.next();
      return { task_id: taskId, resolved: ran.has(last) && draw < p };
    });
  }
}
