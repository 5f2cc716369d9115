// The one door through which a trajectory file's text becomes the ATIF document every reader of the project
// reads (lib/trajectory/read-file.ts): ATIF as it is, every other agent's native log converted. The format is
// told by content, never by the file's name: JSON is tried first, then JSON Lines. What a converter could not
// take over is written into the document (`extra.converted_from`: the format, notes naming the line or
// record, counts of skipped record types), so the viewer's warnings, the build's and the converter CLI's
// output all carry the same account.
import { isRecord } from "../values";
import { sweAgentToAtif } from "../swe-agent";
import { claudeCodeToAtif, isClaudeCode } from "./claude-code";
import { codexToAtif, isCodex } from "./codex";
import { inspectSampleToAtif, isInspectSample } from "./inspect-sample";
import { isMiniSweAgent, miniSweAgentToAtif } from "./mini-swe-agent";
import { isOpenHands, openHandsToAtif } from "./openhands";
import type { Converted, JsonlRecord, LogFormat, ReaderNote } from "./types";

export const READ_FORMATS =
  "ATIF v1.0–v1.8 (Harbor's agent/trajectory.json), SWE-agent .traj, mini-swe-agent .traj.json, " +
  "Claude Code session JSONL, Codex CLI rollout JSONL, OpenHands event streams (a JSON list of events) " +
  "and Inspect .eval logs";

/** A file in no format the door reads; `detail` says so without the file's name. */
export class TrajectoryFormatError extends Error {
  constructor(
    name: string,
    readonly detail: string,
  ) {
    super(`${name} ${detail}`);
    this.name = "TrajectoryFormatError";
  }
}

/** Notes kept in a converted document; the rest are counted (a reader may note every line of a bad file). */
const MAX_NOTES = 200;

/** JSON values a file may hold: one document, or a JSON Lines file's records. */
export type LogValue = { kind: "json"; value: unknown } | { kind: "jsonl"; records: JsonlRecord[]; bad: ReaderNote[] };

/** Which format a file's value is in, from its content alone; null when none. */
export function detectLogFormat(log: LogValue): LogFormat | null {
  if (log.kind === "jsonl") {
    if (isClaudeCode(log.records)) return "claude-code";
    if (isCodex(log.records)) return "codex";
    return null;
  }
  const json = log.value;
  if (isRecord(json)) {
    if (isMiniSweAgent(json)) return "mini-swe-agent";
    if (Array.isArray(json.trajectory) && (Array.isArray(json.history) || isRecord(json.info))) return "swe-agent";
    if (isInspectSample(json)) return "inspect";
    if (Array.isArray(json.steps) || (typeof json.schema_version === "string" && /^ATIF/i.test(json.schema_version)))
      return "atif";
    if ("final_metrics" in json || ("agent" in json && "session_id" in json)) return "atif";
    // OpenHands' server exports the event list wrapped (`{"trajectory": [...]}`).
    if (isOpenHands(json)) return "openhands";
    // A JSON Lines file of one line parses as one object.
    const one = [{ line: 1, value: json }];
    if (isClaudeCode(one)) return "claude-code";
    if (isCodex(one)) return "codex";
    return null;
  }
  if (Array.isArray(json) && isOpenHands(json)) return "openhands";
  return null;
}

/**
 * The ATIF document of a parsed file: ATIF as it is, another format converted with its account in
 * `extra.converted_from`, anything else refused with one message naming the formats read.
 */
export function asAtif(log: LogValue, name: string): unknown {
  const format = detectLogFormat(log);
  if (format === null) throw new TrajectoryFormatError(name, refusal(log));
  if (format === "atif" && log.kind === "json") return log.value;
  const converted = convert(format, log, name);
  const bad = log.kind === "jsonl" ? log.bad : [];
  return withAccount(converted, format, [...bad, ...converted.notes]);
}

function convert(format: LogFormat, log: LogValue, name: string): Converted {
  const records = log.kind === "jsonl" ? log.records : [{ line: 1, value: log.value }];
  const value = log.kind === "json" ? log.value : null;
  switch (format) {
    case "claude-code":
      return claudeCodeToAtif(records, name);
    case "codex":
      return codexToAtif(records, name);
    case "openhands":
      return openHandsToAtif(value, name);
    case "mini-swe-agent":
      return miniSweAgentToAtif(value, name);
    case "inspect":
      return inspectSampleToAtif(value, name);
    case "swe-agent":
      return { atif: sweAgentToAtif(value as Record<string, unknown>, name) as never, notes: [], skipped: {} };
    case "atif":
      return { atif: value as never, notes: [], skipped: {} };
  }
}

function withAccount(converted: Converted, format: LogFormat, notes: ReaderNote[]): unknown {
  const atif = converted.atif as unknown as Record<string, unknown>;
  if (Array.isArray(atif.steps)) atif.steps = atif.steps.map(liftCwd);
  const extra = isRecord(atif.extra) ? atif.extra : {};
  const account = {
    format,
    notes: notes.slice(0, MAX_NOTES),
    ...(notes.length > MAX_NOTES ? { notes_not_kept: notes.length - MAX_NOTES } : {}),
    skipped: converted.skipped,
  };
  return { ...atif, extra: { ...extra, converted_from: account } };
}

function refusal(log: LogValue): string {
  let what: string;
  if (log.kind === "jsonl") what = `JSON Lines whose records are neither Claude Code's nor Codex CLI's`;
  else {
    const json = log.value;
    what = Array.isArray(json)
      ? "a JSON list"
      : isRecord(json)
        ? `an object with ${describeKeys(json)}`
        : `a JSON ${json === null ? "null" : typeof json}`;
  }
  return `is not a trajectory format this viewer reads (it is ${what}). Read are: ${READ_FORMATS}.`;
}

function describeKeys(o: Record<string, unknown>): string {
  const keys = Object.keys(o);
  return keys.length ? `keys ${keys.slice(0, 5).join(", ")}${keys.length > 5 ? ", …" : ""}` : "no keys";
}

/**
 * A reader keeps the working directory a log recorded under its format's key (`extra.claude_code.cwd`,
 * `extra.codex.cwd`); it is lifted to `extra.cwd`, which the step reader gives each call that names no
 * directory of its own: where a native log's commands ran, and so which checkout they touched.
 */
function liftCwd(step: unknown): unknown {
  if (!isRecord(step) || !isRecord(step.extra) || typeof step.extra.cwd === "string") return step;
  for (const v of Object.values(step.extra)) {
    if (isRecord(v) && typeof v.cwd === "string") return { ...step, extra: { ...step.extra, cwd: v.cwd } };
  }
  return step;
}
