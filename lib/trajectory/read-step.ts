// One ATIF step, read leniently. Every version since v1.0 is a subset of v1.8 here: fields a version lacks are
// simply absent, fields of the wrong shape become warnings and the step is still shown.
import type {
  AtifMetricsJson,
  AtifObservationResultJson,
  AtifStepJson,
  AtifSubagentRefJson,
  AtifToolCallJson,
  Lenient,
} from "./atif";
import type { ObservationResult, Step, StepMetrics, SubagentRef, ToolCall } from "./model";
import { contentText, isRecord, num, safeJson, str } from "./values";
import type { WarningSink } from "./warnings";
import { jsonDepthExcess } from "../common/json-depth";

const SOURCES = new Set(["user", "agent", "system"]);

export function readStep(raw: unknown, n: number, file: number, warn: WarningSink): Step {
  if (!isRecord(raw)) {
    warn.add("step.not_object", `step ${n} is not an object; shown as its JSON`, n);
    return emptyStep(n, file, safeJson(raw));
  }
  const step: Lenient<AtifStepJson> = raw;
  const stepId = num(step.step_id);
  if (stepId === null || !Number.isInteger(stepId)) warn.add("step.id", `step ${n} has no integer step_id`, n);
  let source = str(step.source);
  if (source === null) {
    warn.add("step.source", `step ${n} has no source; shown as "unknown"`, n);
    source = "unknown";
  } else if (!SOURCES.has(source)) {
    warn.add("step.source", `step ${n} has source "${source}", not user, agent or system`, n);
  }
  const message = contentText(step.message);
  if (message.odd)
    warn.add("step.message_shape", `step ${n}: message is neither text nor content parts; shown as JSON`, n);
  const reasoning =
    step.reasoning_content === undefined || step.reasoning_content === null
      ? null
      : contentText(step.reasoning_content).text;
  const extra = isRecord(step.extra) ? step.extra : null;
  const toolCalls = readToolCalls(step.tool_calls, n, warn, str(extra?.cwd) ?? undefined);
  return {
    n,
    stepId: stepId !== null && Number.isInteger(stepId) ? stepId : null,
    file,
    source,
    timestamp: str(step.timestamp),
    model: str(step.model_name),
    message: message.text,
    reasoning,
    toolCalls,
    results: readObservation(step.observation, toolCalls, n, warn),
    metrics: readMetrics(step.metrics, n, warn),
    copied: step.is_copied_context === true,
    sidechain: extra?.is_sidechain === true,
    extra,
  };
}

function emptyStep(n: number, file: number, message: string): Step {
  return {
    n,
    stepId: null,
    file,
    source: "unknown",
    timestamp: null,
    model: null,
    message,
    reasoning: null,
    toolCalls: [],
    results: [],
    metrics: null,
    copied: false,
    sidechain: false,
    extra: null,
  };
}

function readToolCalls(value: unknown, n: number, warn: WarningSink, cwd: string | undefined): ToolCall[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) {
    warn.add("step.tool_calls", `step ${n}: tool_calls is not a list; ignored`, n);
    return [];
  }
  return value.map((call, i) => {
    if (!isRecord(call)) {
      warn.add("step.tool_calls", `step ${n}: tool call ${i + 1} is not an object`, n);
      return { id: `step${n}-call${i + 1}`, name: "unknown", args: call as unknown };
    }
    const c: Lenient<AtifToolCallJson> = call;
    // `name`: not ATIF, but some exporters write it for function_name.
    const id = str(c.tool_call_id) ?? `step${n}-call${i + 1}`;
    const name = str(c.function_name) ?? str(call.name) ?? "unknown";
    if (name === "unknown") warn.add("step.tool_calls", `step ${n}: tool call ${i + 1} has no function_name`, n);
    return cwd === undefined
      ? { id, name, args: readArguments(c.arguments) }
      : { id, name, args: readArguments(c.arguments), cwd };
  });
}

/**
 * Arguments are an object in every version, but some exporters write the JSON text instead. That text is
 * inside a string, so the file's depth check did not see it: it is checked here, and text nested deeper than
 * lib/common/json-depth.ts allows stays a string (what reads arguments, and postMessage, recurse).
 */
