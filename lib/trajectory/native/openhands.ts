// OpenHands event streams as one ATIF document: the JSON list `save_trajectory_path` writes (a list of
// `event_to_trajectory` dicts), or the same list under `trajectory` as the server's trajectory endpoint returns it.
// An agent action is a tool call; actions from one model response (same model_response.id) make ONE agent step, whose
// usage is counted once; an observation is the result of the action its `cause` names. State changes, null
// observations and the system prompt event are counted, not shown. A reply without a tool call has no
// tool_call_metadata: its usage (and every step's cost) is read from the running totals the actions carry.
import type { AtifTrajectoryJson } from "../atif";
import { isRecord, num, str } from "../values";
import { finishDraft, newDraft, type Draft } from "./step-draft";
import {
  costBetween,
  isEvent,
  metadata,
  modelCall,
  NO_CALLS_YET,
  outcome,
  reportedTotals,
  runningTotals,
  toolCallOf,
  usageBetween,
  type RunningTotals,
} from "./openhands-events";
import type { Converted, ReaderNote } from "./types";

type Raw = Record<string, unknown>;

const SKIPPED_ACTIONS = new Set(["change_agent_state", "system"]);
const SKIPPED_OBSERVATIONS = new Set(["agent_state_changed", "null"]);

function eventList(input: unknown): unknown[] | null {
  if (Array.isArray(input)) return input as unknown[];
  // The endpoint's wrapper; SWE-agent's `trajectory` comes with `history`/`info`, whose entries are no events.
  if (isRecord(input) && Array.isArray(input.trajectory) && !("history" in input) && !("info" in input))
    return input.trajectory as unknown[];
  return null;
}

/** Every object in the list is an event (action xor observation) and at least one carries a numeric id. */
export function isOpenHands(input: unknown): boolean {
  const list = eventList(input);
  if (!list || list.length === 0) return false;
  const objects = list.filter(isRecord);
  return objects.length > 0 && objects.every(isEvent) && objects.some((e) => typeof e.id === "number");
}

interface State {
  drafts: Draft[];
  notes: ReaderNote[];
  skipped: Record<string, number>;
  /** The step and call an action became, by the action's event id (what an observation's `cause` names). */
  byAction: Map<number, { draft: Draft; callId: string }>;
  byCallId: Map<string, Draft>;
  byResponse: Map<string, Draft>;
  firstModel: string | null;
  llmMetrics: Raw | null;
  /** Whether any event carries running totals (llm_metrics); without them no usage is missing, only absent. */
  hasTotals: boolean;
  /** The running totals of the last event that carried them. */
  totals: RunningTotals | null;
  /** Agent steps (model responses) begun since that event. */
  responsesSince: number;
  /** The agent step the event being read began, if it began one. */
  begun: Draft | null;
}

export function openHandsToAtif(input: unknown, name: string): Converted {
  const st: State = {
    drafts: [],
    notes: [],
    skipped: {},
    byAction: new Map(),
    byCallId: new Map(),
    byResponse: new Map(),
    firstModel: null,
    llmMetrics: null,
    hasTotals: false,
    totals: null,
    responsesSince: 0,
    begun: null,
  };
  const list = eventList(input);
  st.hasTotals = (list ?? []).some((ev) => isRecord(ev) && isRecord(ev.llm_metrics));
  if (list === null)
    st.notes.push({ code: "openhands.input", message: "neither a list of events nor {trajectory: [...]}" });
  (list ?? []).forEach((ev, i) => readEvent(st, ev, i + 1));
  return { atif: document(st, name), notes: st.notes, skipped: st.skipped };
}

function skip(st: State, key: string): void {
  st.skipped[key] = (st.skipped[key] ?? 0) + 1;
}

function push(st: State, d: Draft): Draft {
  st.drafts.push(d);
  return d;
}

