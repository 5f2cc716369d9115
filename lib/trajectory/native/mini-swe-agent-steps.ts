// mini-swe-agent's `messages` as ATIF steps. Both trajectory formats are read: "mini-swe-agent-1.1" (v2.x:
// assistant messages with native `tool_calls` or `extra.actions`, `tool` results, an `exit` message) and
// "mini-swe-agent-1" (v1.x: the action is the one ```bash block of the assistant's text and every later
// user message is the harness talking back: the command's output, a format error, the submission).
import type { AtifMetricsJson, AtifStepJson, AtifToolCallJson } from "../atif";
import { contentText, isRecord, num, str } from "../values";
import { parseArguments } from "./arguments";
import type { ReaderNote } from "./types";

type Raw = Record<string, unknown>;

export interface MiniWalk {
  steps: AtifStepJson[];
  notes: ReaderNote[];
  skipped: Record<string, number>;
  /** The `exit` message's extra, when the log has one. */
  exit: Raw | null;
  /** Every `model` the provider responses name, with how many responses name it. */
  responseModels: Map<string, number>;
}

interface State extends MiniWalk {
  /** Call id → the agent step that made the call. */
  byCall: Map<string, AtifStepJson>;
  /** The agent step whose text action still waits for its output (older format, text-based models). */
  pending: AtifStepJson | null;
  userSeen: boolean;
}

// mini-swe-agent's default action regex (v1 `action_regex`); the file's own regex is not evaluated.
const BASH_BLOCK = /```bash\s*\n([\s\S]*?)\n```/g;

export function walkMessages(messages: unknown[]): MiniWalk {
  const st: State = {
    steps: [],
    notes: [],
    skipped: {},
    exit: null,
    responseModels: new Map(),
    byCall: new Map(),
    pending: null,
    userSeen: false,
  };
  messages.forEach((raw, i) => {
    if (!isRecord(raw)) {
      st.notes.push({ code: "mini_swe_agent.message", message: "message is not an object; skipped", line: i + 1 });
      return;
    }
    const role = str(raw.role);
    if (role === "system") push(st, { source: "system", message: text(raw.content), extra: kind("system_prompt") });
    else if (role === "user") onUser(st, raw, i);
    else if (role === "assistant") onAssistant(st, raw, i);
    else if (role === "tool") onTool(st, raw, i);
    else if (role === "exit") onExit(st, raw);
    else st.skipped[`role:${role ?? "(none)"}`] = (st.skipped[`role:${role ?? "(none)"}`] ?? 0) + 1;
  });
  return st;
}

function push(st: State, step: Omit<AtifStepJson, "step_id">): AtifStepJson {
  const full = { step_id: st.steps.length + 1, ...step };
  st.steps.push(full);
  return full;
}

function kind(k: string, more: Raw = {}): Raw {
  return { mini_swe_agent: { kind: k, ...more } };
}

// What a person typed in the interactive agent (agents/interactive.py): a comment after Ctrl+C ("Interrupted by
// user: …") or, when the agent wanted to finish, a new task ("The user added a new task: …"). Both are requests.
// UserRejection (a comment refusing commands) stays a harness message: it answers a confirmation prompt.
const TYPED_BY_A_PERSON = new Map([
  ["UserInterruption", "user_interruption"],
  ["UserNewTask", "user_new_task"],
]);

/** The first user message is the task; every later one is the harness (or a person typing, see above). */
function onUser(st: State, m: Raw, i: number): void {
  const extra = isRecord(m.extra) ? m.extra : {};
  const when = timestamp(m, extra);
  if (!st.userSeen) {
    st.userSeen = true;
    push(st, { source: "user", message: text(m.content), ...when });
    return;
  }
  const interrupt = str(extra.interrupt_type);
  const typed = interrupt !== null ? TYPED_BY_A_PERSON.get(interrupt) : undefined;
  if (typed) {
    push(st, { source: "user", message: text(m.content), ...when, extra: kind(typed) });
  } else if (interrupt === "FormatError") {
    // v2 keeps the billed response of an unparsable reply only here, not as an assistant message.
    if (isRecord(extra.response)) onAssistant(st, { role: "assistant", content: null, extra }, i, true);
    st.pending = null;
    push(st, { source: "system", message: text(m.content), ...when, extra: kind("format_error") });
  } else if (st.pending) {
    addResult(st.pending, st.pending.tool_calls![0]!.tool_call_id, m, extra);
    st.pending = null;
  } else {
    push(st, { source: "system", message: text(m.content), ...when, extra: kind(harnessKind(extra)) });
  }
}

