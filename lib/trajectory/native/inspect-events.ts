// An Inspect sample's `events` as ATIF steps. Each model event is one model call: an agent step (a scorer's
// call, inside a `scorer` span, is a system step: the grader is not the agent). The messages a model event's
// input adds to the conversation become steps before it: system messages and harness-injected context as
// system steps, the sample's input and any later user message as user steps; tool messages of the input are
// the results of the calls an earlier step made (agents bridged into Inspect, such as Codex CLI, log no tool
// events). Tool events answer their call; score and error events are system steps; the rest is counted.
import type { AtifStepJson } from "../atif";
import { isRecord, num, safeJson, str } from "../values";
import { readMessage, toolCall, toolResultText, usageMetrics, type Attachments } from "./inspect-content";
import type { ReaderNote } from "./types";

type Raw = Record<string, unknown>;
export type Step = Omit<AtifStepJson, "step_id">;

// Context a harness or agent CLI writes as a user message: not a request.
const INJECTED =
  /^\s*(<(environment_context|user_instructions|permissions instructions|skills_instructions|developer_instructions|system-reminder)>|# AGENTS\.md instructions)/;

export interface Walk {
  steps: Step[];
  notes: ReaderNote[];
  skipped: Record<string, number>;
  /** Models of the agent's (not the scorers') model events, with their counts. */
  models: Map<string, number>;
  solvers: string[];
  sampleInit: Raw | null;
  errorSeen: boolean;
}

interface State extends Walk {
  att: Attachments;
  pool: unknown[];
  tasks: Set<string>;
  seen: Set<string>;
  byCall: Map<string, Step>;
  answered: Set<string>;
  spans: Map<string, { type: string | null; name: string | null; parent: string | null }>;
}

function newState(att: Attachments, tasks: Set<string>, pool: unknown[]): State {
  return {
    ...{ steps: [], notes: [], skipped: {}, models: new Map(), solvers: [], sampleInit: null, errorSeen: false },
    ...{ att, tasks, pool, seen: new Set(), byCall: new Map(), answered: new Set(), spans: new Map() },
  };
}

export function walkEvents(events: unknown[], sample: Raw, att: Attachments, tasks: Set<string>): Walk {
  const data = isRecord(sample.events_data) ? sample.events_data : {};
  const st = newState(att, tasks, Array.isArray(data.messages) ? data.messages : []);
  events.forEach((e, i) =>
    isRecord(e) ? onEvent(st, e, i + 1) : note(st, "inspect.event", "event is not an object; skipped", i + 1),
  );
  return st;
}

/** Tool results the model inputs did not carry (those after the last model call), from the sample's messages. */
export function takeResults(walk: Walk, messages: unknown[]): void {
  const st = walk as State;
  for (const m of messages) if (isRecord(m) && m.role === "tool") onToolMessage(st, m, readMessage(m, st.att).text);
}

/** Without model events (a log written without them), the sample's messages are the conversation. */
export function walkMessages(messages: unknown[], att: Attachments, tasks: Set<string>): Walk {
  const st = newState(att, tasks, []);
  messages.forEach((m, i) => {
    if (!isRecord(m)) return note(st, "inspect.message", "sample message is not an object; skipped", i + 1);
    if (m.role !== "assistant") return onInput(st, m, {});
    const view = readMessage(m, att);
    agentStep(st, { source: "agent", message: view.text, reasoning_content: view.reasoning }, view.toolCalls);
  });
  return st;
}

function note(st: State, code: string, message: string, line?: number): void {
  st.notes.push({ code, message, ...(line !== undefined ? { line } : {}) });
}

function count(st: State, type: string): void {
  st.skipped[type] = (st.skipped[type] ?? 0) + 1;
}

function onEvent(st: State, e: Raw, line: number): void {
  const type = str(e.event) ?? "(no event type)";
  if (type === "model") onModel(st, e, line);
  else if (type === "tool") onTool(st, e, line);
  else if (type === "score") onScore(st, e);
  else if (type === "error") onError(st, e, line);
  else {
    if (type === "span_begin") onSpan(st, e);
    if (type === "sample_init" && st.sampleInit === null && isRecord(e.sample)) st.sampleInit = e.sample;
    count(st, type);
  }
}

function onSpan(st: State, e: Raw): void {
  const id = str(e.id) ?? str(e.span_id);
  if (id !== null) st.spans.set(id, { type: str(e.type), name: str(e.name), parent: str(e.parent_id) });
  const name = str(e.name);
  if (e.type === "solver" && name !== null && !st.solvers.includes(name)) st.solvers.push(name);
}

/** The name of the scorer span enclosing an event, or null when the event is the agent's. */
function scorerOf(st: State, spanId: string | null): string | null {
  for (let id = spanId, hops = 0; id !== null && hops < 100; hops++) {
    const span = st.spans.get(id);
    if (!span) return null;
    if (span.type === "scorer" || span.type === "scorers") return span.name ?? "scorer";
    id = span.parent;
  }
  return null;
}

function onModel(st: State, e: Raw, line: number): void {
  const output = isRecord(e.output) ? e.output : {};
  const choice = Array.isArray(output.choices) && isRecord(output.choices[0]) ? output.choices[0] : {};
  const view = readMessage(isRecord(choice.message) ? choice.message : { content: output.completion ?? "" }, st.att);
  const model = str(e.model);
  const metrics = usageMetrics(output.usage);
  const error = str(e.error) ?? str(output.error);
  if (error !== null) note(st, "inspect.model_error", `model call failed: ${st.att.text(error)}`, line);
  const inspect: Raw = {
    ...(str(output.model) ? { output_model: output.model } : {}),
    ...(str(choice.stop_reason) ? { stop_reason: choice.stop_reason } : {}),
    ...(str(e.role) ? { model_role: e.role } : {}),
    ...(str(e.cache) ? { cache: e.cache } : {}),
    ...(error !== null ? { error: st.att.text(error) } : {}),
  };
  const base: Step = {
    source: "agent",
    message: view.text,
    reasoning_content: view.reasoning,
    ...(metrics ? { metrics } : {}),
    ...when(e),
    ...(model ? { model_name: model } : {}),
  };
  const scorer = scorerOf(st, str(e.span_id));
  if (scorer !== null) {
    const prompt = modelInput(st, e, line)
      .filter((m) => m.role === "user")
      .pop();
    const asked = prompt ? readMessage(prompt, st.att).text : null;
    inspect.kind = "scorer_model_call";
    inspect.scorer = scorer;
    st.steps.push({
      ...base,
      source: "system",
      extra: { inspect: { ...inspect, ...(asked ? { input: asked } : {}) } },
    });
    return;
  }
  for (const m of modelInput(st, e, line)) onInput(st, m, when(e));
  if (model) st.models.set(model, (st.models.get(model) ?? 0) + 1);
  agentStep(st, { ...base, ...(Object.keys(inspect).length ? { extra: { inspect } } : {}) }, view.toolCalls);
}

function agentStep(st: State, step: Step, calls: Step["tool_calls"] = []): Step {
  const full: Step = { ...step, ...(calls.length ? { tool_calls: calls } : {}) };
  st.steps.push(full);
  for (const c of calls) st.byCall.set(c.tool_call_id, full);
  return full;
}

/** The event's input: inline, or (condensed logs) ranges into `events_data.messages`. */
function modelInput(st: State, e: Raw, line: number): Raw[] {
  if (Array.isArray(e.input) && e.input.length > 0) return e.input.filter(isRecord);
  if (!Array.isArray(e.input_refs)) return [];
  const out: Raw[] = [];
  for (const ref of e.input_refs) {
    const [start, end] = Array.isArray(ref) ? [num(ref[0]), num(ref[1])] : [null, null];
    if (start === null || end === null || start < 0 || end > st.pool.length || start > end) {
      note(st, "inspect.input_refs", `input_refs range ${safeJson(ref)} is outside events_data.messages`, line);
      continue;
    }
    for (let k = start; k < end; k++) if (isRecord(st.pool[k])) out.push(st.pool[k] as Raw);
  }
  return out;
}

/** A message of a model input not met before; assistant messages are earlier outputs, already steps. */
function onInput(st: State, m: Raw, at: { timestamp?: string }): void {
  const view = readMessage(m, st.att);
  if (view.role === "tool") return onToolMessage(st, m, view.text);
  if (view.role !== "system" && view.role !== "user") return;
  const key = `${view.role}\u0000${view.text}`;
  if (st.seen.has(key)) return;
  st.seen.add(key);
  if (view.role === "system") {
    st.steps.push({ source: "system", message: view.text, ...at, extra: { inspect: { kind: "system_prompt" } } });
  } else if (INJECTED.test(view.text)) {
    st.steps.push({ source: "system", message: view.text, ...at, extra: { inspect: { kind: "injected_context" } } });
  } else {
    const kind = st.tasks.has(view.text.trim()) ? "sample_input" : "later_request";
    st.steps.push({ source: "user", message: view.text, ...at, extra: { inspect: { kind } } });
  }
}

function onToolMessage(st: State, m: Raw, content: string): void {
  const id = str(m.tool_call_id);
  if (id === null || st.answered.has(id)) return;
  const error = isRecord(m.error) ? m.error : null;
  answer(st, id, content || errorText(error), error !== null, null);
}

function onTool(st: State, e: Raw, line: number): void {
  const id = str(e.id) ?? `inspect-tool-${line}`;
  const error = isRecord(e.error) ? e.error : null;
  const content = toolResultText(e.result, st.att) || errorText(error);
  if (st.answered.has(id)) return;
  if (!st.byCall.has(id)) {
    note(
      st,
      "inspect.tool_without_model_call",
      `tool event "${id}" answers a call no model event made; a step is made for it`,
      line,
    );
    agentStep(
      st,
      { source: "agent", message: "", ...when(e), extra: { inspect: { kind: "tool_without_model_call" } } },
      [toolCall(e, st.att, id)],
    );
  }
  answer(st, id, content, error !== null || e.failed === true, line);
}

function answer(st: State, id: string, content: string, isError: boolean, line: number | null): void {
  st.answered.add(id);
  const step = st.byCall.get(id);
  if (!step) {
    note(
      st,
      "inspect.tool_result_unpaired",
      `tool result for call "${id}", which no step made; shown as a system step`,
      line ?? undefined,
    );
    st.steps.push({ source: "system", message: content, extra: { inspect: { kind: "unpaired_tool_result" } } });
    return;
  }
  (step.observation ??= { results: [] }).results.push({
    source_call_id: id,
    content,
    ...(isError ? { extra: { is_error: true } } : {}),
  });
}

function errorText(error: Raw | null): string {
  return error ? `${str(error.type) ?? "error"}: ${str(error.message) ?? ""}` : "";
}

function onScore(st: State, e: Raw): void {
  const score = isRecord(e.score) ? (st.att.deep(e.score) as Raw) : {};
  const scorer = str(e.scorer) ?? scorerOf(st, str(e.span_id));
  const value = typeof score.value === "string" ? score.value : safeJson(score.value ?? null);
  const explanation = str(score.explanation);
  st.steps.push({
    source: "system",
    message: `Score${scorer ? ` (${scorer})` : ""}: ${value}${explanation ? `\n\nExplanation:\n${explanation}` : ""}`,
    ...when(e),
    extra: {
      inspect: {
        kind: "score",
        scorer,
        value: score.value ?? null,
        ...(e.intermediate === true ? { intermediate: true } : {}),
      },
    },
  });
}

function onError(st: State, e: Raw, line: number): void {
  const error = isRecord(e.error) ? e.error : {};
  errorStep(st, error, when(e), line);
}

export function errorStep(st: Walk, error: Raw, at: { timestamp?: string }, line?: number): void {
  const message = (st as State).att.text(str(error.message) ?? safeJson(error));
  st.errorSeen = true;
  st.notes.push({
    code: "inspect.error",
    message: `the sample ended with an error: ${message}`,
    ...(line ? { line } : {}),
  });
  const traceback = str(error.traceback);
  st.steps.push({
    source: "system",
    message: `Inspect error: ${message}`,
    ...at,
    extra: { inspect: { kind: "error", ...(traceback ? { traceback } : {}) } },
  });
}

function when(e: Raw): { timestamp?: string } {
  const t = str(e.timestamp);
  return t ? { timestamp: t } : {};
}
