// The parts of one OpenHands event the reader takes over (openhands/events/serialization/event.py `event_to_dict`:
// id, timestamp, source, message, cause, action + args or observation + content + extras, tool_call_metadata with
// the LiteLLM model_response, llm_metrics): tool names and arguments, results and failures, usage.
import type { AtifMetricsJson, AtifToolCallJson } from "../atif";
import { isRecord, num, str } from "../values";
import { parseArguments } from "./arguments";

type Raw = Record<string, unknown>;

/** One event of the stream, as `event_to_dict` writes it: an action or an observation. */
export function isEvent(v: unknown): v is Raw {
  return isRecord(v) && (typeof v.action === "string") !== (typeof v.observation === "string");
}

// The tool an action came from when the event does not name it (agents without function calling, old logs):
// CodeAct's tool names (openhands/agenthub/codeact_agent/tools).
const DEFAULT_TOOL: Record<string, string> = {
  run: "execute_bash",
  run_ipython: "execute_ipython_cell",
  read: "str_replace_editor",
  write: "str_replace_editor",
  edit: "str_replace_editor",
  browse: "browser",
  browse_interactive: "browser",
  think: "think",
  finish: "finish",
};

export interface ModelCall {
  /** model_response.id: several actions of one response share it (`total_calls_in_response`). */
  responseId: string | null;
  model: string | null;
  reasoning: string | null;
  metrics: AtifMetricsJson | null;
}

export function metadata(ev: Raw): Raw | null {
  return isRecord(ev.tool_call_metadata) ? ev.tool_call_metadata : null;
}

function responseMessage(mr: Raw): Raw {
  const choice = Array.isArray(mr.choices) && isRecord(mr.choices[0]) ? mr.choices[0] : {};
  return isRecord(choice.message) ? choice.message : {};
}

export function modelCall(tcm: Raw | null): ModelCall | null {
  const mr = tcm && isRecord(tcm.model_response) ? tcm.model_response : null;
  if (!mr) return null;
  const reasoning = str(responseMessage(mr).reasoning_content);
  return { responseId: str(mr.id), model: str(mr.model), reasoning: reasoning || null, metrics: usage(mr.usage) };
}

/**
 * LiteLLM usage: prompt_tokens count every input token (cache reads and writes included); cache reads are
 * `prompt_tokens_details.cached_tokens` (OpenAI) or `cache_read_input_tokens` (Anthropic).
 */
function usage(u: unknown): AtifMetricsJson | null {
  if (!isRecord(u)) return null;
  const m: AtifMetricsJson = {};
  const prompt = num(u.prompt_tokens);
  const completion = num(u.completion_tokens);
  const details = isRecord(u.prompt_tokens_details) ? u.prompt_tokens_details : {};
  const cached = num(details.cached_tokens) ?? num(u.cache_read_input_tokens);
  if (prompt !== null) m.prompt_tokens = prompt;
  if (completion !== null) m.completion_tokens = completion;
  if (cached !== null) m.cached_tokens = cached;
  const creation = num(u.cache_creation_input_tokens);
  if (creation !== null) m.extra = { cache_creation_input_tokens: creation };
  return m;
}

/** The call as the model wrote it (its tool call in model_response), else rebuilt from the action's args. */
export function toolCallOf(ev: Raw, fallbackId: string): AtifToolCallJson {
  const tcm = metadata(ev);
  const action = str(ev.action) ?? "unknown";
  const id = (tcm && str(tcm.tool_call_id)) ?? fallbackId;
  const name = (tcm && str(tcm.function_name)) ?? DEFAULT_TOOL[action] ?? action;
  const written = tcm && isRecord(tcm.model_response) ? writtenArguments(tcm.model_response, id) : undefined;
  return { tool_call_id: id, function_name: name, arguments: written ?? fallbackArguments(action, ev.args) };
}

function writtenArguments(mr: Raw, id: string): Record<string, unknown> | string | undefined {
  const calls: unknown = responseMessage(mr).tool_calls;
  if (!Array.isArray(calls)) return undefined;
  const call: unknown = (calls as unknown[]).find((c) => isRecord(c) && c.id === id);
  const fn = isRecord(call) && isRecord(call.function) ? call.function : null;
  return fn && "arguments" in fn ? parseArguments(fn.arguments) : undefined;
}

