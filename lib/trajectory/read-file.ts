// One ATIF document (a file, or a subagent embedded in one). The chain reader (chain.ts) joins continuation
// files and resolves subagents; this only reads what a single document says.
import {
  KNOWN_VERSIONS,
  type AtifAgentJson,
  type AtifFinalMetricsJson,
  type AtifTrajectoryJson,
  type Lenient,
} from "./atif";
import type { Step, Totals } from "./model";
import { readStep } from "./read-step";
import { isRecord, num, str } from "./values";
import type { WarningSink } from "./warnings";

export interface AtifDocument {
  name: string;
  schemaVersion: string | null;
  sessionId: string | null;
  trajectoryId: string | null;
  agent: { name: string | null; version: string | null; model: string | null };
  steps: Step[];
  notes: string | null;
  final: Totals | null;
  continuedRef: string | null;
  /** Root `subagent_trajectories` (v1.7+), still raw: the chain reader reads them as documents. */
  embedded: unknown[];
  extra: Record<string, unknown> | null;
}

/** `firstN` numbers the steps of this document after the steps of the files before it. */
export function readDocument(
  raw: unknown,
  name: string,
  file: number,
  firstN: number,
  warn: WarningSink,
): AtifDocument {
  const doc: AtifDocument = {
    name,
    schemaVersion: null,
    sessionId: null,
    trajectoryId: null,
    agent: { name: null, version: null, model: null },
    steps: [],
    notes: null,
    final: null,
    continuedRef: null,
    embedded: [],
    extra: null,
  };
  if (!isRecord(raw)) {
    warn.add("file.not_object", `${name} is not a JSON object; nothing to show`);
    return doc;
  }
  const atif: Lenient<AtifTrajectoryJson> = raw;
  doc.schemaVersion = str(atif.schema_version);
  if (doc.schemaVersion === null) warn.add("file.version", `${name} has no schema_version; read as ATIF v1.x`);
  else if (!KNOWN_VERSIONS.test(doc.schemaVersion))
    warn.add("file.version", `${name}: schema_version "${doc.schemaVersion}" is not ATIF v1.0–v1.8; read anyway`);
  doc.sessionId = str(atif.session_id);
  doc.trajectoryId = str(atif.trajectory_id);
  if (isRecord(raw.agent)) {
    const agent: Lenient<AtifAgentJson> = raw.agent;
    doc.agent = { name: str(agent.name), version: str(agent.version), model: str(agent.model_name) };
  } else {
    warn.add("file.agent", `${name} has no agent object`);
  }
  doc.notes = str(atif.notes);
  doc.extra = isRecord(atif.extra) ? atif.extra : null;
  readConversionAccount(doc.extra?.converted_from, name, warn);
  doc.continuedRef = str(atif.continued_trajectory_ref);
  doc.embedded = Array.isArray(atif.subagent_trajectories) ? atif.subagent_trajectories : [];

  if (!Array.isArray(atif.steps)) {
    warn.add("atif.steps", `${name} has no steps list`);
  } else {
    const steps = atif.steps;
    doc.steps = new Array<Step>(steps.length);
    let outOfSequence = 0;
    let firstOut: number | null = null;
    for (let i = 0; i < steps.length; i++) {
      const step = readStep(steps[i], firstN + i, file, warn);
      if (step.stepId !== null && step.stepId !== i + 1) {
        outOfSequence++;
        firstOut ??= step.n;
      }
      doc.steps[i] = step;
    }
    if (outOfSequence > 0) {
      warn.add(
        "file.step_ids",
        `${name}: ${outOfSequence} step_id(s) are not the step's position (1, 2, 3, …); steps are shown in file order`,
        firstOut ?? undefined,
      );
    }
  }
  // A log of harness events written as ATIF (no model turn at all) opens, but nothing in it is a request.
  if (
    doc.steps.length > 1 &&
    doc.steps.filter((s) => s.source === "system").length >= doc.steps.length - 1 &&
    !doc.steps.some((s) => s.source === "user")
  )
    warn.add(
      "file.system_only",
      `${name} is a log of system events: ${doc.steps.length} steps, none from the user and at most one from the agent; no request to number`,
    );
  doc.final = readFinal(atif.final_metrics, name, warn);
  if (
    doc.final &&
    doc.final.steps !== doc.steps.length &&
    isRecord(atif.final_metrics) &&
    atif.final_metrics.total_steps !== undefined
  ) {
    warn.add(
      "file.total_steps",
      `${name}: final_metrics.total_steps is ${doc.final.steps}, the file has ${doc.steps.length} steps`,
    );
  }
  return doc;
}

function readFinal(value: unknown, name: string, warn: WarningSink): Totals | null {
  if (!isRecord(value)) return null;
  // As for a step's metrics (read-step.ts): a negative total is named and not used.
  const totals: Lenient<AtifFinalMetricsJson> = value;
  const nonNegative = (field: keyof AtifFinalMetricsJson) => {
    const v = num(totals[field]);
    if (v !== null && v < 0) {
      warn.add("file.final_metrics_negative", `${name}: final_metrics.${field} is ${v}, negative; not used`);
      return null;
    }
    return v;
  };
  const prompt = nonNegative("total_prompt_tokens");
  const completion = nonNegative("total_completion_tokens");
  const cached = nonNegative("total_cached_tokens");
  const cost = nonNegative("total_cost_usd");
  const steps = nonNegative("total_steps");
  if (prompt === null && completion === null && cached === null && cost === null && steps === null) return null;
  return { prompt: prompt ?? 0, completion: completion ?? 0, cached: cached ?? 0, cost, steps: steps ?? 0 };
}

/**
 * A converted native log's account (lib/trajectory/native/read-log.ts): each reader note becomes a warning
 * naming the file and its line or record, and the record types skipped on purpose are listed once.
 */
function readConversionAccount(value: unknown, name: string, warn: WarningSink): void {
  if (!isRecord(value)) return;
  const format = str(value.format) ?? "another format";
  const notes = Array.isArray(value.notes) ? value.notes.filter(isRecord) : [];
  for (const note of notes) {
    const line = num(note.line);
    warn.add(
      `convert.${str(note.code) ?? "note"}`,
      `${name}${line !== null ? `, line ${line}` : ""}: ${str(note.message) ?? ""}`,
    );
  }
  const notKept = num(value.notes_not_kept);
  if (notKept) warn.add("convert.notes_not_kept", `${name}: ${notKept} more reader notes were not kept`);
  const skipped = isRecord(value.skipped)
    ? Object.entries(value.skipped).filter(([, n]) => typeof n === "number" && n > 0)
    : [];
  if (skipped.length > 0)
    warn.add(
      "convert.skipped",
      `${name} (${format}): records not shown as steps: ${skipped.map(([type, n]) => `${type} ×${String(n)}`).join(", ")}`,
    );
}
