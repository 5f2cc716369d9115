// A script as a Codex CLI rollout (~/.codex/sessions/…/rollout-*.jsonl: one {timestamp, type, payload} per line,
// shapes as in lib/trajectory/native/fixtures/codex/): session_meta, the `<environment_context>` message Codex
// injects before the first prompt, then per prompt its response_item, the event_msg that repeats it for the UI and
// the turn_context; per model call the assistant message (and its agent_message repeat), the function calls,
// their outputs (JSON text with the exit code) and the token_count that closes the call. Codex logs no cost.
import { uuidOf } from "./ids";
import { iso, type Script, type Turn, type Usage } from "./script";

type Raw = Record<string, unknown>;
type ModelTurn = Extract<Turn, { kind: "model" }>;

const CWD = "/work";
const CLI_VERSION = "0.46.0";

const ENVIRONMENT_CONTEXT = [
  "<environment_context>",
  `  <cwd>${CWD}</cwd>`,
  "  <approval_policy>never</approval_policy>",
  "  <sandbox_mode>danger-full-access</sandbox_mode>",
  "  <network_access>enabled</network_access>",
  "  <shell>bash</shell>",
  "</environment_context>",
].join("\n");

interface Rollout {
  lines: Raw[];
  /** Running totals of token usage: each token_count repeats them. */
  total: Raw;
}

export function codexLog(script: Script, name: string): string {
  const first = script.turns[0]!.at;
  const r: Rollout = { lines: [], total: tokens({ prompt: 0, completion: 0, cached: 0, cost: 0 }) };
  add(r, first - 2000, "session_meta", {
    id: uuidOf(`session:${name}`),
    timestamp: iso(first, -2000),
    cwd: CWD,
    originator: "codex_cli_rs",
    cli_version: CLI_VERSION,
    instructions: null,
    source: "cli",
  });
  add(r, first - 1000, "response_item", userMessage(ENVIRONMENT_CONTEXT));
  for (const turn of script.turns) {
    if (turn.kind === "model") writeModelTurn(r, turn);
    else writePrompt(r, turn.text, turn.at, script.model);
  }
  return r.lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

function add(r: Rollout, at: number, type: string, payload: Raw): void {
  r.lines.push({ timestamp: iso(at), type, payload });
}

function userMessage(text: string): Raw {
  return { type: "message", role: "user", content: [{ type: "input_text", text }] };
}

function writePrompt(r: Rollout, text: string, at: number, model: string): void {
  add(r, at, "response_item", userMessage(text));
  add(r, at + 1, "event_msg", { type: "user_message", message: text, images: [] });
  add(r, at + 2, "turn_context", {
    cwd: CWD,
    approval_policy: "never",
    sandbox_policy: { mode: "danger-full-access" },
    model,
    effort: "medium",
    summary: "auto",
  });
}

function writeModelTurn(r: Rollout, turn: ModelTurn): void {
  const content = [{ type: "output_text", text: turn.text }];
  add(r, turn.at, "response_item", { type: "message", role: "assistant", content });
  add(r, turn.at + 1, "event_msg", { type: "agent_message", message: turn.text });
  turn.calls.forEach((c, i) => {
    const args = JSON.stringify(c.args);
    add(r, turn.at + 200 + i * 10, "response_item", {
      type: "function_call",
      name: c.name,
      arguments: args,
      call_id: c.id,
    });
  });
  turn.calls.forEach((c, i) => {
    // The structured shell output Codex sends back to the model: the text and its exit code.
    const output = JSON.stringify({ output: c.result, metadata: { exit_code: 0, duration_seconds: 0.1 } });
    add(r, turn.at + 1500 + i * 10, "response_item", { type: "function_call_output", call_id: c.id, output });
  });
  const last = tokens(turn.usage);
  r.total = sum(r.total, last);
  add(r, turn.at + 1600, "event_msg", {
    type: "token_count",
    info: { total_token_usage: r.total, last_token_usage: last, model_context_window: 272000 },
    rate_limits: null,
  });
}

/** OpenAI's accounting: input_tokens include cached_input_tokens, output_tokens include reasoning. */
function tokens(u: Usage): Raw {
  return {
    input_tokens: u.prompt,
    cached_input_tokens: u.cached,
    output_tokens: u.completion,
    reasoning_output_tokens: 0,
    total_tokens: u.prompt + u.completion,
  };
}

function sum(a: Raw, b: Raw): Raw {
  return Object.fromEntries(Object.keys(a).map((k) => [k, Number(a[k]) + Number(b[k])]));
}
