// Task Flow of each condition's sessions (seed 002): the labels come from one SQL query
// (TASKFLOW_LABELS_SQL); distributions, TFAS against each target and the Sankey are pure functions of them.
import type { QuerySource } from "../../db/query";
import { flowCounts, labelCounts, tfas, type Dist, type FlowCounts, type TfasScore } from "../../metrics/taskflow";
import { sankeyOf, type SankeyData } from "../../metrics/taskflow-sankey";
import { parseTaskFlowTarget, type TaskFlowTargetDists } from "../../metrics/taskflow-target";
import { taskFlowLabelsQuery, type LabelSource, type TargetFile, type TaskFlowLabelRow } from "./sql";
import { pushAll } from "../../common/arrays";

/** Steps kept for the Sankey; the page shows a prefix of them. */
export const SANKEY_MAX_STEPS = 40;

export interface TaskFlowTargetEntry extends TaskFlowTargetDists {
  /** File name under the release's taskflow/ folder. */
  file: string;
}

export interface TaskFlowConditionModel {
  condition: string;
  /** Every session and message of the condition, before filtering. */
  sessions: number;
  messages: number;
  /** Where the labels came from: the request's intent, its stage's intent, or derived from the schedule. */
  sources: Record<LabelSource, number>;
  /** Label counts over every message (dropped labels included). */
  labels: Dist;
  /** The three distributions as counts over the filtered sessions (what TFAS compares). */
  flow: FlowCounts;
  sankey: SankeyData;
  /** One score per target, in target order. */
  scores: (TfasScore & { file: string })[];
}

export interface TaskFlowModel {
  conditions: TaskFlowConditionModel[];
  targets: TaskFlowTargetEntry[];
  /** Target files that could not be used, with why. */
  targetProblems: string[];
}

export async function computeTaskFlow(
  src: QuerySource,
  conditions: string[],
  targetFiles: TargetFile[],
): Promise<TaskFlowModel> {
  return taskFlowModel(conditions, await src.run(taskFlowLabelsQuery), targetFiles);
}

export function taskFlowModel(
  conditions: string[],
  rows: TaskFlowLabelRow[],
  targetFiles: TargetFile[],
): TaskFlowModel {
  const targets: TaskFlowTargetEntry[] = [];
  const targetProblems: string[] = [];
  for (const { file, json } of targetFiles) {
    const parsed = parseTaskFlowTarget(json, file);
    if (parsed.target) targets.push({ file, ...parsed.target });
    else pushAll(targetProblems, parsed.problems);
  }

  // Rows arrive ordered by condition, session, position.
  const sessionsOf = new Map<string, Map<string, string[]>>();
  const sourcesOf = new Map<string, Record<LabelSource, number>>();
  for (const r of rows) {
    let bySession = sessionsOf.get(r.condition);
    if (!bySession) sessionsOf.set(r.condition, (bySession = new Map<string, string[]>()));
    let labels = bySession.get(r.session_id);
    if (!labels) bySession.set(r.session_id, (labels = []));
    labels.push(r.label);
    const sources = sourcesOf.get(r.condition) ?? { request: 0, stage: 0, derived: 0 };
    sources[r.source]++;
    sourcesOf.set(r.condition, sources);
  }

  return {
    targets,
    targetProblems,
    conditions: conditions.map((condition): TaskFlowConditionModel => {
      const sessions = [...(sessionsOf.get(condition)?.values() ?? [])];
      const flow = flowCounts(sessions);
      return {
        condition,
        sessions: sessions.length,
        messages: sessions.reduce((n, s) => n + s.length, 0),
        sources: sourcesOf.get(condition) ?? { request: 0, stage: 0, derived: 0 },
        labels: labelCounts(sessions),
        flow,
        sankey: sankeyOf(sessions, SANKEY_MAX_STEPS),
        scores: targets.map((t) => ({ file: t.file, ...tfas(t, flow) })),
      };
    }),
  };
}
