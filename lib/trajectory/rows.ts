// What one line of the step list shows. Built in the parse worker and sent to the page instead of the
// steps themselves: a 50 MB trajectory crosses to the main thread as a few hundred bytes per step.
import type { Step } from "./model";
import { stepTokens } from "./totals";
import { fileEdits, shellCommand } from "./tools";

export interface StepRow {
  n: number;
  stepId: number | null;
  /** 0 for the main file, k for continuation k (whose step ids start again at 1). */
  file: number;
  source: string;
  /** One line: the message, or what the first tool call does. */
  preview: string;
  /** Tool names, in order (repeated names once). */
  tools: string[];
  /** The first shell command, clipped, for highlighting in the row. */
  command: string | null;
  tokens: number;
  cost: number | null;
  copied: boolean;
  sidechain: boolean;
  reasoning: boolean;
}

const PREVIEW = 160;
const COMMAND = 200;

export function oneLine(text: string, max: number): string {
  // Only the head is looked at: a 10 MB single-line message must not be scanned whole.
  const head = text.length > max * 4 ? text.slice(0, max * 4) : text;
  const line = head.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

export function stepRow(s: Step): StepRow {
  const first = s.toolCalls[0];
  const command = first ? shellCommand(first) : null;
  const edit = first ? fileEdits(first)[0] : undefined;
  let preview = oneLine(s.message, PREVIEW);
  if (preview === "" && first)
    preview = command !== null ? `$ ${oneLine(command, PREVIEW)}` : edit ? `${first.name} ${edit.path}` : first.name;
  return {
    n: s.n,
    stepId: s.stepId,
    file: s.file,
    source: s.source,
    preview,
    tools: [...new Set(s.toolCalls.map((c) => c.name))],
    command: command === null ? null : oneLine(command, COMMAND),
    tokens: stepTokens(s),
    cost: s.copied ? null : (s.metrics?.cost ?? null),
    copied: s.copied,
    sidechain: s.sidechain,
    reasoning: s.reasoning !== null && s.reasoning !== "",
  };
}
