// Steps while they are being assembled (the Codex reader, and the OpenHands reader too): an agent step collects the
// items of one model call (reasoning, messages, calls) and, later, the outputs of its calls, which may arrive after
// other steps began, so every step stays a draft until the file ends.
import type { AtifMetricsJson, AtifObservationResultJson, AtifStepJson, AtifToolCallJson } from "../atif";

type Raw = Record<string, unknown>;

export interface Draft {
  source: "user" | "agent" | "system";
  timestamp: string | null;
  model: string | null;
  texts: string[];
  reasoning: string[];
  calls: AtifToolCallJson[];
  results: AtifObservationResultJson[];
  metrics: AtifMetricsJson | null;
  /** Kept under `extra.<format>` (extra.codex, extra.openhands). */
  own: Raw;
  /** Other top-level extra keys (context_management). */
  extra: Raw;
}

export function newDraft(source: Draft["source"], timestamp: string | null, own: Raw): Draft {
  return {
    source,
    timestamp,
    model: null,
    texts: [],
    reasoning: [],
    calls: [],
    results: [],
    metrics: null,
    own,
    extra: {},
  };
}

export function finishDraft(d: Draft, stepId: number, format: string): AtifStepJson {
  const step: AtifStepJson = { step_id: stepId, source: d.source, message: d.texts.join("\n") };
  if (d.timestamp !== null) step.timestamp = d.timestamp;
  if (d.model !== null) step.model_name = d.model;
  if (d.source === "agent") step.reasoning_content = d.reasoning.length ? d.reasoning.join("\n") : null;
  if (d.calls.length) step.tool_calls = d.calls;
  if (d.results.length) step.observation = { results: d.results };
  if (d.metrics) step.metrics = d.metrics;
  step.extra = { ...d.extra, [format]: d.own };
  return step;
}
