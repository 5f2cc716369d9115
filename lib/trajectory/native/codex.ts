// Codex CLI rollout JSONL (~/.codex/sessions/…/rollout-*.jsonl: one `{timestamp, type, payload}` per line) as one
// ATIF document. The response_items are the conversation; the event_msg user/agent messages repeat them for the UI
// and are only counted. One agent step per model call: its reasoning, messages and calls up to the token_count that
// closes the call (or the next user or system message), with the outputs of its calls paired by call_id.
import type { AtifTrajectoryJson } from "../atif";
import { isRecord, num, safeJson, str } from "../values";
import { contextKind, messageText, reasoningText, toolCall, toolOutput, usageMetrics } from "./codex-items";
import { finishDraft, newDraft, type Draft } from "./step-draft";
import type { Converted, JsonlRecord, ReaderNote } from "./types";

type Raw = Record<string, unknown>;

const RECORD_TYPES = new Set(["session_meta", "response_item", "event_msg", "turn_context", "compacted"]);
const DUPLICATE_EVENTS = new Set(["user_message", "agent_message", "agent_reasoning", "agent_reasoning_raw_content"]);

function isRolloutLine(v: unknown): v is { timestamp: string; type: string; payload: Raw } {
  return isRecord(v) && typeof v.timestamp === "string" && RECORD_TYPES.has(v.type as string) && isRecord(v.payload);
}

/** Rollout lines: at least one, and at least half of the file's records (a few odd lines do not hide it). */
export function isCodex(records: JsonlRecord[]): boolean {
  const n = records.filter((r) => isRolloutLine(r.value)).length;
  return n > 0 && n * 2 >= records.length;
}

interface State {
  drafts: Draft[];
  notes: ReaderNote[];
  skipped: Record<string, number>;
  meta: Raw | null;
  model: string | null;
  firstModel: string | null;
  cwd: string | null;
  /** The agent step of the model call in progress; null once a token_count or a non-assistant item closed it. */
  open: Draft | null;
  lastAgent: Draft | null;
  byCall: Map<string, Draft>;
  lastTotal: string | null;
  finalTotal: Raw | null;
  /** Without any token_count to close a model call, an output followed by assistant items starts a new call. */
  breakOnOutput: boolean;
}

export function codexToAtif(records: JsonlRecord[], name: string): Converted {
  const st: State = {
    drafts: [],
    notes: [],
    skipped: {},
    meta: null,
    model: null,
    firstModel: null,
    cwd: null,
    open: null,
    lastAgent: null,
    byCall: new Map(),
    lastTotal: null,
    finalTotal: null,
    breakOnOutput: !records.some((r) => isRolloutLine(r.value) && r.value.payload.type === "token_count"),
  };
  for (const rec of records) readRecord(st, rec);
  return { atif: document(st, name), notes: st.notes, skipped: st.skipped };
}

function skip(st: State, key: string): void {
  st.skipped[key] = (st.skipped[key] ?? 0) + 1;
}

function note(st: State, code: string, message: string, line: number): void {
  st.notes.push({ code, message, line });
}

function readRecord(st: State, rec: JsonlRecord): void {
  const v = rec.value;
  if (!isRecord(v) || typeof v.type !== "string") {
    note(st, "codex.record", "not a rollout line (an object with a string `type`); skipped", rec.line);
    return;
  }
  if (!RECORD_TYPES.has(v.type)) return skip(st, v.type);
  const p = v.payload;
  if (!isRecord(p)) {
    note(st, "codex.payload", `${v.type} line without a payload object; skipped`, rec.line);
    return;
  }
  const at = str(v.timestamp);
  if (v.type === "session_meta") return sessionMeta(st, p);
  if (v.type === "turn_context") {
    st.model = str(p.model) ?? st.model;
    st.firstModel ??= st.model;
    st.cwd = str(p.cwd) ?? st.cwd;
    return;
  }
  if (v.type === "compacted") return compacted(st, p, at);
  if (v.type === "event_msg") return eventMsg(st, p, rec.line);
  responseItem(st, p, at, rec.line);
}

function sessionMeta(st: State, p: Raw): void {
  if (st.meta) return skip(st, "session_meta (repeat)");
  st.meta = p;
  st.cwd = str(p.cwd) ?? st.cwd;
}

function push(st: State, d: Draft): Draft {
  st.drafts.push(d);
  return d;
}

/** The working directory in force (session_meta, then each turn_context): the site finds checkouts by it. */
function cwd(st: State): Raw {
  return st.cwd !== null ? { cwd: st.cwd } : {};
}

function close(st: State): void {
  st.open = null;
}

function openAgent(st: State, at: string | null): Draft {
  if (st.open) return st.open;
  const d = push(st, newDraft("agent", at, cwd(st)));
  d.model = st.model;
  st.open = d;
  st.lastAgent = d;
  return d;
}

function responseItem(st: State, p: Raw, at: string | null, line: number): void {
  const type = str(p.type) ?? "(no type)";
  switch (type) {
    case "message":
      return message(st, p, at);
    case "reasoning": {
      const d = openAgent(st, at);
      const r = reasoningText(p);
      if (r.text !== null) d.reasoning.push(r.text);
      if (r.encrypted) d.own.encrypted_reasoning_items = (num(d.own.encrypted_reasoning_items) ?? 0) + 1;
      return;
    }
    case "function_call":
    case "custom_tool_call":
    case "local_shell_call":
    case "web_search_call":
      return call(st, p, at, line);
    case "function_call_output":
    case "custom_tool_call_output":
      return output(st, p, at, line);
    default:
      return skip(st, `response_item:${type}`);
  }
}

