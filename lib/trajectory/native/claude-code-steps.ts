// The records of one branch (claude-code-tree.ts) as ATIF steps. Claude Code writes an assistant message as
// one line per content block, each line repeating the message's `usage`: lines with the same `message.id`
// are merged back into one agent step whose usage is counted once. The results of its tool calls come in
// the following user records; they go on the step that made the call, and a user record that carries only
// results is no step of its own.
import { isRecord, num, str } from "../values";
import { parseArguments } from "./arguments";
import { blocksText, commandKind, userKind, type UserKind } from "./claude-code-text";
import type { ClaudeRecord, Raw } from "./claude-code-tree";
import type { ReaderNote } from "./types";

/** Where Claude Code (up to 2.0) writes a subagent's sidechain: `agent-<agentId>.jsonl` next to the session file. */
export function claudeCodeSubagentFile(agentId: string): string {
  return `agent-${agentId}.jsonl`;
}

/** A step being built: assistant lines and tool results are added to it until the branch is read. */
interface Acc {
  head: Raw;
  cc: Raw;
  extra: Raw;
  text: string[];
  reasoning: string[];
  calls: Raw[];
  results: Raw[];
  lines: number[];
  otherBlocks: unknown[];
  usage: Raw | null;
  cost: number | null;
}

interface State {
  accs: Acc[];
  byMessage: Map<string, Acc>;
  byCall: Map<string, { acc: Acc; name: string }>;
  notes: ReaderNote[];
  skipped: Record<string, number>;
}

export interface BuiltSteps {
  steps: Raw[];
  notes: ReaderNote[];
  skipped: Record<string, number>;
}

export function buildSteps(read: ClaudeRecord[]): BuiltSteps {
  const st: State = { accs: [], byMessage: new Map(), byCall: new Map(), notes: [], skipped: {} };
  for (const rec of read) {
    if (rec.type === "assistant") addAssistant(st, rec);
    else if (rec.type === "user") addUser(st, rec);
    else if (rec.type === "system") addSystem(st, rec);
    // file-history-snapshot, summary, progress, attachment, queue-operation and types not known yet
    else skip(st, rec.type);
  }
  return { steps: st.accs.map((acc, i) => finish(acc, i + 1)), notes: st.notes, skipped: st.skipped };
}

function skip(st: State, key: string): void {
  st.skipped[key] = (st.skipped[key] ?? 0) + 1;
}

function open(
  st: State,
  rec: ClaudeRecord,
  source: string,
  kind: UserKind | "compact_boundary" | "orphan_tool_result" | null,
): Acc {
  const r = rec.r;
  const cc: Raw = { uuid: str(r.uuid) };
  if (kind !== null) cc.kind = kind;
  if (str(r.cwd) !== null) cc.cwd = r.cwd;
  if (str(r.gitBranch)) cc.git_branch = r.gitBranch;
  const head: Raw = { source };
  if (str(r.timestamp) !== null) head.timestamp = r.timestamp;
  const acc: Acc = {
    head,
    cc,
    extra: r.isSidechain === true ? { is_sidechain: true } : {},
    text: [],
    reasoning: [],
    calls: [],
    results: [],
    lines: [rec.line],
    otherBlocks: [],
    usage: null,
    cost: null,
  };
  st.accs.push(acc);
  return acc;
}

function addAssistant(st: State, rec: ClaudeRecord): void {
  const msg = rec.r.message;
  if (!isRecord(msg)) {
    st.notes.push({
      code: "claude_code.record",
      message: "assistant record has no message object; skipped",
      line: rec.line,
    });
    return;
  }
  const id = str(msg.id);
  let acc = id !== null ? st.byMessage.get(id) : undefined;
  if (acc) acc.lines.push(rec.line);
  else {
    acc = open(st, rec, "agent", null);
    if (id !== null) {
      st.byMessage.set(id, acc);
      acc.cc.message_id = id;
    }
    if (str(rec.r.requestId) !== null) acc.cc.request_id = rec.r.requestId;
  }
  const model = str(msg.model);
  // Claude Code's own error replies (API errors, interruptions) name the model "<synthetic>": no model answered.
  if (model !== null && model !== "<synthetic>") acc.head.model_name = model;
  if (rec.r.isApiErrorMessage === true) acc.cc.api_error = true;
  if (str(msg.stop_reason) !== null) acc.cc.stop_reason = msg.stop_reason;
  addBlocks(st, acc, msg.content, rec.line);
  // Each line repeats the usage as it stood when the line was written; the last line's is the message's final count.
  if (isRecord(msg.usage)) acc.usage = msg.usage;
  const cost = num(rec.r.costUSD);
  if (cost !== null) acc.cost = cost;
}

function addBlocks(st: State, acc: Acc, content: unknown, line: number): void {
  if (!Array.isArray(content)) {
    if (content !== undefined && content !== null) acc.text.push(blocksText(content));
    return;
  }
  for (const block of content) {
    const b = isRecord(block) ? block : {};
    const type = str(b.type);
    if (type === "text") acc.text.push(str(b.text) ?? "");
    else if (type === "thinking") acc.reasoning.push(str(b.thinking) ?? "");
    else if (type === "redacted_thinking") acc.reasoning.push("[redacted thinking]");
    else if (type === "tool_use" || type === "server_tool_use") addCall(st, acc, b, line);
    else if (type !== null && type.endsWith("_tool_result") && str(b.tool_use_id) !== null)
      acc.results.push({ source_call_id: b.tool_use_id, content: blocksText(b.content) });
    else {
      acc.otherBlocks.push(block);
      st.notes.push({
        code: "claude_code.block",
        message: `content block of type ${type ?? "(none)"} is not text, thinking or a tool call; kept in extra.claude_code.other_blocks`,
        line,
      });
    }
  }
}