function readEvent(st: State, ev: unknown, line: number): void {
  if (!isRecord(ev)) {
    st.notes.push({ code: "openhands.event", message: "not an object; skipped", line });
    return;
  }
  const carried = isRecord(ev.llm_metrics) ? ev.llm_metrics : null;
  if (carried) st.llmMetrics = carried;
  st.begun = null;
  if (typeof ev.action === "string") action(st, ev, ev.action, line);
  else if (typeof ev.observation === "string") observation(st, ev, ev.observation);
  else
    st.notes.push({
      code: "openhands.event",
      message: "an event with neither `action` nor `observation`; skipped",
      line,
    });
  fromRunningTotals(st, ev, carried, line);
}

/**
 * The running totals grow by the usage of every model call made since the previous event that carried them
 * (from zero at the conversation's start). When the step this event began is the only model response in between,
 * the growth is its usage (if the response did not give its own) and its cost. A condensation carrying totals
 * closes an interval too, so the condenser's calls fall into no step.
 */
function fromRunningTotals(st: State, ev: Raw, carried: Raw | null, line: number): void {
  const step = st.begun;
  if (!carried) {
    if (step && !step.metrics && st.hasTotals) unrecovered(st, step, ev, line, "its event carries no running totals");
    return;
  }
  const now = runningTotals(carried);
  const before = st.totals ?? NO_CALLS_YET;
  const others = st.responsesSince - (step ? 1 : 0);
  st.totals = now;
  st.responsesSince = 0;
  if (!step) return;
  if (others > 0) {
    const why = `the running totals since the previous event that carried them also cover ${others} other model response${others === 1 ? "" : "s"}`;
    if (!step.metrics) unrecovered(st, step, ev, line, why);
    return;
  }
  if (!step.metrics) {
    const usage = usageBetween(now, before);
    if ("why" in usage) return unrecovered(st, step, ev, line, usage.why);
    step.metrics = usage.metrics;
    step.own.usage_from = "llm_metrics.accumulated_token_usage";
  }
  const cost = costBetween(now, before);
  if (cost === null) return;
  step.metrics = { ...step.metrics, cost_usd: cost };
  step.own.cost_from = "llm_metrics.accumulated_cost";
}

function unrecovered(st: State, step: Draft, ev: Raw, line: number, why: string): void {
  const n = st.drafts.indexOf(step) + 1;
  st.notes.push({
    code: "openhands.usage_unrecovered",
    message: `agent step ${n} (event ${num(ev.id) ?? "without id"}) has no usage of its own and ${why}: its usage is not counted`,
    line,
  });
}

function own(ev: Raw, more: Raw = {}): Raw {
  return { ...(typeof ev.id === "number" ? { event_id: ev.id } : {}), ...more };
}

function action(st: State, ev: Raw, type: string, line: number): void {
  if (SKIPPED_ACTIONS.has(type)) return skip(st, `action:${type}`);
  const source = str(ev.source);
  const args = isRecord(ev.args) ? ev.args : {};
  const at = str(ev.timestamp);
  if (type === "message") {
    const text = str(args.content) ?? str(ev.message) ?? "";
    const images = Array.isArray(args.image_urls) && args.image_urls.length ? { images: args.image_urls.length } : {};
    if (source === "agent") {
      const d = agentStep(st, ev);
      (d.own.actions as string[]).push(type);
      d.texts.push(text);
      return;
    }
    const kind = source === "user" ? {} : { kind: "message", source };
    push(st, newDraft(source === "user" ? "user" : "system", at, own(ev, { ...kind, ...images }))).texts.push(text);
    return;
  }
  if (type === "condensation") return condensation(st, ev, args);
  // Only the agent's actions are model calls; user- or environment-issued ones (recall, pause, …) are counted.
  if (source !== "agent") return skip(st, `action:${type}`);
  const d = agentStep(st, ev);
  const call = toolCallOf(ev, `openhands-${num(ev.id) ?? `record-${line}`}`);
  d.calls.push(call);
  (d.own.actions as string[]).push(type);
  const thought = str(args.thought);
  if (thought && !d.texts.includes(thought)) d.texts.push(thought);
  st.byCallId.set(call.tool_call_id, d);
  if (typeof ev.id === "number") st.byAction.set(ev.id, { draft: d, callId: call.tool_call_id });
}

