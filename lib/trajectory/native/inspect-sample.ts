// One sample of an Inspect AI log (an `.eval` entry samples/<id>_epoch_<n>.json, already parsed) as one ATIF
// document. The steps come from the sample's events (inspect-events.ts); the sample gives the task input, the
// scores, the usage totals per model and the attachments that events refer to. The log around it (header,
// other samples) is read by inspect-log.ts.
import type { AtifFinalMetricsJson, AtifStepJson, AtifTrajectoryJson } from "../atif";
import { isRecord, num, str } from "../values";
import { Attachments, readMessage } from "./inspect-content";
import { errorStep, takeResults, walkEvents, walkMessages, type Step, type Walk } from "./inspect-events";
import type { Converted, ReaderNote } from "./types";

type Raw = Record<string, unknown>;

export function isInspectSample(input: unknown): boolean {
  return (
    isRecord(input) &&
    Array.isArray(input.events) &&
    Array.isArray(input.messages) &&
    (typeof input.epoch === "number" || typeof input.epoch === "string")
  );
}

export function inspectSampleToAtif(input: unknown, name: string): Converted {
  const sample = isRecord(input) ? input : {};
  const att = new Attachments(isRecord(sample.attachments) ? sample.attachments : {});
  const tasks = taskTexts(sample.input, att);
  const events = Array.isArray(sample.events) ? sample.events : [];
  const hasModelEvents = events.some((e) => isRecord(e) && e.event === "model");
  const walk = hasModelEvents
    ? walkEvents(events, sample, att, tasks)
    : walkMessages(Array.isArray(sample.messages) ? sample.messages : [], att, tasks);
  if (!hasModelEvents) {
    walk.notes.push({
      code: "inspect.no_model_events",
      message: "the sample has no model events: steps are its messages, without usage",
    });
    for (const e of events) {
      const type = (isRecord(e) ? str(e.event) : null) ?? "(no event type)";
      walk.skipped[type] = (walk.skipped[type] ?? 0) + 1;
    }
  } else {
    // Results of the last calls come after the last model event: the sample's messages hold them.
    takeResults(walk, Array.isArray(sample.messages) ? sample.messages : []);
  }
  if (isRecord(sample.error) && !walk.errorSeen) errorStep(walk, sample.error, {});
  const steps = withTask(walk.steps, tasks);
  const notes: ReaderNote[] = [...walk.notes, ...modelNotes(walk.models)];
  for (const hash of att.unresolved)
    notes.push({
      code: "inspect.attachment_unresolved",
      message: `attachment://${hash} is not in the sample's attachments; left as written`,
    });
  const final = finalMetrics(sample.model_usage, steps.length);
  const atif: AtifTrajectoryJson = {
    schema_version: "ATIF-v1.6",
    session_id: `inspect:${idText(sample.id)}:${idText(sample.epoch)}`,
    agent: {
      name: walk.solvers.length ? `inspect:${walk.solvers[0]}` : "inspect",
      version: "unknown",
      ...(walk.models.size ? { model_name: [...walk.models.keys()][0]! } : {}),
    },
    notes: `Converted from an Inspect AI sample (${name}).`,
    steps,
    ...(final ? { final_metrics: final } : {}),
    extra: { inspect: sampleExtra(sample, walk, att) },
  };
  return { atif, notes, skipped: walk.skipped };
}

function idText(v: unknown): string {
  return typeof v === "string" || typeof v === "number" ? String(v) : "unknown";
}

/** The sample's input as texts: a string, or the user messages of a message list. */
function taskTexts(input: unknown, att: Attachments): Set<string> {
  if (typeof input === "string") return new Set([att.text(input).trim()]);
  if (!Array.isArray(input)) return new Set();
  return new Set(
    input.filter((m) => isRecord(m) && m.role === "user").map((m) => readMessage(m as Raw, att).text.trim()),
  );
}

/**
 * The sample's input is the run's request. When no model input carried it (the agent rewrote it, or the log has
 * no model events), it is put first after the leading system steps, so the request is never lost.
 */
function withTask(steps: Step[], tasks: Set<string>): AtifStepJson[] {
  const out = [...steps];
  const shown = new Set(out.filter((s) => s.source === "user").map((s) => String(s.message).trim()));
  const missing = [...tasks].filter((t) => t !== "" && !shown.has(t));
  if (missing.length) {
    let at = out.findIndex((s) => s.source !== "system");
    if (at < 0) at = out.length;
    out.splice(
      at,
      0,
      ...missing.map((t): Step => ({ source: "user", message: t, extra: { inspect: { kind: "sample_input" } } })),
    );
  }
  return out.map((s, i) => ({ step_id: i + 1, ...s }));
}

function modelNotes(models: Map<string, number>): ReaderNote[] {
  if (models.size < 2) return [];
  const named = [...models].map(([m, n]) => `${m} (${n})`).join(", ");
  return [
    {
      code: "inspect.models",
      message: `the agent's model calls name several models: ${named}; agent.model_name is the first`,
    },
  ];
}

/** `model_usage` per model, summed; Inspect's input_tokens exclude cache reads and writes (inspect-content.ts). */
function finalMetrics(usage: unknown, steps: number): AtifFinalMetricsJson | null {
  if (!isRecord(usage)) return null;
  const models = Object.values(usage).filter(isRecord);
  if (models.length === 0) return null;
  const sum = (f: (u: Raw) => number) => models.reduce((a, u) => a + f(u), 0);
  const costs = models.map((u) => num(u.total_cost)).filter((c): c is number => c !== null);
  return {
    total_prompt_tokens: sum(
      (u) =>
        (num(u.input_tokens) ?? 0) + (num(u.input_tokens_cache_read) ?? 0) + (num(u.input_tokens_cache_write) ?? 0),
    ),
    total_completion_tokens: sum((u) => num(u.output_tokens) ?? 0),
    total_cached_tokens: sum((u) => num(u.input_tokens_cache_read) ?? 0),
    ...(costs.length ? { total_cost_usd: costs.reduce((a, c) => a + c, 0) } : {}),
    total_steps: steps,
    extra: { inspect: { model_usage: usage } },
  };
}

function sampleExtra(sample: Raw, walk: Walk, att: Attachments): Raw {
  const init = walk.sampleInit ?? {};
  const initKept = Object.fromEntries(
    ["id", "target", "sandbox", "setup", "metadata"].filter((k) => init[k] !== undefined).map((k) => [k, init[k]]),
  );
  if (isRecord(init.files)) initKept.files = Object.keys(init.files);
  return {
    sample_id: sample.id ?? null,
    epoch: sample.epoch ?? null,
    ...(str(sample.uuid) ? { sample_uuid: sample.uuid } : {}),
    target: att.deep(sample.target ?? null),
    scores: att.deep(sample.scores ?? null),
    solvers: walk.solvers,
    models: Object.fromEntries(walk.models),
    ...(isRecord(sample.metadata) && Object.keys(sample.metadata).length
      ? { metadata: att.deep(sample.metadata) }
      : {}),
    ...(isRecord(sample.role_usage) && Object.keys(sample.role_usage).length ? { role_usage: sample.role_usage } : {}),
    ...(Object.keys(initKept).length ? { sample_init: att.deep(initKept) } : {}),
    ...(sample.limit !== undefined && sample.limit !== null ? { limit: sample.limit } : {}),
    ...(isRecord(sample.error) ? { error: att.deep(sample.error) } : {}),
    started_at: sample.started_at ?? null,
    completed_at: sample.completed_at ?? null,
    total_time: sample.total_time ?? null,
    working_time: sample.working_time ?? null,
  };
}
