// One step as the detail panel shows it: every text clipped to a budget (the panel asks for more on
// demand), edits and commands pulled out of tool calls so they can be highlighted, results paired to calls.
import type { Step, StepMetrics, SubagentRef } from "./model";
import { editDiff, fileEdits, shellCommand } from "./tools";
import { safeJson } from "./values";

export interface Clipped {
  text: string;
  /** Length of the whole text (characters); more than text.length when clipped. */
  length: number;
}

export type CodeLang = "bash" | "diff" | "json" | "python" | null;

export interface CallDetail {
  id: string;
  name: string;
  /** What to show for the call: the command, the edits as a diff, or the arguments as JSON. */
  body: Clipped;
  lang: CodeLang;
  /** The file the call reads or writes, when it names one (for highlighting its result). */
  path: string | null;
}

export interface ResultDetail {
  callId: string | null;
  pairedBy: "id" | "position" | null;
  content: Clipped;
  lang: CodeLang;
  subagents: SubagentRef[];
}

export interface StepDetail {
  n: number;
  stepId: number | null;
  file: number;
  source: string;
  timestamp: string | null;
  model: string | null;
  message: Clipped;
  reasoning: Clipped | null;
  calls: CallDetail[];
  /** Every observation result, in file order. */
  results: ResultDetail[];
  /** For each call, the index of the result that answers it (null: none does). */
  resultOf: (number | null)[];
  metrics: StepMetrics | null;
  copied: boolean;
  sidechain: boolean;
  extra: Clipped | null;
}

export function clip(text: string, limit: number): Clipped {
  return { text: text.length > limit ? text.slice(0, limit) : text, length: text.length };
}

function langOfPath(path: string | null): CodeLang {
  return path !== null && /\.pyi?$/.test(path) ? "python" : null;
}

function callDetail(call: Step["toolCalls"][number], limit: number): CallDetail {
  const args = call.args as Record<string, unknown> | null;
  const path =
    args && typeof args === "object" && !Array.isArray(args)
      ? ((args.file_path ?? args.path ?? null) as string | null)
      : null;
  const command = shellCommand(call);
  if (command !== null)
    return {
      id: call.id,
      name: call.name,
      body: clip(command, limit),
      lang: "bash",
      path: typeof path === "string" ? path : null,
    };
  const edits = fileEdits(call);
  if (edits.length > 0) {
    const whole = edits.length === 1 && edits[0]!.before === null;
    const text = whole ? edits[0]!.after : edits.map(editDiff).join("\n");
    return {
      id: call.id,
      name: call.name,
      body: clip(text, limit),
      lang: whole ? langOfPath(edits[0]!.path) : "diff",
      path: edits[0]!.path,
    };
  }
  const text = typeof call.args === "string" ? call.args : safeJson(call.args, 2);
  return {
    id: call.id,
    name: call.name,
    body: clip(text, limit),
    lang: typeof call.args === "string" ? null : "json",
    path: typeof path === "string" ? path : null,
  };
}

function resultLang(content: string, call: CallDetail | undefined): CodeLang {
  if (/^(diff --git |--- \S)/.test(content)) return "diff";
  if (call && call.lang !== "diff" && call.lang !== "bash") return langOfPath(call.path);
  return null;
}

export function stepDetail(s: Step, limit = 100_000): StepDetail {
  const calls = s.toolCalls.map((c) => callDetail(c, limit));
  const index = new Map(calls.map((c, i) => [c.id, i]));
  const resultOf: (number | null)[] = calls.map(() => null);
  const results: ResultDetail[] = [];
  s.results.forEach((r) => {
    const i = r.callId !== null ? index.get(r.callId) : undefined;
    const detail: ResultDetail = {
      callId: r.callId,
      pairedBy: r.pairedBy,
      content: clip(r.content, limit),
      lang: resultLang(r.content.slice(0, 40), i !== undefined ? calls[i] : undefined),
      subagents: r.subagents,
    };
    results.push(detail);
    if (i !== undefined && resultOf[i] === null) resultOf[i] = results.length - 1;
  });
  return {
    n: s.n,
    stepId: s.stepId,
    file: s.file,
    source: s.source,
    timestamp: s.timestamp,
    model: s.model,
    message: clip(s.message, limit),
    reasoning: s.reasoning === null ? null : clip(s.reasoning, limit),
    calls,
    results,
    resultOf,
    metrics: s.metrics,
    copied: s.copied,
    sidechain: s.sidechain,
    extra: s.extra === null ? null : clip(safeJson(s.extra, 2), limit),
  };
}