/** The step of the model response an agent event came from: a new one, or the one an earlier call of it made. */
function agentStep(st: State, ev: Raw): Draft {
  const tcm = metadata(ev);
  const mc = modelCall(tcm);
  const known = mc?.responseId ? st.byResponse.get(mc.responseId) : undefined;
  const id = typeof ev.id === "number" ? [ev.id] : [];
  if (known) {
    (known.own.event_ids as number[]).push(...id);
    return known;
  }
  const d = push(st, newDraft("agent", str(ev.timestamp), { event_ids: id, actions: [] }));
  st.begun = d;
  st.responsesSince += 1;
  if (mc) {
    d.model = mc.model;
    st.firstModel ??= mc.model;
    if (mc.reasoning) d.reasoning.push(mc.reasoning);
    d.metrics = mc.metrics;
    if (mc.responseId) {
      st.byResponse.set(mc.responseId, d);
      d.own.response_id = mc.responseId;
    }
    const total = num(tcm?.total_calls_in_response);
    if (total !== null) d.own.total_calls_in_response = total;
  }
  return d;
}

function observation(st: State, ev: Raw, type: string): void {
  if (SKIPPED_OBSERVATIONS.has(type)) return skip(st, `observation:${type}`);
  const tcm = metadata(ev);
  const byCause = typeof ev.cause === "number" ? st.byAction.get(ev.cause) : undefined;
  const callId = byCause?.callId ?? (tcm ? str(tcm.tool_call_id) : null);
  const draft = byCause?.draft ?? (callId !== null ? st.byCallId.get(callId) : undefined);
  const content = str(ev.content) ?? "";
  if (!draft || callId === null) {
    // Not the answer to a call of the model (a recall of workspace context, an error of the controller, …).
    const d = push(
      st,
      newDraft("system", str(ev.timestamp), own(ev, { kind: `observation:${type}`, cause: ev.cause ?? null })),
    );
    d.texts.push(content);
    return;
  }
  const { exitCode, isError } = outcome(ev);
  const extra: Raw = { ...(isError ? { is_error: true } : {}), ...(exitCode !== null ? { exit_code: exitCode } : {}) };
  draft.results.push({ source_call_id: callId, content, ...(Object.keys(extra).length ? { extra } : {}) });
}

function condensation(st: State, ev: Raw, args: Raw): void {
  const ids = Array.isArray(args.forgotten_event_ids) ? args.forgotten_event_ids : null;
  const start = num(args.forgotten_events_start_id);
  const end = num(args.forgotten_events_end_id);
  const range = ids ? `${ids.length} events` : start !== null && end !== null ? `events ${start}–${end}` : "events";
  const summary = str(args.summary);
  const d = push(st, newDraft("system", str(ev.timestamp), own(ev, { kind: "condensation" })));
  d.texts.push(
    `OpenHands condensed its history: ${range} are no longer shown to the model` +
      (summary ? `; summary:\n\n${summary}` : "."),
  );
  d.extra.context_management = {
    kind: "condensation",
    ...(ids ? { forgotten_event_ids: ids } : {}),
    ...(start !== null ? { forgotten_events_start_id: start } : {}),
    ...(end !== null ? { forgotten_events_end_id: end } : {}),
  };
}

function document(st: State, name: string): AtifTrajectoryJson {
  const steps = st.drafts.map((d, i) => finishDraft(d, i + 1, "openhands"));
  const atif: AtifTrajectoryJson = {
    schema_version: "ATIF-v1.6",
    session_id: name.replace(/^.*[\\/]/, "").replace(/\.json$/i, ""),
    agent: { name: "openhands", version: "unknown", ...(st.firstModel ? { model_name: st.firstModel } : {}) },
    steps,
  };
  const totals = st.llmMetrics ? reportedTotals(st.llmMetrics, steps.length) : null;
  if (totals) atif.final_metrics = totals;
  return atif;
}
