// Inspect AI's chat messages, tool calls and usage as ATIF pieces, with `attachment://<hash>` references (Inspect
// moves long strings out of events into `sample.attachments`) put back. A reference that the sample does not
// resolve stays as written and is named once in the notes.
import type { AtifMetricsJson, AtifToolCallJson } from "../atif";
import { isRecord, num, safeJson, str } from "../values";
import { parseArguments } from "./arguments";

type Raw = Record<string, unknown>;

const REFERENCE = /attachment:\/\/([A-Za-z0-9_-]+)/g;
/** Objects resolved deeper than this stay as they are (a hostile file cannot make the walk recurse without end). */
const MAX_DEPTH = 64;

export class Attachments {
  readonly unresolved = new Set<string>();
  constructor(private readonly table: Raw) {}

  text(s: string): string {
    if (!s.includes("attachment://")) return s;
    return s.replace(REFERENCE, (whole, hash: string) => {
      const found = Object.hasOwn(this.table, hash) ? this.table[hash] : undefined;
      if (typeof found === "string") return found;
      this.unresolved.add(hash);
      return whole;
    });
  }

  deep(value: unknown, depth = 0): unknown {
    if (typeof value === "string") return this.text(value);
    if (depth > MAX_DEPTH || value === null || typeof value !== "object") return value;
    if (Array.isArray(value)) return value.map((v) => this.deep(v, depth + 1));
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.deep(v, depth + 1)]));
  }
}

export interface MessageView {
  role: string | null;
  text: string;
  reasoning: string | null;
  toolCalls: AtifToolCallJson[];
}

/** A ChatMessage: content (text or content parts) split into text and reasoning, tool calls with their arguments. */
export function readMessage(m: Raw, att: Attachments): MessageView {
  const { text, reasoning } = contentParts(m.content, att);
  return { role: str(m.role), text, reasoning, toolCalls: toolCalls(m.tool_calls, att) };
}

export function contentParts(content: unknown, att: Attachments): { text: string; reasoning: string | null } {
  if (typeof content === "string") return { text: att.text(content), reasoning: null };
  if (!Array.isArray(content)) return { text: content == null ? "" : att.text(safeJson(content)), reasoning: null };
  const texts: string[] = [];
  const thoughts: string[] = [];
  for (const part of content) {
    if (!isRecord(part)) texts.push(typeof part === "string" ? att.text(part) : safeJson(part));
    else if (part.type === "reasoning") thoughts.push(reasoningText(part, att));
    else texts.push(partText(part, att));
  }
  return { text: texts.join("\n"), reasoning: thoughts.length ? thoughts.join("\n") : null };
}

/** Redacted reasoning holds the provider's encrypted blob: its summary is shown, else that it was redacted. */
function reasoningText(part: Raw, att: Attachments): string {
  const summary = str(part.summary);
  if (part.redacted === true) return summary !== null ? att.text(summary) : "(reasoning redacted)";
  return att.text(str(part.reasoning) ?? summary ?? "");
}

/** Text parts as they are; media and data are named, never inlined (they may be data URLs of megabytes). */
function partText(part: Raw, att: Attachments): string {
  if (part.type === "text") return att.text(str(part.text) ?? "");
  if (part.type === "tool_use")
    return `[${str(part.tool_type) ?? "tool_use"} ${str(part.name) ?? ""}]`.replace(" ]", "]");
  if (part.type === "document") return `[document ${str(part.filename) ?? ""}]`.replace(" ]", "]");
  return `[${str(part.type) ?? "content"}]`;
}

function toolCalls(value: unknown, att: Attachments): AtifToolCallJson[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((c, k) => toolCall(c, att, `inspect-call-${k + 1}`));
}

export function toolCall(c: Raw, att: Attachments, fallbackId: string): AtifToolCallJson {
  return {
    tool_call_id: str(c.id) ?? fallbackId,
    function_name: str(c.function) ?? "unknown",
    arguments: toolArguments(c.arguments, att),
  };
}

function toolArguments(value: unknown, att: Attachments): Record<string, unknown> | string {
  if (isRecord(value)) return att.deep(value) as Record<string, unknown>;
  if (typeof value !== "string") return {};
  return parseArguments(att.text(value));
}

/** A ToolEvent's `result` (text, a number, content parts) as text. */
export function toolResultText(result: unknown, att: Attachments): string {
  if (typeof result === "number" || typeof result === "boolean") return String(result);
  if (isRecord(result)) return contentParts([result], att).text;
  return contentParts(result, att).text;
}

/**
 * Inspect's ModelUsage: `input_tokens` are the input tokens charged at full rate, EXCLUDING cache reads and
 * writes (ModelUsage's own definition), so ATIF's prompt_tokens (all input) is input + cache read + cache write.
 */
export function usageMetrics(usage: unknown): AtifMetricsJson | null {
  if (!isRecord(usage)) return null;
  const input = num(usage.input_tokens);
  const read = num(usage.input_tokens_cache_read);
  const write = num(usage.input_tokens_cache_write);
  const output = num(usage.output_tokens);
  const cost = num(usage.total_cost);
  if (input === null && output === null && read === null && write === null) return null;
  const extra: Raw = { input_tokens: input ?? 0 };
  if (write !== null) extra.input_tokens_cache_write = write;
  const reasoningTokens = num(usage.reasoning_tokens);
  if (reasoningTokens !== null) extra.reasoning_tokens = reasoningTokens;
  const total = num(usage.total_tokens);
  if (total !== null) extra.total_tokens = total;
  return {
    prompt_tokens: (input ?? 0) + (read ?? 0) + (write ?? 0),
    completion_tokens: output ?? 0,
    cached_tokens: read ?? 0,
    ...(cost !== null ? { cost_usd: cost } : {}),
    extra,
  };
}
