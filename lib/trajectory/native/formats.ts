// Every log format the door reads (read-log.ts), one entry each: what it is called, how its content is told, how
// it becomes ATIF and which file names may hold it. Everything that lists or switches on formats derives from
// this list: the door's detection and conversion, its refusal ("Read are: …"), the names the pages show (sent by
// the workers), the files "Open local results" takes from a picked folder and the list in docs/submissions.md.
// A new reader is one entry here (docs/agent-logs.md, "Adding a reader").
import { isRecord } from "../values";
import { sweAgentToAtif } from "../swe-agent";
import { claudeCodeToAtif, isClaudeCode } from "./claude-code";
import { codexToAtif, isCodex } from "./codex";
import { inspectSampleToAtif, isInspectSample } from "./inspect-sample";
import { isMiniSweAgent, miniSweAgentToAtif } from "./mini-swe-agent";
import { isOpenHands, openHandsToAtif } from "./openhands";
import type { Converted, JsonlRecord, LogValue } from "./types";

export interface LogReader {
  /** The id written in `extra.converted_from.format` (docs/data-format.md). */
  readonly format: string;
  /** What the pages call a file of this format ("… (converted to ATIF)"). */
  readonly name: string;
  /** How the door's refusal lists it among the formats read. */
  readonly listed: string;
  /** Endings of the file names a picked folder offers the door for this format (a `.eval` is opened as a ZIP). */
  readonly files: readonly string[];
  /** Whether a parsed file is in this format, from its content alone (never its name). */
  readonly detect: (log: LogValue) => boolean;
  /**
   * Tried after every other format: ATIF's test is the loosest (any object with `steps` or `final_metrics`), so
   * a more specific shape wins.
   */
  readonly fallback?: boolean;
  /** The file as one ATIF document with what could not be taken over; null: the file is ATIF, read as it is. */
  readonly convert: ((log: LogValue, name: string) => Converted) | null;
}

/** A JSON Lines file's records; a JSON object is one record too (a JSON Lines file of one line parses as one). */
export function recordsOf(log: LogValue): JsonlRecord[] | null {
  if (log.kind === "jsonl") return log.records;
  return isRecord(log.value) ? [{ line: 1, value: log.value }] : null;
}

const jsonOf = (log: LogValue): unknown => (log.kind === "json" ? log.value : null);
const jsonlReader = (test: (records: JsonlRecord[]) => boolean) => (log: LogValue) => {
  const records = recordsOf(log);
  return records !== null && test(records);
};
const jsonReader = (test: (value: unknown) => boolean) => (log: LogValue) => log.kind === "json" && test(log.value);

function isAtif(json: unknown): boolean {
  if (!isRecord(json)) return false;
  if (Array.isArray(json.steps) || (typeof json.schema_version === "string" && /^ATIF/i.test(json.schema_version)))
    return true;
  return "final_metrics" in json || ("agent" in json && "session_id" in json);
}

function isSweAgent(json: unknown): boolean {
  return isRecord(json) && Array.isArray(json.trajectory) && (Array.isArray(json.history) || isRecord(json.info));
}

/** In the order the refusal lists them (docs/agent-logs.md's table). */
export const LOG_READERS = [
  {
    format: "atif",
    name: "ATIF",
    listed: "ATIF v1.0–v1.8 (Harbor's agent/trajectory.json)",
    files: [".json"],
    detect: jsonReader(isAtif),
    fallback: true,
    convert: null,
  },
  {
    format: "swe-agent",
    name: "SWE-agent .traj",
    listed: "SWE-agent .traj",
    files: [".traj"],
    detect: jsonReader(isSweAgent),
    convert: (log, name) => ({
      atif: sweAgentToAtif(jsonOf(log) as Record<string, unknown>, name) as never,
      notes: [],
      skipped: {},
    }),
  },
  {
    format: "mini-swe-agent",
    name: "mini-swe-agent trajectory",
    listed: "mini-swe-agent .traj.json",
    files: [".traj.json"],
    detect: jsonReader(isMiniSweAgent),
    convert: (log, name) => miniSweAgentToAtif(jsonOf(log), name),
  },
  {
    format: "claude-code",
    name: "Claude Code session",
    listed: "Claude Code session JSONL",
    files: [".jsonl"],
    detect: jsonlReader(isClaudeCode),
    convert: (log, name) => claudeCodeToAtif(recordsOf(log) ?? [], name),
  },
  {
    format: "codex",
    name: "Codex CLI rollout",
    listed: "Codex CLI rollout JSONL",
    files: [".jsonl"],
    detect: jsonlReader(isCodex),
    convert: (log, name) => codexToAtif(recordsOf(log) ?? [], name),
  },
  {
    format: "openhands",
    name: "OpenHands event stream",
    listed: "OpenHands event streams (a JSON list of events)",
    files: [".json"],
    // Also the server's export, the event list wrapped as `{"trajectory": [...]}`.
    detect: jsonReader(isOpenHands),
    convert: (log, name) => openHandsToAtif(jsonOf(log), name),
  },
  {
    format: "inspect",
    name: "Inspect sample",
    listed: "Inspect .eval logs",
    files: [".eval"],
    detect: jsonReader(isInspectSample),
    convert: (log, name) => inspectSampleToAtif(jsonOf(log), name),
  },
] as const satisfies readonly LogReader[];

/** The formats the door reads; the ids are written in `extra.converted_from.format`. */
export type LogFormat = (typeof LOG_READERS)[number]["format"];

/** The reader of a file's content, trying the fallback formats last; null when no format matches. */
export function readerOf<R extends LogReader>(log: LogValue, readers: readonly R[]): R | null {
  const ordered = [...readers.filter((r) => !r.fallback), ...readers.filter((r) => r.fallback)];
  return ordered.find((r) => r.detect(log)) ?? null;
}

/** The formats read, as one phrase: "A, B and C". */
export function readFormats(readers: readonly LogReader[] = LOG_READERS): string {
  const listed = readers.map((r) => r.listed);
  return listed.length < 2 ? listed.join("") : `${listed.slice(0, -1).join(", ")} and ${listed.at(-1)!}`;
}

/** Whether a picked file's name may hold a log in some format read (a README or a patch does not). */
export function isLogFileName(path: string, readers: readonly LogReader[] = LOG_READERS): boolean {
  const lower = path.toLowerCase();
  return readers.some((r) => r.files.some((end) => lower.endsWith(end)));
}

/** The format and its name a document was converted from (`extra.converted_from`), or null for ATIF as written. */
export function convertedFormat(
  extra: Record<string, unknown> | null | undefined,
): { format: LogFormat; name: string } | null {
  const from = extra?.converted_from;
  const format = isRecord(from) ? from.format : null;
  const reader = LOG_READERS.find((r) => r.format === format);
  return reader ? { format: reader.format, name: reader.name } : null;
}

/** What the pages call a format (a format no reader has keeps its id). */
export function formatName(format: string): string {
  return LOG_READERS.find((r) => r.format === format)?.name ?? format;
}
