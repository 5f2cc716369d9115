// A script as one Inspect AI sample (the entry samples/<id>_epoch_1.json of an .eval log; shapes as in
// lib/trajectory/native/fixtures/inspect/): `events` with one model event per model call (its whole input inline,
// its output message and usage) and one tool event per call, the final `messages`, the `model_usage` totals and a
// score. The first request is the sample's input; each later one is a user message the solver appends to the
// conversation, so it first appears in the input of the next model event. Inspect's input_tokens exclude cache
// reads: input_tokens + input_tokens_cache_read is the reader's prompt_tokens.
import { tokenOf } from "./ids";
import { iso, modelTurns, money, type Call, type Script, type Turn, type Usage } from "./script";

type Raw = Record<string, unknown>;
type ModelTurn = Extract<Turn, { kind: "model" }>;

export const SOLVER = "react";
export const SCORER = "switch_swe_verifier";
const SYSTEM = "You are a software engineer working in the checkouts under /work. Use the tools to make changes.";

interface Sample {
  name: string;
  messages: Raw[];
  events: Raw[];
  spanId: string;
  /** The latest model event's output: the sample's `output` is the last one. */
  output: Raw | null;
}

/** `score`: the verifier's value (C or I) and what it says, as the run's outcome has it. */
export function inspectSample(script: Script, name: string, score: { value: string; explanation: string }): Raw {
  const s: Sample = { name, messages: [], events: [], spanId: tokenOf("", `${name}:solver`, 22), output: null };
  const first = script.turns[0]!;
  const last = script.turns[script.turns.length - 1]!;
  s.messages.push(message(s, { role: "system", content: SYSTEM }));
  opening(s, first.at, first.kind === "request" ? first.text : "");
  for (const turn of script.turns) {
    if (turn.kind === "model") modelTurn(s, turn);
    else
      s.messages.push(message(s, { role: "user", content: turn.text, ...(turn === first ? { source: "input" } : {}) }));
  }
  closing(s, last.at + 5000, score);
  return {
    id: script.sessionId,
    epoch: 1,
    input: first.kind === "request" ? first.text : "",
    target: "",
    messages: s.messages,
    output: s.output,
    scores: { [SCORER]: { value: score.value, answer: "", explanation: score.explanation } },
    metadata: {},
    store: {},
    events: s.events,
    model_usage: modelUsage(script),
    started_at: iso(first.at, -1000),
    completed_at: iso(last.at, 6000),
    total_time: (last.at - first.at + 7000) / 1000,
    working_time: (last.at - first.at + 7000) / 1000,
    uuid: tokenOf("", `${name}:uuid`, 22),
    error_retries: [],
    attachments: {},
  };
}

/** A ChatMessage with the id Inspect gives every message. */
function message(s: Sample, m: Raw): Raw {
  return { id: tokenOf("", `${s.name}:message:${s.messages.length}`, 22), ...m };
}

function event(s: Sample, at: number, e: Raw): void {
  s.events.push({ uuid: tokenOf("", `${s.name}:event:${s.events.length}`, 22), timestamp: iso(at), ...e });
}

/** The init span with sample_init, then the solver span every model and tool event belongs to. */
function opening(s: Sample, at: number, input: string): void {
  event(s, at - 900, { span_id: "init", event: "span_begin", id: "init", type: "init", name: "init" });
  const sample = { input, target: "", id: s.name };
  event(s, at - 800, { span_id: "init", event: "sample_init", sample, state: { messages: [], store: {} } });
  event(s, at - 700, { span_id: "init", event: "span_end", id: "init" });
  event(s, at - 600, { span_id: s.spanId, event: "span_begin", id: s.spanId, type: "solver", name: SOLVER });
}

function closing(s: Sample, at: number, score: { value: string; explanation: string }): void {
  event(s, at, { span_id: s.spanId, event: "span_end", id: s.spanId });
  event(s, at + 100, { span_id: "scorers", event: "span_begin", id: "scorers", type: "scorers", name: "scorers" });
  const scorer = { span_id: "scorer", id: "scorer", parent_id: "scorers" };
  event(s, at + 200, { ...scorer, event: "span_begin", type: "scorer", name: SCORER });
  const value = { value: score.value, answer: "", explanation: score.explanation };
  event(s, at + 300, { span_id: "scorer", event: "score", score: value, target: "", intermediate: false });
  event(s, at + 400, { span_id: "scorer", event: "span_end", id: "scorer" });
  event(s, at + 500, { span_id: "scorers", event: "span_end", id: "scorers" });
}

function toolCalls(calls: Call[]): Raw[] {
  return calls.map((c) => ({ id: c.id, function: c.name, arguments: c.args, type: "function" }));
}

function assistantMessage(s: Sample, turn: ModelTurn): Raw {
  const calls = toolCalls(turn.calls);
  return message(s, {
    role: "assistant",
    content: [{ type: "text", text: turn.text }],
    source: "generate",
    ...(calls.length ? { tool_calls: calls } : {}),
    model: turn.model,
  });
}

function outputOf(turn: ModelTurn, said: Raw): Raw {
  const stop = turn.calls.length ? "tool_calls" : "stop";
  return {
    model: turn.model,
    choices: [{ message: said, stop_reason: stop }],
    completion: turn.text,
    usage: usage(turn.usage),
  };
}

/** One model call (its input is the conversation so far), then one tool event per call it made. */
function modelTurn(s: Sample, turn: ModelTurn): void {
  const input = [...s.messages];
  const said = assistantMessage(s, turn);
  s.output = outputOf(turn, said);
  const output = { ...s.output, time: 1.0 };
  const common = { span_id: s.spanId, model: turn.model, input, tools: [], tool_choice: "auto", config: {} };
  event(s, turn.at, { ...common, event: "model", output, completed: iso(turn.at, 1000), working_time: 1.0 });
  s.messages.push(said);
  turn.calls.forEach((c, i) => {
    const at = turn.at + 1200 + i * 10;
    const call = { id: c.id, function: c.name, arguments: c.args, result: c.result, events: [] };
    event(s, at, {
      span_id: s.spanId,
      event: "tool",
      type: "function",
      ...call,
      completed: iso(at, 100),
      working_time: 0.1,
    });
    s.messages.push(message(s, { role: "tool", content: c.result, tool_call_id: c.id, function: c.name }));
  });
}

function usage(u: Usage): Raw {
  return {
    input_tokens: u.prompt - u.cached,
    output_tokens: u.completion,
    total_tokens: u.prompt + u.completion,
    input_tokens_cache_read: u.cached,
    reasoning_tokens: 0,
    total_cost: u.cost,
  };
}

/** The sample's usage per model: the sums of its model events'. */
function modelUsage(script: Script): Raw {
  const all = modelTurns(script).map((t) => usage(t.usage));
  const total = (k: string) => all.reduce((a, u) => a + Number(u[k]), 0);
  const keys = ["input_tokens", "output_tokens", "total_tokens", "input_tokens_cache_read", "reasoning_tokens"];
  return {
    [script.model]: { ...Object.fromEntries(keys.map((k) => [k, total(k)])), total_cost: money(total("total_cost")) },
  };
}
