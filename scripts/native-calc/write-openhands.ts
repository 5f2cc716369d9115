// A script as an OpenHands event stream (the JSON list `save_trajectory_path` writes; shapes as in
// lib/trajectory/native/fixtures/openhands/): the system prompt event, user `message` actions, each tool call an
// agent action carrying its model response in tool_call_metadata (usage per response) and the run's running totals
// in llm_metrics, each result an observation whose `cause` is the action's id. A model reply without a tool call
// is a `message` action WITHOUT tool_call_metadata, as OpenHands' CodeAct agent writes it (function_calling.py
// `response_to_actions`): its usage is only in llm_metrics' accumulated totals.
import { tokenOf } from "./ids";
import { money, type Call, type Script, type Turn, type Usage } from "./script";

type Raw = Record<string, unknown>;
type ModelTurn = Extract<Turn, { kind: "model" }>;

interface Stream {
  name: string;
  events: Raw[];
  /** llm_metrics as they stand after the latest model response. */
  totals: { cost: number; prompt: number; completion: number; cached: number };
  model: string;
}

export function openHandsLog(script: Script, name: string): string {
  const s: Stream = { name, events: [], totals: { cost: 0, prompt: 0, completion: 0, cached: 0 }, model: script.model };
  const first = script.turns[0]!.at;
  add(s, first - 1000, "agent", {
    message: "You are OpenHands agent, a helpful AI assistant that can interact with a computer to solve tasks.",
    action: "system",
    args: { content: "You are OpenHands agent, a helpful AI assistant.", tools: [], openhands_version: "0.59.0" },
  });
  script.turns.forEach((turn, i) => {
    if (turn.kind === "model") writeModelTurn(s, turn);
    else writeUserMessage(s, turn.text, turn.at);
    if (i === 0) add(s, turn.at + 1, "environment", stateChanged("running"));
  });
  const last = script.turns[script.turns.length - 1]!;
  add(s, last.at + 5000, "environment", stateChanged("awaiting_user_input"));
  return JSON.stringify(s.events, null, 1) + "\n";
}

/** OpenHands writes local times without a zone and with microseconds. */
function ohTime(at: number): string {
  return new Date(at).toISOString().replace(/\.(\d{3})Z$/, ".$1000");
}

function add(s: Stream, at: number, source: string, event: Raw): number {
  const id = s.events.length;
  s.events.push({ id, timestamp: ohTime(at), source, ...event });
  return id;
}

function stateChanged(state: string): Raw {
  return { message: "", observation: "agent_state_changed", content: "", extras: { agent_state: state, reason: "" } };
}

function writeUserMessage(s: Stream, text: string, at: number): void {
  add(s, at, "user", {
    message: text,
    action: "message",
    args: { content: text, image_urls: null, wait_for_response: false },
  });
}

function writeModelTurn(s: Stream, turn: ModelTurn): void {
  addUsage(s, turn.usage);
  if (turn.calls.length === 0) {
    const args = { content: turn.text, image_urls: null, wait_for_response: true };
    add(s, turn.at, "agent", { message: turn.text, action: "message", args, llm_metrics: llmMetrics(s) });
    return;
  }
  const metadata = (c: Call) => ({
    function_name: c.name,
    tool_call_id: c.id,
    model_response: modelResponse(s, turn),
    total_calls_in_response: turn.calls.length,
  });
  turn.calls.forEach((c, i) => {
    const thought = i === 0 ? turn.text : "";
    const action = { ...actionOf(c, thought), tool_call_metadata: metadata(c), llm_metrics: llmMetrics(s) };
    const cause = add(s, turn.at + i * 10, "agent", action);
    add(s, turn.at + 1500 + i * 10, "agent", { ...observationOf(c), cause, tool_call_metadata: metadata(c) });
  });
}

function addUsage(s: Stream, u: Usage): void {
  const t = s.totals;
  s.totals = {
    cost: money(t.cost + u.cost),
    prompt: t.prompt + u.prompt,
    completion: t.completion + u.completion,
    cached: t.cached + u.cached,
  };
}

function llmMetrics(s: Stream): Raw {
  const t = s.totals;
  return {
    accumulated_cost: t.cost,
    accumulated_token_usage: {
      model: s.model,
      prompt_tokens: t.prompt,
      completion_tokens: t.completion,
      cache_read_tokens: t.cached,
      cache_write_tokens: 0,
    },
  };
}

/** The LiteLLM response that made the calls: the model's text, its calls (arguments as JSON text), its usage. */
function modelResponse(s: Stream, turn: ModelTurn): Raw {
  const toolCalls = turn.calls.map((c, index) => ({
    index,
    function: { arguments: JSON.stringify(c.args), name: c.name },
    id: c.id,
    type: "function",
  }));
  const u = turn.usage;
  return {
    id: tokenOf("chatcmpl-", `${s.name}:${turn.at}`, 29),
    created: Math.floor(turn.at / 1000),
    model: turn.model,
    object: "chat.completion",
    choices: [
      {
        finish_reason: "tool_calls",
        index: 0,
        message: { content: turn.text, role: "assistant", tool_calls: toolCalls },
      },
    ],
    usage: {
      completion_tokens: u.completion,
      prompt_tokens: u.prompt,
      total_tokens: u.prompt + u.completion,
      prompt_tokens_details: { cached_tokens: u.cached },
    },
  };
}

/** CodeAct's action for a call: `run` for a shell command, `edit` (str_replace) for an edit. */
function actionOf(c: Call, thought: string): Raw {
  const a = c.args;
  if (c.name === "bash") {
    const args = { command: a.command, is_input: false, thought, blocking: false, is_static: false, hidden: false };
    return { message: `Running command: ${String(a.command)}`, action: "run", args };
  }
  if (c.name === "edit") {
    const args = { path: a.file_path, command: "str_replace", old_str: a.old_string, new_str: a.new_string, thought };
    return {
      message: `Editing file: ${String(a.file_path)}`,
      action: "edit",
      args: { ...args, impl_source: "oh_aci" },
    };
  }
  return { message: c.name, action: c.name, args: { ...a, thought } };
}

function observationOf(c: Call): Raw {
  const a = c.args;
  if (c.name === "bash") {
    const metadata = { exit_code: 0, pid: -1, working_dir: "/work", prefix: "", suffix: "" };
    const message = `Command \`${String(a.command)}\` executed with exit code 0.`;
    return { message, observation: "run", content: c.result, extras: { command: a.command, metadata }, success: true };
  }
  const extras = { path: a.file_path, prev_exist: true, impl_source: "oh_aci" };
  const message = `I edited the file ${String(a.file_path)}.`;
  return { message, observation: c.name === "edit" ? "edit" : c.name, content: c.result, extras };
}
