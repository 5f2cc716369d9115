// The release's records (release.json, tasks, sessions, configs) built from the task definitions.
import { buildSessions, type SessionDef } from "./sessions";
import { TASKS } from "./tasks/index";
import type { Style, TaskDef } from "./types";

export const SUBMIT_TEXT =
  "Finalize the task in the active checkout: make sure it holds exactly the changes that resolve every request so far for this task, then reply with the final patch (the diff of this checkout against its base revision). Only that patch is scored.";

export const RELEASE = {
  format_version: "1",
  release_id: "planted",
  benchmark: "Switch-SWE",
  title: "Switch-SWE synthetic trajectories (three tool styles)",
  version: "1.0.0",
  synthetic: true,
  provenance:
    "Synthetic data written by a deterministic generator. No agent was run: the two repositories, their ten tasks, the sessions, runs, usage figures, trajectories and patches are invented, shaped like Switch-SWE (arXiv 2611.02017) switched and uninterrupted sessions and like the tool calls of three harnesses.",
  baseline_condition: "uninterrupted",
  conditions: ["uninterrupted", "switched"],
  groups: ["near", "far"],
  submit_text: SUBMIT_TEXT,
  calibration: { calibrated: [], invented: ["every task, session, run, usage and cost figure, trajectory and patch"] },
  interruption_tasks: 4,
  cost_source:
    "Invented prices: $1.25 per million uncached input tokens, $0.125 per million cached input tokens, $10 per million output tokens",
};

export interface ConfigDef {
  config_id: string;
  style: Style;
  agent: { name: string; version: string };
  record: Record<string, string>;
}

export const CONFIGS: readonly ConfigDef[] = [
  { style: "claude-code", harness: "Claude Code", version: "2.1.42", agent: "claude-code" },
  { style: "codex", harness: "Codex", version: "0.77.0", agent: "codex" },
  { style: "openhands", harness: "OpenHands", version: "0.59.0", agent: "openhands" },
].map((c) => ({
  config_id: `synthetic-${c.style}`,
  style: c.style as Style,
  agent: { name: c.agent, version: c.version },
  record: {
    config_id: `synthetic-${c.style}`,
    model: "synthetic planted",
    harness: c.harness,
    harness_version: c.version,
    variant: "native",
    display_name: `Synthetic / ${c.harness}`,
  },
}));

function sourceRef(task: TaskDef, index: number): string {
  const number = task.id.split("-").pop()!;
  const reviews = task.stages.slice(0, index + 1).filter((s) => s.provenance === "review").length;
  const prov = task.stages[index]!.provenance;
  return prov === "issue"
    ? `${task.repo}#${number}`
    : prov === "review"
      ? `${task.repo}#${number} review ${reviews}`
      : `${task.repo}#${number} extension`;
}

export function taskRecord(task: TaskDef): Record<string, unknown> {
  return {
    task_id: task.id,
    repo: task.repo,
    base_revision: task.baseRevision,
    title: task.title,
    stages: task.stages.map((s, i) => ({
      stage: i + 1,
      text: s.text,
      provenance: s.provenance,
      source_ref: sourceRef(task, i),
    })),
    changed_source_files: [task.file],
    tests: [
      ...task.f2p.flatMap((names, i) =>
        names.map((n) => ({ test_id: `${task.testFile}::${n}`, kind: "F2P", stage: i + 1 })),
      ),
      ...task.p2p.map((n) => ({ test_id: `${task.testFile}::${n}`, kind: "P2P" })),
    ],
  };
}

export function sessionRecord(s: SessionDef): Record<string, unknown> {
  return {
    session_id: s.session_id,
    focus_task_id: s.focus.id,
    condition: s.condition,
    group: s.group,
    seed: s.seed,
    workspaces: s.workspaces,
    schedule: s.schedule,
  };
}

export const SESSIONS: readonly SessionDef[] = buildSessions();
export const ALL_TASKS: readonly TaskDef[] = TASKS;