function harnessKind(extra: Raw): string {
  return str(extra.interrupt_type) ?? ("returncode" in extra ? "observation" : "harness_message");
}

function onAssistant(st: State, m: Raw, i: number, formatError = false): void {
  const extra = isRecord(m.extra) ? m.extra : {};
  const response = isRecord(extra.response) ? extra.response : {};
  const choice = Array.isArray(response.choices) && isRecord(response.choices[0]) ? response.choices[0] : {};
  const said = isRecord(choice.message) ? choice.message : {};
  const content = formatError ? (str(extra.model_response) ?? text(said.content)) : text(m.content);
  const calls = formatError ? nativeCalls(said.tool_calls) : callsOf(m, extra, content, i);
  const model = str(response.model);
  if (model) st.responseModels.set(model, (st.responseModels.get(model) ?? 0) + 1);
  const metrics = usageMetrics(response.usage, num(extra.cost));
  const step = push(st, {
    source: "agent",
    message: content,
    reasoning_content: reasoning(m, said),
    ...(calls.length ? { tool_calls: calls } : {}),
    ...(metrics ? { metrics } : {}),
    ...timestamp(m, extra),
    ...(model ? { model_name: model } : {}),
    ...(formatError ? { extra: kind("unparsed_response") } : {}),
  });
  st.pending = null;
  if (formatError) return;
  for (const c of calls) st.byCall.set(c.tool_call_id, step);
  // Text actions have no call id in the log: their output comes back as the next user message.
  if (calls.length === 1 && nativeCalls(m.tool_calls).length === 0) st.pending = step;
}

function callsOf(m: Raw, extra: Raw, content: string, i: number): AtifToolCallJson[] {
  const native = nativeCalls(m.tool_calls);
  if (native.length) return native;
  const actions = Array.isArray(extra.actions) ? extra.actions.filter(isRecord) : null;
  const commands = actions
    ? actions.map((a) => str(a.command)).filter((c): c is string => c !== null)
    : [...content.matchAll(BASH_BLOCK)].map((b) => b[1]!.trim());
  // v1 runs an action only when the reply holds exactly one block; otherwise the harness answers with a format error.
  if (!actions && commands.length !== 1) return [];
  return commands.map((command, k) => ({
    tool_call_id: `mini-swe-agent-${i + 1}${commands.length > 1 ? `-${k + 1}` : ""}`,
    function_name: "bash",
    arguments: { command },
  }));
}

function nativeCalls(value: unknown): AtifToolCallJson[] {
  if (!Array.isArray(value)) return [];
  return value.filter(isRecord).map((c, k) => {
    const fn = isRecord(c.function) ? c.function : {};
    return {
      tool_call_id: str(c.id) ?? `mini-swe-agent-call-${k + 1}`,
      function_name: str(fn.name) ?? "unknown",
      arguments: parseArguments(fn.arguments),
    };
  });
}

/** LiteLLM puts a model's thinking in `reasoning_content` (or Anthropic's `thinking_blocks`). */
function reasoning(m: Raw, said: Raw): string | null {
  for (const source of [m, said]) {
    const r = str(source.reasoning_content);
    if (r) return r;
    const blocks = Array.isArray(source.thinking_blocks) ? source.thinking_blocks.filter(isRecord) : [];
    const thinking = blocks.map((b) => str(b.thinking)).filter((t): t is string => t !== null);
    if (thinking.length) return thinking.join("\n");
  }
  return null;
}

