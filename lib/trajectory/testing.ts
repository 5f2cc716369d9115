// Hand-made trajectories for unit tests: raw ATIF steps written tersely, read through the real reader, and
// schedules built the way the requests table describes them. Test-only.
import { readTrajectory } from "./chain";
import type { Step } from "./model";
import type { RequestInfo } from "./segment";

type Raw = Record<string, unknown>;

let callSeq = 0;

export function user(message: string, extra?: Raw): Raw {
  return { source: "user", message, ...(extra ? { extra } : {}) };
}

/** An agent step; each tool call is [name, arguments, result text]. */
export function agent(
  message: string,
  calls: [string, Raw, string][] = [],
  metrics: Raw = { prompt_tokens: 100, completion_tokens: 10 },
): Raw {
  const ids = calls.map(() => `c${++callSeq}`);
  return {
    source: "agent",
    message,
    ...(calls.length
      ? {
          tool_calls: calls.map(([name, args], i) => ({ tool_call_id: ids[i], function_name: name, arguments: args })),
          observation: { results: calls.map(([, , out], i) => ({ source_call_id: ids[i], content: out })) },
        }
      : {}),
    metrics,
  };
}

export const bash = (command: string, out = ""): [string, Raw, string] => ["bash", { command }, out];
export const edit = (file_path: string, old_string: string, new_string: string): [string, Raw, string] => [
  "edit",
  { file_path, old_string, new_string },
  "ok",
];

export function steps(raw: Raw[]): Step[] {
  return readTrajectory({
    schema_version: "ATIF-v1.6",
    agent: { name: "test" },
    steps: raw.map((s, i) => ({ step_id: i + 1, ...s })),
  }).steps;
}

export interface PlanEntry {
  task: string;
  stage: number | "submit";
  workspace: string;
  modelCalls?: number | null;
  ran?: boolean;
  text?: string;
}

/** A schedule with the request flags of lib/data/schedule.ts (focus = the task of the last entry). */
export function schedule(plan: PlanEntry[], focus = plan[plan.length - 1]!.task): RequestInfo[] {
  return plan.map((p, position) => {
    const prev = plan[position - 1];
    const isFocus = p.task === focus;
    const isSubmit = p.stage === "submit";
    const workspaceSwitch = prev !== undefined && prev.workspace !== p.workspace;
    return {
      position,
      taskId: p.task,
      stage: isSubmit ? null : (p.stage as number),
      isSubmit,
      workspace: p.workspace,
      isFocus,
      workspaceSwitch,
      focusReturn: isFocus && !isSubmit && workspaceSwitch,
      ran: p.ran ?? true,
      modelCalls: p.modelCalls === undefined ? null : p.modelCalls,
      tokens: null,
      text: p.text ?? null,
    };
  });
}

/** Claude Code's whole-file Write. */
export const write = (file_path: string, content: string): [string, Raw, string] => [
  "Write",
  { file_path, content },
  "ok",
];
/** Codex's shell tool: an argv list and the directory it runs in. */
export const codexShell = (script: string, workdir: string, out = ""): [string, Raw, string] => [
  "shell",
  { command: ["bash", "-lc", script], workdir },
  out,
];
/** Codex's apply_patch envelope. */
export const applyPatch = (body: string): [string, Raw, string] => [
  "apply_patch",
  { input: `*** Begin Patch\n${body}\n*** End Patch` },
  "Success.",
];
