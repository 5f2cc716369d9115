// A script as a Claude Code session JSONL (~/.claude/projects/<project>/<session>.jsonl, version 2.0.76 as in
// lib/trajectory/native/fixtures/claude-code/sample_main_transcript.jsonl): one chain of records linked by
// parentUuid; an assistant message written one line per content block, every line repeating the message's usage
// with output_tokens still growing (the last line holds the count); each tool result in a user record of its own;
// a file-history-snapshot before every prompt. Claude Code logs no cost, so none is written.
import { tokenOf, uuidOf } from "./ids";
import { iso, type Call, type Script, type Turn, type Usage } from "./script";

type Raw = Record<string, unknown>;
type ModelTurn = Extract<Turn, { kind: "model" }>;

const VERSION = "2.0.76";
const CWD = "/work";

/** The chain being written: each record's parent is the one before it. */
interface Chain {
  name: string;
  sessionId: string;
  parent: string | null;
  count: number;
  lines: Raw[];
}

export function claudeCodeLog(script: Script, name: string): string {
  const chain: Chain = { name, sessionId: uuidOf(`session:${name}`), parent: null, count: 0, lines: [] };
  for (const turn of script.turns) {
    if (turn.kind === "model") writeModelTurn(chain, turn);
    else writePrompt(chain, turn.text, turn.at);
  }
  return chain.lines.map((l) => JSON.stringify(l)).join("\n") + "\n";
}

/** Appends a record of the chain (uuid, parent, the fields every record repeats) and makes it the parent. */
function link(chain: Chain, at: string, record: Raw): string {
  const uuid = uuidOf(`${chain.name}:record:${++chain.count}`);
  chain.lines.push({
    parentUuid: chain.parent,
    isSidechain: false,
    userType: "external",
    cwd: CWD,
    sessionId: chain.sessionId,
    version: VERSION,
    gitBranch: "",
    ...record,
    uuid,
    timestamp: at,
  });
  chain.parent = uuid;
  return uuid;
}

/** A prompt someone typed (scheduled or not: Claude Code cannot tell them apart), after its file snapshot. */
function writePrompt(chain: Chain, text: string, at: number): void {
  const messageId = uuidOf(`${chain.name}:record:${chain.count + 1}`);
  chain.lines.push({
    type: "file-history-snapshot",
    messageId,
    snapshot: { messageId, trackedFileBackups: {}, timestamp: iso(at, -300) },
    isSnapshotUpdate: false,
  });
  link(chain, iso(at), { type: "user", message: { role: "user", content: text } });
}

function writeModelTurn(chain: Chain, turn: ModelTurn): void {
  const id = tokenOf("msg_01", `${chain.name}:message:${turn.at}`);
  const requestId = tokenOf("req_011C", `${chain.name}:request:${turn.at}`);
  const blocks: Raw[] = [
    ...(turn.text !== "" ? [{ type: "text", text: turn.text }] : []),
    ...turn.calls.map((c) => ({ type: "tool_use", id: c.id, name: c.name, input: c.args })),
  ];
  blocks.forEach((block, i) => {
    const last = i === blocks.length - 1;
    const message = {
      model: turn.model,
      id,
      type: "message",
      role: "assistant",
      content: [block],
      stop_reason: null,
      stop_sequence: null,
      usage: usageOf(turn.usage, last),
    };
    link(chain, iso(turn.at, i * 400), { message, requestId, type: "assistant" });
  });
  turn.calls.forEach((c, i) => writeResult(chain, c, iso(turn.at, 1500 + i * 100)));
}

/**
 * Anthropic's usage: input_tokens + cache_creation_input_tokens + cache_read_input_tokens is all the input (the
 * reader's prompt_tokens), cache_read_input_tokens the cached part. Lines before the last show output_tokens as it
 * stood while streaming.
 */
function usageOf(u: Usage, last: boolean): Raw {
  const input = Math.min(10, u.prompt - u.cached);
  const written = u.prompt - u.cached - input;
  return {
    input_tokens: input,
    cache_creation_input_tokens: written,
    cache_read_input_tokens: u.cached,
    cache_creation: { ephemeral_5m_input_tokens: written, ephemeral_1h_input_tokens: 0 },
    output_tokens: last ? u.completion : Math.min(8, u.completion),
    service_tier: "standard",
  };
}

function writeResult(chain: Chain, call: Call, at: string): void {
  const content = [{ tool_use_id: call.id, type: "tool_result", content: call.result, is_error: false }];
  link(chain, at, { type: "user", message: { role: "user", content }, toolUseResult: toolUseResult(call) });
}

/** What Claude Code keeps beside the result for its UI: the edit (Edit's shape) or the command's output (Bash's). */
function toolUseResult(call: Call): Raw {
  const a = call.args;
  if (call.name === "edit")
    return {
      filePath: a.file_path,
      oldString: a.old_string,
      newString: a.new_string,
      userModified: false,
      replaceAll: false,
    };
  return { stdout: call.result, stderr: "", interrupted: false, isImage: false };
}
