// The pieces of a Codex CLI rollout item the reader takes over: message text, injected-context markers, reasoning
// summaries, tool calls and their outputs, token usage. Shapes follow codex-rs/protocol (ResponseItem,
// FunctionCallOutputPayload) and codex-rs/core/src/tools (the two ways a shell result is written back to the model).
import type { AtifMetricsJson, AtifToolCallJson } from "../atif";
import { readArguments } from "../read-step";
import { isRecord, num, safeJson, str } from "../values";
import { parseArguments } from "./arguments";

type Raw = Record<string, unknown>;

/** Text parts joined with "\n"; an image is named, never embedded (its data URL may be megabytes). */
export function messageText(content: unknown): { text: string; images: number } {
  if (typeof content === "string") return { text: content, images: 0 };
  if (!Array.isArray(content))
    return { text: content === undefined || content === null ? "" : safeJson(content), images: 0 };
  let images = 0;
  const parts = content.map((part) => {
    if (typeof part === "string") return part;
    if (isRecord(part) && typeof part.text === "string") return part.text;
    if (isRecord(part) && part.type === "input_image") {
      images++;
      return "[image]";
    }
    return safeJson(part);
  });
  return { text: parts.join("\n"), images };
}

// User-role messages Codex writes itself (codex-rs/core: user instructions, skill instructions and the "session
// prefix" tags): context for the model, not a request from the person.
const CONTEXT_PREFIXES: [string, string][] = [
  ["# agents.md instructions", "agents_md"],
  ["<user_instructions>", "user_instructions"],
  ["<environment_context>", "environment_context"],
  ["<skill>", "skill_instructions"],
  ["<user_shell_command>", "user_shell_command"],
  ["<turn_aborted>", "turn_aborted"],
  ["<context_update>", "context_update"],
  ["<subagent_notification>", "subagent_notification"],
];

/** The kind of injected context a user-role message is, or null when it is the person's own text. */
export function contextKind(text: string): string | null {
  const head = text.trimStart().slice(0, 40).toLowerCase();
  for (const [prefix, kind] of CONTEXT_PREFIXES) if (head.startsWith(prefix)) return kind;
  return null;
}

/** Summary texts (or, without a summary, raw reasoning texts); encrypted content is opaque and only counted. */
export function reasoningText(p: Raw): { text: string | null; encrypted: boolean } {
  const texts = (list: unknown) =>
    Array.isArray(list) ? list.map((s) => (isRecord(s) ? str(s.text) : null)).filter((t): t is string => !!t) : [];
  const summary = texts(p.summary);
  const chosen = summary.length ? summary : texts(p.content);
  return { text: chosen.length ? chosen.join("\n") : null, encrypted: typeof p.encrypted_content === "string" };
}

/**
 * A call item as a tool call, or null without an id to pair its output by. web_search_call has no call_id by
 * design (its results stay inside the API): it gets `web_search-<line>`.
 */
export function toolCall(p: Raw, line: number): AtifToolCallJson | null {
  const type = str(p.type);
  if (type === "web_search_call") {
    const action = isRecord(p.action) ? p.action : {};
    return { tool_call_id: `web_search-${line}`, function_name: "web_search", arguments: action };
  }
  const id = str(p.call_id) ?? str(p.id);
  if (id === null) return null;
  if (type === "custom_tool_call")
    return { tool_call_id: id, function_name: str(p.name) ?? "custom_tool", arguments: { input: p.input ?? "" } };
  if (type === "local_shell_call") {
    const { type: _t, ...action } = isRecord(p.action) ? p.action : ({} as Raw);
    return { tool_call_id: id, function_name: "local_shell", arguments: action };
  }
  return { tool_call_id: id, function_name: str(p.name) ?? "unknown", arguments: parseArguments(p.arguments) };
}

export interface ToolOutput {
  content: string;
  exitCode: number | null;
  isError: boolean;
}

const FREEFORM_EXIT = /^Exit code: (-?\d+)\n/;

/**
 * A tool output as the model got it. Shell results come as JSON text `{output, metadata: {exit_code}}` (structured)
 * or as "Exit code: N\nWall time: …\nOutput:\n…" (freeform, kept whole); MCP results as a list of content items;
 * a failure the harness reports itself as `{content, success: false}`.
 */
export function toolOutput(output: unknown): ToolOutput {
  if (typeof output === "string") {
    const parsed = output.trimStart().startsWith("{") ? readArguments(output) : null;
    if (isRecord(parsed) && typeof parsed.output === "string") {
      const exitCode = isRecord(parsed.metadata) ? num(parsed.metadata.exit_code) : null;
      return { content: parsed.output, exitCode, isError: exitCode !== null && exitCode !== 0 };
    }
    const m = FREEFORM_EXIT.exec(output);
    const exitCode = m ? Number(m[1]) : null;
    return { content: output, exitCode, isError: exitCode !== null && exitCode !== 0 };
  }
  if (Array.isArray(output)) return { content: messageText(output).text, exitCode: null, isError: false };
  if (isRecord(output) && typeof output.content === "string")
    return { content: output.content, exitCode: null, isError: output.success === false };
  return { content: output === undefined || output === null ? "" : safeJson(output), exitCode: null, isError: false };
}

/**
 * Codex token usage (OpenAI's accounting: input_tokens include cached_input_tokens, output_tokens include
 * reasoning_output_tokens) as ATIF metrics.
 */
export function usageMetrics(u: Raw): AtifMetricsJson {
  const m: AtifMetricsJson = {};
  const prompt = num(u.input_tokens);
  const completion = num(u.output_tokens);
  const cached = num(u.cached_input_tokens);
  if (prompt !== null) m.prompt_tokens = prompt;
  if (completion !== null) m.completion_tokens = completion;
  if (cached !== null) m.cached_tokens = cached;
  const extra: Raw = {};
  for (const key of ["reasoning_output_tokens", "total_tokens"]) if (num(u[key]) !== null) extra[key] = num(u[key]);
  if (Object.keys(extra).length) m.extra = extra;
  return m;
}