function addCall(st: State, acc: Acc, b: Raw, line: number): void {
  const id = str(b.id) ?? `line${line}-call${acc.calls.length + 1}`;
  const name = str(b.name) ?? "unknown";
  acc.calls.push({ tool_call_id: id, function_name: name, arguments: parseArguments(b.input) });
  st.byCall.set(id, { acc, name });
}

function addUser(st: State, rec: ClaudeRecord): void {
  const msg = rec.r.message;
  if (!isRecord(msg)) {
    st.notes.push({
      code: "claude_code.record",
      message: "user record has no message object; skipped",
      line: rec.line,
    });
    return;
  }
  const content = msg.content;
  if (!Array.isArray(content)) return addUserText(st, rec, blocksText(content));
  const isResult = (b: unknown) => isRecord(b) && b.type === "tool_result";
  const results = content.filter(isResult) as Raw[];
  const rest = content.filter((b) => !isResult(b));
  for (const b of results) addResult(st, rec, b, results.length === 1);
  if (rest.length > 0 || results.length === 0) addUserText(st, rec, blocksText(rest));
}

function addUserText(st: State, rec: ClaudeRecord, text: string): void {
  const kind = userKind(rec.r, text);
  const acc = open(st, rec, kind === null ? "user" : "system", kind);
  acc.text.push(text);
  if (kind === "compact_summary") acc.extra.context_management = { kind: "summary" };
}

function addResult(st: State, rec: ClaudeRecord, b: Raw, single: boolean): void {
  const callId = str(b.tool_use_id);
  const call = callId !== null ? st.byCall.get(callId) : undefined;
  const content = blocksText(b.content);
  if (!call) {
    st.notes.push({
      code: "claude_code.orphan_result",
      message: `tool_result for ${callId ?? "no tool_use_id"} answers no tool call on the branch; kept as a system step`,
      line: rec.line,
    });
    open(st, rec, "system", "orphan_tool_result").text.push(content);
    return;
  }
  const result: Raw = { source_call_id: callId, content };
  // A record with several results has one toolUseResult: it cannot be told which call it belongs to.
  const ref = single ? subagentRef(rec.r, call.name) : null;
  if (ref) result.subagent_trajectory_ref = [ref];
  if (b.is_error === true) result.extra = { is_error: true };
  call.acc.results.push(result);
}

/** A Task (Agent, in newer versions) call whose result names the subagent's id links to its sidechain file. */
function subagentRef(r: Raw, callName: string): Raw | null {
  if (callName !== "Task" && callName !== "Agent") return null;
  const agentId = isRecord(r.toolUseResult) ? str(r.toolUseResult.agentId) : null;
  if (agentId === null) return null;
  const sessionId = str(r.sessionId);
  return {
    ...(sessionId !== null ? { session_id: sessionId } : {}),
    trajectory_path: claudeCodeSubagentFile(agentId),
    extra: { agent_id: agentId },
  };
}

function addSystem(st: State, rec: ClaudeRecord): void {
  const subtype = str(rec.r.subtype);
  if (subtype === "compact_boundary") return addCompaction(st, rec);
  if (subtype === "local_command") {
    const text = str(rec.r.content) ?? "";
    open(st, rec, "system", commandKind(text)).text.push(text);
    return;
  }
  skip(st, subtype !== null ? `system:${subtype}` : "system");
}

function addCompaction(st: State, rec: ClaudeRecord): void {
  const meta = isRecord(rec.r.compactMetadata) ? rec.r.compactMetadata : {};
  const trigger = str(meta.trigger);
  const pre = num(meta.preTokens);
  const details = [trigger !== null ? `${trigger} compaction` : null, pre !== null ? `${pre} tokens before` : null];
  const said = details.filter((d) => d !== null).join(", ");
  const acc = open(st, rec, "system", "compact_boundary");
  acc.text.push(`${str(rec.r.content) ?? "Conversation compacted"}${said ? ` (${said})` : ""}`);
  acc.extra.context_management = {
    kind: "compaction",
    ...(trigger !== null ? { trigger } : {}),
    ...(pre !== null ? { pre_tokens: pre } : {}),
  };
}

function finish(acc: Acc, stepId: number): Raw {
  const step: Raw = { step_id: stepId, ...acc.head, message: acc.text.join("\n") };
  step.reasoning_content = acc.reasoning.length > 0 ? acc.reasoning.join("\n") : null;
  if (acc.calls.length > 0) step.tool_calls = acc.calls;
  if (acc.results.length > 0) step.observation = { results: acc.results };
  const metrics = stepMetrics(acc.usage, acc.cost);
  if (metrics) step.metrics = metrics;
  const cc: Raw = { ...acc.cc, lines: acc.lines };
  if (acc.otherBlocks.length > 0) cc.other_blocks = acc.otherBlocks;
  step.extra = { ...acc.extra, claude_code: cc };
  return step;
}

/** All input of the call is prompt: uncached, written to the cache and read from it. Claude Code logs no cost. */
function stepMetrics(usage: Raw | null, cost: number | null): Raw | null {
  if (usage === null) return cost !== null ? { cost_usd: cost } : null;
  const input = num(usage.input_tokens) ?? 0;
  const written = num(usage.cache_creation_input_tokens) ?? 0;
  const read = num(usage.cache_read_input_tokens) ?? 0;
  const extra: Raw = { cache_creation_input_tokens: written };
  if (isRecord(usage.cache_creation)) extra.cache_creation = usage.cache_creation;
  return {
    prompt_tokens: input + written + read,
    completion_tokens: num(usage.output_tokens) ?? 0,
    cached_tokens: read,
    ...(cost !== null ? { cost_usd: cost } : {}),
    extra,
  };
}