/**
 * LiteLLM's OpenAI-shaped usage: `prompt_tokens` (cached input included), `completion_tokens`, cache reads in
 * `prompt_tokens_details.cached_tokens`, else DeepSeek's `prompt_cache_hit_tokens`, else Anthropic's
 * `cache_read_input_tokens`.
 */
export function usageMetrics(usage: unknown, cost: number | null): AtifMetricsJson | null {
  if (!isRecord(usage)) return cost !== null ? { cost_usd: cost } : null;
  const details = isRecord(usage.prompt_tokens_details) ? usage.prompt_tokens_details : {};
  const out = isRecord(usage.completion_tokens_details) ? usage.completion_tokens_details : {};
  const cached = num(details.cached_tokens) ?? num(usage.prompt_cache_hit_tokens) ?? num(usage.cache_read_input_tokens);
  const prompt = num(usage.prompt_tokens);
  const completion = num(usage.completion_tokens);
  const extra: Raw = {};
  const creation = num(usage.cache_creation_input_tokens);
  if (creation !== null) extra.cache_creation_input_tokens = creation;
  const reasoningTokens = num(out.reasoning_tokens);
  if (reasoningTokens !== null) extra.reasoning_tokens = reasoningTokens;
  return {
    ...(prompt !== null ? { prompt_tokens: prompt } : {}),
    ...(completion !== null ? { completion_tokens: completion } : {}),
    ...(cached !== null ? { cached_tokens: cached } : {}),
    ...(cost !== null ? { cost_usd: cost } : {}),
    ...(Object.keys(extra).length ? { extra } : {}),
  };
}

function onTool(st: State, m: Raw, i: number): void {
  const extra = isRecord(m.extra) ? m.extra : {};
  const id = str(m.tool_call_id);
  const step = id !== null ? st.byCall.get(id) : undefined;
  if (id !== null && step) {
    addResult(step, id, m, extra);
    return;
  }
  st.notes.push({
    code: "mini_swe_agent.tool_result_unpaired",
    message: `tool message answers call "${id ?? "(no tool_call_id)"}", which no assistant message made; shown as a system step`,
    line: i + 1,
  });
  push(st, { source: "system", message: text(m.content), ...timestamp(m, extra), extra: kind("unpaired_tool_result") });
}

/** Failure: a non-zero return code or an exception (v1.1 `extra`; v1 only writes `<returncode>` in the text). */
function addResult(step: AtifStepJson, callId: string, m: Raw, extra: Raw): void {
  const content = text(m.content);
  const rc = num(extra.returncode) ?? num(/^\s*<returncode>(-?\d+)<\/returncode>/.exec(content)?.[1]);
  const failed = (rc !== null && rc !== 0) || (str(extra.exception_info) ?? "") !== "";
  const results = (step.observation ??= { results: [] }).results;
  results.push({ source_call_id: callId, content, ...(failed ? { extra: { is_error: true } } : {}) });
}

function onExit(st: State, m: Raw): void {
  const extra = isRecord(m.extra) ? m.extra : {};
  st.exit = extra;
  st.pending = null;
  push(st, exitStep(str(extra.exit_status) ?? text(m.content), str(extra.submission), timestamp(m, extra)));
}

export function exitStep(status: string, submission: string | null, when: Raw = {}): Omit<AtifStepJson, "step_id"> {
  return {
    source: "system",
    message: `mini-swe-agent exit status: ${status}\n\n${submission ? `Submitted patch:\n${submission}` : "No patch was submitted."}`,
    ...when,
    extra: kind("exit", { exit_status: status, submission: submission ?? "" }),
  };
}

function text(content: unknown): string {
  return contentText(content).text;
}

/** v1.1 writes `extra.timestamp`, v1 the message's own `timestamp`: Unix seconds. */
function timestamp(m: Raw, extra: Raw): { timestamp?: string } {
  const t = extra.timestamp ?? m.timestamp;
  if (typeof t === "string") return { timestamp: t };
  const seconds = num(t);
  if (seconds === null) return {};
  const d = new Date(seconds * 1000);
  return Number.isNaN(d.getTime()) ? {} : { timestamp: d.toISOString() };
}