function message(st: State, p: Raw, at: string | null): void {
  const role = str(p.role) ?? "unknown";
  const { text, images } = messageText(p.content);
  if (role === "assistant") {
    const d = openAgent(st, at);
    if (text !== "") d.texts.push(text);
    return;
  }
  close(st);
  const kind = role === "user" ? contextKind(text) : role;
  const codex: Raw = { ...cwd(st), ...(images ? { images } : {}) };
  if (role === "user" && kind === null) {
    push(st, newDraft("user", at, codex)).texts.push(text);
    return;
  }
  push(st, newDraft("system", at, { ...codex, kind, role })).texts.push(text);
}

function call(st: State, p: Raw, at: string | null, line: number): void {
  const d = openAgent(st, at);
  const c = toolCall(p, line);
  if (c === null) {
    note(st, "codex.call_id", `${str(p.type)} without a call_id: kept, but no output can be paired with it`, line);
    d.calls.push({ tool_call_id: `codex-line-${line}`, function_name: str(p.name) ?? "unknown", arguments: {} });
    return;
  }
  d.calls.push(c);
  st.byCall.set(c.tool_call_id, d);
}

function output(st: State, p: Raw, at: string | null, line: number): void {
  const id = str(p.call_id);
  const out = toolOutput(p.output);
  const target = id === null ? undefined : st.byCall.get(id);
  if (!target) {
    note(
      st,
      "codex.unpaired_output",
      `${str(p.type)} for call ${id ?? "(none)"}, which no earlier call made; kept as a system step`,
      line,
    );
    close(st);
    push(st, newDraft("system", at, { ...cwd(st), kind: "unpaired_tool_output", call_id: id })).texts.push(out.content);
    return;
  }
  const extra: Raw = {};
  if (out.isError) extra.is_error = true;
  if (out.exitCode !== null) extra.exit_code = out.exitCode;
  target.results.push({ source_call_id: id, content: out.content, ...(Object.keys(extra).length ? { extra } : {}) });
  if (st.breakOnOutput && target === st.open) close(st);
}

function eventMsg(st: State, p: Raw, line: number): void {
  const type = str(p.type) ?? "(no type)";
  if (type === "token_count") return tokenCount(st, p, line);
  skip(st, DUPLICATE_EVENTS.has(type) ? `event_msg:${type} (duplicate)` : `event_msg:${type}`);
}

/**
 * `last_token_usage` is the model call just finished: it goes on the latest agent step that has no usage yet.
 * Codex repeats a token_count with unchanged totals (e.g. when only rate limits changed): counted, not used twice.
 */
function tokenCount(st: State, p: Raw, line: number): void {
  const info = p.info;
  if (!isRecord(info)) return skip(st, "event_msg:token_count (no usage)");
  const totalKey = safeJson(info.total_token_usage);
  if (totalKey === st.lastTotal) return skip(st, "event_msg:token_count (repeat)");
  st.lastTotal = totalKey;
  if (isRecord(info.total_token_usage)) st.finalTotal = info.total_token_usage;
  close(st);
  const target = st.lastAgent && st.lastAgent.metrics === null ? st.lastAgent : null;
  if (!isRecord(info.last_token_usage)) {
    note(st, "codex.token_count", "token_count without last_token_usage: the model call has no per-step usage", line);
  } else if (target === null) {
    note(
      st,
      "codex.token_count",
      "token_count follows no model output without usage; counted in final_metrics only",
      line,
    );
  } else {
    target.metrics = usageMetrics(info.last_token_usage);
  }
}

function compacted(st: State, p: Raw, at: string | null): void {
  close(st);
  const summary = str(p.message);
  const replaced = Array.isArray(p.replacement_history) ? p.replacement_history.length : null;
  const d = push(st, newDraft("system", at, { ...cwd(st), kind: "compacted" }));
  d.texts.push(
    "Codex compacted the conversation: the history before this point was replaced" +
      (summary ? ` by this summary:\n\n${summary}` : " (no summary text in the log)."),
  );
  d.extra.context_management = {
    kind: "compaction",
    ...(replaced !== null ? { replacement_history_items: replaced } : {}),
  };
}

function document(st: State, name: string): AtifTrajectoryJson {
  const meta = st.meta ?? {};
  const steps = st.drafts.map((d, i) => finishDraft(d, i + 1, "codex"));
  const { id: _id, cli_version: _v, instructions, ...rest } = meta;
  const atif: AtifTrajectoryJson = {
    schema_version: "ATIF-v1.6",
    session_id: str(meta.id) ?? name.replace(/^.*[\\/]/, "").replace(/\.jsonl?$/i, ""),
    agent: {
      name: "codex",
      version: str(meta.cli_version) ?? "unknown",
      ...(st.firstModel ? { model_name: st.firstModel } : {}),
    },
    steps,
    extra: { codex: { ...rest, ...(typeof instructions === "string" ? { instructions } : {}) } },
  };
  const t = st.finalTotal;
  if (t) {
    const m = usageMetrics(t);
    atif.final_metrics = {
      ...(m.prompt_tokens !== undefined ? { total_prompt_tokens: m.prompt_tokens } : {}),
      ...(m.completion_tokens !== undefined ? { total_completion_tokens: m.completion_tokens } : {}),
      ...(m.cached_tokens !== undefined ? { total_cached_tokens: m.cached_tokens } : {}),
      total_steps: steps.length,
      ...(m.extra ? { extra: m.extra } : {}),
    };
  }
  return atif;
}
