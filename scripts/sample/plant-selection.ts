// Which switched runs of the sample carry a planted trace signature or near miss (trajectory-plants.ts),
// and the stage texts the text-changing near misses rewrite. Only trajectories change: a planted run keeps
// its run line (outcome, usage), so it is chosen among runs whose outcome fits the form (a planted loss
// among runs that failed their tests, a several-checkout submission among runs with no applicable patch),
// across the three tool-call styles (Claude Code, Codex, plain). Deterministic in the seed.
import type { Config, RequestUsage, Run, Session, Task } from "../../lib/data/schema";
import type { Rng } from "./prng";
import { toolFamily, type ToolFamily } from "./trajectory-request";
import { FORMS, plantAnchors, plantStageText } from "./trajectory-plants";
import { type PlantForm } from "./trajectory-request";

/** Runs per form. With the six annotated runs (three of each paper example) this gives a few dozen per signature. */
export const PLANT_COUNTS: Record<PlantForm, number> = {
  "rsl-e2-restructure": 3,
  "rsl-overwrite": 6,
  "rsl-substitute": 6,
  "rsl-sed": 6,
  "rsl-heredoc": 6,
  "rsl-git-checkout": 6,
  "rsl-cp-restore": 6,
  "cti-e3-loop": 3,
  "cti-sibling-tests": 6,
  "cti-foreign-identifier": 6,
  "cti-sibling-copy": 6,
  "cti-multi-checkout-submission": 6,
  "nm-rsl-refactor": 6,
  "nm-rsl-restored": 6,
  "nm-rsl-requested-replace": 6,
  "nm-cti-requested-compare": 6,
};

const FAMILIES: ToolFamily[] = ["claude", "codex", "plain"];

export interface PlantSelection {
  plants: Map<string, PlantForm>;
  /** Stage texts rewritten by the text-changing near misses. */
  texts: { taskId: string; stage: number; text: string }[];
}

function usageMap(run: Run): { usageAt: Map<number, RequestUsage>; lastPos: number } {
  const usageAt = new Map(run.usage.map((u) => [u.position, u]));
  return { usageAt, lastPos: run.usage.reduce((m, u) => Math.max(m, u.position), -1) };
}

/**
 * `reserved`: runs that already carry a story (the annotated examples and their pairs); `reservedTasks`:
 * their focus tasks, whose texts must not change.
 */
export function selectPlants(
  rng: Rng,
  runs: readonly Run[],
  sessions: ReadonlyMap<string, Session>,
  configs: ReadonlyMap<string, Config>,
  tasks: ReadonlyMap<string, Task>,
  reserved: ReadonlySet<string>,
  reservedTasks: ReadonlySet<string>,
): PlantSelection {
  const candidates = rng.shuffle(
    runs.filter((r) => sessions.get(r.session_id)?.condition === "switched" && !reserved.has(r.run_id)),
  );
  const plants = new Map<string, PlantForm>();
  const texts: PlantSelection["texts"] = [];
  const textTasks = new Set<string>(); // focus tasks whose stage text a near miss rewrote: no other plant there
  const plantedTasks = new Set<string>();
  // A rewritten stage text would also show in every session that interrupts with the task, where it makes no
  // sense (and would change the annotated runs' files): text forms take tasks that interrupt no session.
  const interrupting = new Set<string>();
  for (const s of sessions.values())
    for (const r of s.schedule) if (r.task_id !== s.focus_task_id) interrupting.add(r.task_id);
  // Text-changing forms first, so their tasks can be kept apart from every other plant.
  const order = (Object.keys(PLANT_COUNTS) as PlantForm[]).sort(
    (a, b) => Number(FORMS[b].text) - Number(FORMS[a].text),
  );
  for (const form of order) {
    const spec = FORMS[form];
    for (let k = 0; k < PLANT_COUNTS[form]; k++) {
      const family = FAMILIES[k % FAMILIES.length]!;
      const pick = candidates.find((run) => {
        if (plants.has(run.run_id)) return false;
        const config = configs.get(run.config_id)!;
        if (toolFamily(config.harness) !== family) return false;
        const session = sessions.get(run.session_id)!;
        const task = session.focus_task_id;
        if (textTasks.has(task) || reservedTasks.has(task)) return false;
        if (spec.text && (plantedTasks.has(task) || interrupting.has(task))) return false;
        if (spec.failure === "implementation" && run.failure_class !== "implementation") return false;
        if (spec.failure === "submission" && !(run.failure_class === "submission" && run.finalized && !run.applied))
          return false;
        const { usageAt, lastPos } = usageMap(run);
        return plantAnchors(form, session, usageAt, lastPos, tasks, family) !== null;
      });
      if (!pick) throw new Error(`no switched run fits ${form} for the ${family} tool style`);
      plants.set(pick.run_id, form);
      const session = sessions.get(pick.session_id)!;
      plantedTasks.add(session.focus_task_id);
      if (spec.text) {
        textTasks.add(session.focus_task_id);
        const { usageAt, lastPos } = usageMap(pick);
        const anchors = plantAnchors(form, session, usageAt, lastPos, tasks, family)!;
        const position = anchors.later ?? anchors.at!;
        const stage = session.schedule[position]!.stage as number;
        const original = tasks.get(session.focus_task_id)!.stages.find((s) => s.stage === stage)!.text;
        texts.push({ taskId: session.focus_task_id, stage, text: plantStageText(form, original, anchors) });
      }
    }
  }
  return { plants, texts };
}

/**
 * A planted loss is a requirement the run no longer meets, so the verifier fails the lost stage: the run's
 * failing F2P tests include one of that stage's (the first failing F2P test of another stage gives way to it).
 * The detectors judge a stage on the verdict too (docs/detectors.md), as a reader of a real run would.
 */
export function failLostStages(
  plants: ReadonlyMap<string, PlantForm>,
  runs: readonly Run[],
  sessions: ReadonlyMap<string, Session>,
  configs: ReadonlyMap<string, Config>,
  tasks: ReadonlyMap<string, Task>,
): void {
  for (const run of runs) {
    const form = plants.get(run.run_id);
    if (!form || !FORMS[form].planted || FORMS[form].signature !== "requirement_state_loss") continue;
    const session = sessions.get(run.session_id)!;
    const task = tasks.get(session.focus_task_id)!;
    const { usageAt, lastPos } = usageMap(run);
    const family = toolFamily(configs.get(run.config_id)!.harness);
    const stage = plantAnchors(form, session, usageAt, lastPos, tasks, family)?.earlierStage;
    const own = task.tests.filter((t) => t.kind === "F2P" && t.stage === stage).map((t) => t.test_id);
    if (own.length === 0 || own.some((id) => run.tests.failed.includes(id))) continue;
    const f2p = new Set(task.tests.filter((t) => t.kind === "F2P").map((t) => t.test_id));
    const gives = run.tests.failed.findIndex((id) => f2p.has(id));
    const failed = run.tests.failed.filter((_, i) => i !== gives);
    const order = new Map(task.tests.map((t, i) => [t.test_id, i]));
    run.tests.failed = [...failed, own[0]!].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
  }
}
