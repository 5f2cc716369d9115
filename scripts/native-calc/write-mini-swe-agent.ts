// A script as a mini-swe-agent v2 trajectory (`<instance>.traj.json`, trajectory_format "mini-swe-agent-1.1",
// shapes as in lib/trajectory/native/fixtures/mini-swe-agent/): the system prompt, the task as the first user
// message, assistant messages with native tool_calls and the LiteLLM response (usage) and cost in `extra`, `tool`
// messages with the return code, and the `exit` message. mini-swe-agent runs ONE task: the later requests are
// written as the interactive agent writes a person's words typed into a running session (a user message with
// `extra.interrupt_type: "UserInterruption"`), with the request's text as it is (the real agent prefixes
// "Interrupted by user: "; kept out so the converted user steps say what alpha's say). Tool messages hold the
// output as it is, as with an observation_template of the bare output (the default wraps it in <returncode> and
// <output> tags), for the same reason.
import { tokenOf } from "./ids";
import { money, modelTurns, type Call, type Script, type Turn } from "./script";

type Raw = Record<string, unknown>;
type ModelTurn = Extract<Turn, { kind: "model" }>;

const SYSTEM = "You are a helpful assistant that can interact with a computer.";

/** `submission`: what the exit message says was submitted (the run's patch, or "" when it names none). */
export function miniSweAgentLog(script: Script, name: string, submission: string): string {
  const messages: Raw[] = [{ role: "system", content: SYSTEM }];
  let seen = false;
  for (const turn of script.turns) {
    if (turn.kind === "model") messages.push(assistant(turn, name), ...turn.calls.map((c) => tool(c, turn.at)));
    else {
      messages.push(userMessage(turn.text, turn.at, seen));
      seen = true;
    }
  }
  messages.push({ role: "exit", content: submission, extra: { exit_status: "Submitted", submission } });
  const doc = {
    info: info(script, submission),
    messages,
    trajectory_format: "mini-swe-agent-1.1",
    instance_id: name,
  };
  return JSON.stringify(doc, null, 2) + "\n";
}

function seconds(at: number, ms = 0): number {
  return (at + ms) / 1000;
}

function userMessage(text: string, at: number, interrupting: boolean): Raw {
  const extra = interrupting
    ? { interrupt_type: "UserInterruption", timestamp: seconds(at) }
    : { timestamp: seconds(at) };
  return { role: "user", content: text, extra };
}

function toolCalls(calls: Call[]): Raw[] {
  return calls.map((c) => ({
    id: c.id,
    type: "function",
    function: { name: c.name, arguments: JSON.stringify(c.args) },
  }));
}

function assistant(turn: ModelTurn, name: string): Raw {
  const u = turn.usage;
  const calls = toolCalls(turn.calls);
  const response = {
    id: tokenOf("chatcmpl-", `${name}:${turn.at}`, 29),
    model: turn.model,
    object: "chat.completion",
    created: Math.floor(turn.at / 1000),
    choices: [
      {
        index: 0,
        finish_reason: calls.length ? "tool_calls" : "stop",
        message: { role: "assistant", content: turn.text, tool_calls: calls.length ? calls : null },
      },
    ],
    usage: {
      prompt_tokens: u.prompt,
      completion_tokens: u.completion,
      total_tokens: u.prompt + u.completion,
      prompt_tokens_details: { cached_tokens: u.cached },
    },
  };
  const actions = turn.calls.map((c) => ({ ...c.args, tool_call_id: c.id }));
  return {
    role: "assistant",
    content: turn.text,
    ...(calls.length ? { tool_calls: calls } : {}),
    extra: { actions, response, cost: u.cost, timestamp: seconds(turn.at) },
  };
}

function tool(c: Call, at: number): Raw {
  return {
    role: "tool",
    tool_call_id: c.id,
    content: c.result,
    extra: { raw_output: c.result, returncode: 0, exception_info: "", timestamp: seconds(at, 1500) },
  };
}

function info(script: Script, submission: string): Raw {
  const turns = modelTurns(script);
  return {
    model_stats: { instance_cost: money(turns.reduce((a, t) => a + t.usage.cost, 0)), api_calls: turns.length },
    config: {
      agent: { system_template: SYSTEM, mode: "yolo", confirm_exit: true },
      model: { model_name: script.model, model_kwargs: {} },
      environment: { cwd: "/work", timeout: 30 },
      agent_type: "minisweagent.agents.interactive.InteractiveAgent",
      model_type: "minisweagent.models.litellm_model.LitellmModel",
      environment_type: "minisweagent.environments.local.LocalEnvironment",
    },
    mini_version: "2.1.0",
    exit_status: "Submitted",
    submission,
  };
}