export function readArguments(value: unknown): unknown {
  if (typeof value !== "string") return value ?? {};
  const t = value.trim();
  if ((t.startsWith("{") || t.startsWith("[")) && jsonDepthExcess(t) === null) {
    try {
      return JSON.parse(t) as unknown;
    } catch {
      return value;
    }
  }
  return value;
}

function readObservation(value: unknown, calls: ToolCall[], n: number, warn: WarningSink): ObservationResult[] {
  if (value === undefined || value === null) return [];
  const list = isRecord(value) ? value.results : undefined;
  if (!Array.isArray(list)) {
    warn.add("step.observation", `step ${n}: observation has no results list; ignored`, n);
    return [];
  }
  const ids = new Set(calls.map((c) => c.id));
  const claimed = new Set(
    list
      .map((r) => (isRecord(r) ? str((r as Lenient<AtifObservationResultJson>).source_call_id) : null))
      .filter((id): id is string => id !== null),
  );
  // Results without source_call_id answer the calls no other result names, in order (v1.0 files, Terminus).
  const unclaimed = calls.filter((c) => !claimed.has(c.id));
  let next = 0;
  return list.map((r) => {
    const rec: Lenient<AtifObservationResultJson> = isRecord(r) ? r : {};
    const content = contentText(isRecord(r) ? rec.content : r);
    if (content.odd)
      warn.add("step.observation", `step ${n}: an observation content is neither text nor content parts`, n);
    const subagents = readSubagentRefs(rec.subagent_trajectory_ref);
    let callId = str(rec.source_call_id);
    let pairedBy: ObservationResult["pairedBy"] = null;
    if (callId !== null) {
      pairedBy = "id";
      if (!ids.has(callId))
        warn.add(
          "step.observation_call",
          `step ${n}: observation answers call "${callId}", which this step does not make`,
          n,
        );
    } else if (subagents.length === 0 && next < unclaimed.length) {
      callId = unclaimed[next++]!.id;
      pairedBy = "position";
    }
    const isError = isRecord(rec.extra) && rec.extra.is_error === true;
    return { callId, pairedBy, content: content.text, subagents, isError };
  });
}

/** A single reference object (v1.2–v1.6) or a list of them (v1.7+). */
export function readSubagentRefs(value: unknown): SubagentRef[] {
  if (value === undefined || value === null) return [];
  const list = Array.isArray(value) ? value : [value];
  return list.filter(isRecord).map((ref: Lenient<AtifSubagentRefJson>) => ({
    sessionId: str(ref.session_id),
    trajectoryId: str(ref.trajectory_id),
    path: str(ref.trajectory_path),
    summary: isRecord(ref.extra) ? str(ref.extra.summary) : null,
  }));
}

function readMetrics(value: unknown, n: number, warn: WarningSink): StepMetrics | null {
  if (value === undefined || value === null) return null;
  if (!isRecord(value)) {
    warn.add("step.metrics", `step ${n}: metrics is not an object; ignored`, n);
    return null;
  }
  const metrics: Lenient<AtifMetricsJson> = value;
  // input_tokens / output_tokens: not ATIF, written by some exporters for prompt / completion.
  const m: StepMetrics = {
    prompt: num(metrics.prompt_tokens) ?? num(value.input_tokens),
    completion: num(metrics.completion_tokens) ?? num(value.output_tokens),
    cached: num(metrics.cached_tokens),
    cost: num(metrics.cost_usd),
  };
  // A negative count or cost is a producer's bug, not usage: it is named and left out of every sum.
  for (const [key, field] of [
    ["prompt", "prompt_tokens"],
    ["completion", "completion_tokens"],
    ["cached", "cached_tokens"],
    ["cost", "cost_usd"],
  ] as const) {
    const v = m[key];
    if (v !== null && v < 0) {
      warn.add("step.metrics_negative", `step ${n}: ${field} is ${v}, negative; not counted in any total`, n);
      m[key] = null;
    }
  }
  if (m.prompt !== null && m.cached !== null && m.cached > m.prompt) {
    warn.add(
      "step.metrics",
      `step ${n}: cached_tokens (${m.cached}) exceed prompt_tokens (${m.prompt}), which include them`,
      n,
    );
  }
  return m;
}