function fallbackArguments(action: string, args: unknown): Raw {
  const a = isRecord(args) ? args : {};
  if (action === "run") return { command: a.command ?? "" };
  const { thought: _t, ...rest } = a;
  return rest;
}

export interface Outcome {
  exitCode: number | null;
  isError: boolean;
}

/** A failed call: an error observation, a rejected action, or a command whose exit code is not 0 (OpenHands' own rule). */
export function outcome(ev: Raw): Outcome {
  const extras = isRecord(ev.extras) ? ev.extras : {};
  const meta = isRecord(extras.metadata) ? extras.metadata : {};
  const exitCode = num(meta.exit_code) ?? num(extras.exit_code);
  const failed = ev.observation === "error" || ev.observation === "user_rejected";
  return { exitCode, isError: failed || (exitCode !== null && exitCode !== 0) };
}

/**
 * OpenHands' running totals on an action (`llm_metrics`, what `_prepare_metrics_for_frontend` attaches to every
 * action the agent returns: accumulated_cost and accumulated_token_usage of the agent's and the condenser's LLMs).
 */
export interface RunningTotals {
  prompt: number | null;
  completion: number | null;
  cached: number | null;
  cacheWrite: number | null;
  cost: number | null;
}

/** What the totals are before the conversation's first model call. */
export const NO_CALLS_YET: RunningTotals = { prompt: 0, completion: 0, cached: 0, cacheWrite: 0, cost: 0 };

export function runningTotals(m: Raw): RunningTotals {
  const u = isRecord(m.accumulated_token_usage) ? m.accumulated_token_usage : {};
  return {
    prompt: num(u.prompt_tokens),
    completion: num(u.completion_tokens),
    cached: num(u.cache_read_tokens),
    cacheWrite: num(u.cache_write_tokens),
    cost: num(m.accumulated_cost),
  };
}

function delta(now: number | null, before: number | null): number | null {
  return now === null || before === null ? null : now - before;
}

/** The usage of the model calls made between two running totals, or why it cannot be read from them. */
export function usageBetween(
  now: RunningTotals,
  before: RunningTotals,
): { metrics: AtifMetricsJson } | { why: string } {
  const prompt = delta(now.prompt, before.prompt);
  const completion = delta(now.completion, before.completion);
  if (prompt === null || completion === null) return { why: "the running totals carry no token counts" };
  const cached = delta(now.cached, before.cached);
  const cacheWrite = delta(now.cacheWrite, before.cacheWrite);
  if ([prompt, completion, cached ?? 0, cacheWrite ?? 0].some((d) => d < 0))
    return { why: "the running totals went down since the previous event that carried them" };
  if (prompt === 0 && completion === 0)
    return { why: "the running totals did not grow since the previous event that carried them" };
  const metrics: AtifMetricsJson = { prompt_tokens: prompt, completion_tokens: completion };
  if (cached !== null) metrics.cached_tokens = cached;
  if (cacheWrite) metrics.extra = { cache_creation_input_tokens: cacheWrite };
  return { metrics };
}

/** The cost between two running totals; rounded to 1e-12 so that 0.35 - 0.28 reads 0.07, not 0.06999999999999995. */
export function costBetween(now: RunningTotals, before: RunningTotals): number | null {
  const d = delta(now.cost, before.cost);
  return d === null || d < 0 ? null : Math.round(d * 1e12) / 1e12;
}

/** The run's totals as OpenHands reports them on its actions (`llm_metrics`, the latest one holds the sums). */
export function reportedTotals(m: Raw, steps: number): Raw | null {
  const t = runningTotals(m);
  const totals: Raw = {};
  if (t.prompt !== null) totals.total_prompt_tokens = t.prompt;
  if (t.completion !== null) totals.total_completion_tokens = t.completion;
  if (t.cached !== null) totals.total_cached_tokens = t.cached;
  if (t.cost !== null) totals.total_cost_usd = t.cost;
  if (Object.keys(totals).length === 0) return null;
  return { ...totals, total_steps: steps };
}
