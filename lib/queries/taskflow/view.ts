// What the Task Flow page shows for one condition and target, as pure functions of the built model: the
// three distributions as shares beside the target's, and the URL state. Components only render these.
import { DROPPED_LABELS, LENGTH_BINS, normalize, type Dist } from "../../metrics/taskflow";
import type { TaskFlowModel } from "./model";

export interface ShareRow {
  key: string;
  observed: number;
  /** null when no target is chosen. */
  target: number | null;
  note?: string;
}

export interface FlowShares {
  length: ShareRow[];
  labels: ShareRow[];
  transitions: ShareRow[];
}

/** Transitions shown: the most frequent in either distribution. */
export const TOP_TRANSITIONS = 15;

function rows(keys: readonly string[], observed: Dist, target: Dist | null): ShareRow[] {
  return keys.map((key) => ({ key, observed: observed[key] ?? 0, target: target ? (target[key] ?? 0) : null }));
}

export function flowShares(model: TaskFlowModel, condition: string, targetFile: string | null): FlowShares | null {
  const c = model.conditions.find((x) => x.condition === condition);
  if (!c) return null;
  const target = model.targets.find((t) => t.file === targetFile) ?? null;

  // Labels: shares of the retained messages, as TFAS compares them; dropped labels follow, as shares of
  // all messages, so the reader sees what was removed.
  const labelShare = normalize(c.flow.types);
  const labelKeys = [...new Set([...Object.keys(labelShare), ...Object.keys(target?.types ?? {})])].sort(
    (a, b) =>
      (labelShare[b] ?? 0) - (labelShare[a] ?? 0) ||
      (target?.types[b] ?? 0) - (target?.types[a] ?? 0) ||
      a.localeCompare(b),
  );
  const dropped = Object.keys(c.labels)
    .filter((k) => DROPPED_LABELS.includes(k))
    .sort()
    .map((key): ShareRow => ({
      key,
      observed: c.labels[key]! / c.messages,
      target: null,
      note: "dropped for TFAS; share of all messages",
    }));
  const labels = [...rows(labelKeys, labelShare, target?.types ?? null), ...dropped];

  const trans = normalize(c.flow.transitions);
  const transKeys = [...new Set([...Object.keys(trans), ...Object.keys(target?.transitions ?? {})])]
    .sort(
      (a, b) =>
        Math.max(trans[b] ?? 0, target?.transitions[b] ?? 0) - Math.max(trans[a] ?? 0, target?.transitions[a] ?? 0) ||
        a.localeCompare(b),
    )
    .slice(0, TOP_TRANSITIONS);

  return {
    length: rows(LENGTH_BINS, normalize(c.flow.length), target?.length ?? null),
    labels,
    transitions: rows(transKeys, trans, target?.transitions ?? null),
  };
}

export interface TaskFlowState {
  condition: string;
  target: string | null;
  steps: number;
}

export const DEFAULT_STEPS = 5;

export function defaultTaskFlowState(model: TaskFlowModel, baseline: string): TaskFlowState {
  const conditions = model.conditions.map((c) => c.condition);
  return {
    condition: conditions.find((c) => c !== baseline) ?? conditions[0] ?? "",
    target: model.targets[0]?.file ?? null,
    steps: DEFAULT_STEPS,
  };
}

export function parseTaskFlowState(search: string, model: TaskFlowModel, baseline: string): TaskFlowState {
  const d = defaultTaskFlowState(model, baseline);
  const p = new URLSearchParams(search);
  const condition = p.get("condition");
  const target = p.get("target");
  const steps = Number(p.get("steps"));
  return {
    condition: condition && model.conditions.some((c) => c.condition === condition) ? condition : d.condition,
    target: target && model.targets.some((t) => t.file === target) ? target : d.target,
    steps: Number.isInteger(steps) && steps >= 1 ? steps : d.steps,
  };
}

export function serializeTaskFlowState(s: TaskFlowState, model: TaskFlowModel, baseline: string): string {
  const d = defaultTaskFlowState(model, baseline);
  const p = new URLSearchParams();
  if (s.condition !== d.condition) p.set("condition", s.condition);
  if (s.target !== d.target && s.target) p.set("target", s.target);
  if (s.steps !== d.steps) p.set("steps", String(s.steps));
  const q = p.toString();
  return q ? `?${q}` : "";
}
