// Which focus tasks each configuration resolves, and how the unresolved runs failed.
// Resolution is correlated across configurations (a shared task ease, a shared per-model term, so a native
// configuration and its +Router/+RCM variants agree on most tasks), and each (configuration, condition,
// group) resolves exactly the planned count: the top-N tasks by score. Switched scores are the
// uninterrupted score plus noise, so switched-resolved tasks are mostly, but not only, unint-resolved ones.
import type { FailureClass, Session, Task } from "../../lib/data/schema";
import type { ConfigPlan, Counts } from "./configs";
import type { Rng } from "./prng";
import type { Group } from "./tasks";

export type Condition = "uninterrupted" | "switched";

export interface Outcome {
  resolved: boolean;
  finalized: boolean;
  applied: boolean;
  failure_class: FailureClass | null;
  failed: string[];
  missing: string[];
  /** For runs that ended early: the last schedule position that ran (it timed out). */
  stoppedAt?: number;
}

/** A cell whose result is fixed in advance (signature examples, cells with no run line). */
export interface ForcedCell {
  configId: string;
  taskId: string;
  condition: Condition;
  resolved: boolean;
}

export const cellKey = (configId: string, taskId: string, condition: Condition) => `${configId}|${taskId}|${condition}`;

/** resolved[cellKey] for every (configuration, focus task, condition). */
export function chooseResolved(
  rng: Rng,
  plans: ConfigPlan[],
  focus: { task: Task; group: Group }[],
  forced: ForcedCell[],
): Map<string, boolean> {
  const ease = focus.map(() => rng.normal());
  const modelTerm = new Map<string, number[]>();
  const modelSwitchTerm = new Map<string, number[]>();
  for (const plan of plans) {
    if (!modelTerm.has(plan.modelKey)) {
      modelTerm.set(
        plan.modelKey,
        focus.map(() => 0.8 * rng.normal()),
      );
      modelSwitchTerm.set(
        plan.modelKey,
        focus.map(() => rng.normal()),
      );
    }
  }
  const fixed = new Map(forced.map((f) => [cellKey(f.configId, f.taskId, f.condition), f.resolved]));
  const result = new Map<string, boolean>();
  for (const plan of plans) {
    const own = focus.map(() => 0.35 * rng.normal());
    const ownSwitch = focus.map(() => rng.normal());
    const isVariant = plan.config.variant !== "native";
    const unint = focus.map((_, i) => ease[i]! + modelTerm.get(plan.modelKey)![i]! + own[i]!);
    const switched = unint.map((score, i) => {
      const shared = modelSwitchTerm.get(plan.modelKey)![i]!;
      return score + 0.9 * (isVariant ? 0.6 * shared + 0.8 * ownSwitch[i]! : shared);
    });
    const pick = (condition: Condition, scores: number[], counts: Counts) => {
      for (const group of ["near", "far"] as const) {
        const members = focus
          .map((f, i) => ({ id: f.task.task_id, i, group: f.group }))
          .filter((m) => m.group === group)
          .map((m) => {
            const f = fixed.get(cellKey(plan.config.config_id, m.id, condition));
            return { ...m, score: f === undefined ? scores[m.i]! : f ? Infinity : -Infinity };
          })
          .sort((a, b) => b.score - a.score || a.i - b.i);
        const n = counts[group];
        if (members.filter((m) => m.score === Infinity).length > n)
          throw new Error(`too many forced resolutions for ${plan.config.config_id}`);
        members.forEach((m, rank) =>
          result.set(cellKey(plan.config.config_id, m.id, condition), rank < n && m.score !== -Infinity),
        );
        if (members.slice(0, n).some((m) => m.score === -Infinity))
          throw new Error(`too many forced failures for ${plan.config.config_id}`);
      }
    };
    pick("uninterrupted", unint, plan.unint);
    pick("switched", switched, plan.switched);
  }
  return result;
}

/** How an unresolved run failed: mostly failing tests, some without an applicable patch, some cut short. */
export function failureFor(rng: Rng, task: Task, session: Session): Outcome {
  const roll = rng.next();
  const switched = session.condition === "switched";
  const incomplete = switched ? 0.12 : 0.08;
  const submission = switched ? 0.2 : 0.1;
  if (roll < incomplete) {
    const last = session.schedule.length - 1;
    return {
      resolved: false,
      finalized: false,
      applied: false,
      failure_class: "incomplete",
      failed: [],
      missing: [],
      stoppedAt: rng.int(Math.min(1, last), last),
    };
  }
  if (roll < incomplete + submission) {
    return { resolved: false, finalized: true, applied: false, failure_class: "submission", failed: [], missing: [] };
  }
  const f2p = task.tests.filter((t) => t.kind === "F2P").map((t) => t.test_id);
  const p2p = task.tests.filter((t) => t.kind === "P2P").map((t) => t.test_id);
  const failed = rng.shuffle(f2p).slice(0, rng.int(1, Math.min(3, f2p.length)));
  if (p2p.length > 0 && rng.chance(0.25))
    failed.push(...rng.shuffle(p2p).slice(0, rng.int(1, Math.min(2, p2p.length))));
  const missing: string[] = [];
  // A test that was never collected (e.g. the module no longer imports) counts as missing, not failed.
  if (failed.length > 1 && rng.chance(0.1)) missing.push(failed.pop()!);
  return {
    resolved: false,
    finalized: true,
    applied: true,
    failure_class: "implementation",
    failed: sortIds(task, failed),
    missing,
  };
}

/** Keeps test ids in manifest order so the release reads naturally. */
export function sortIds(task: Task, ids: string[]): string[] {
  const order = new Map(task.tests.map((t, i) => [t.test_id, i]));
  return [...ids].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
}

export const RESOLVED: Outcome = {
  resolved: true,
  finalized: true,
  applied: true,
  failure_class: null,
  failed: [],
  missing: [],
};
