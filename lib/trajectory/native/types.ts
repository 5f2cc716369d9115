// What a native-log reader gives back: one ATIF document (lib/trajectory/atif.ts, the project's one model of
// a trajectory) and what it could not take over. Readers are pure and lenient: a record they do not know is
// skipped and counted, a record they cannot read is a note naming its line (JSONL) or index (JSON arrays);
// nothing throws for bad content. The door (read-log.ts) names the file in front of every note.
import type { AtifTrajectoryJson } from "../atif";

/** The formats the door reads; the ids are written in `extra.converted_from.format` and in docs/data-format.md. */
export type LogFormat = "atif" | "swe-agent" | "claude-code" | "codex" | "openhands" | "mini-swe-agent" | "inspect";

/** What the pages call each format. */
export const FORMAT_NAMES: Record<LogFormat, string> = {
  atif: "ATIF",
  "swe-agent": "SWE-agent .traj",
  "mini-swe-agent": "mini-swe-agent trajectory",
  "claude-code": "Claude Code session",
  codex: "Codex CLI rollout",
  openhands: "OpenHands event stream",
  inspect: "Inspect sample",
};

/** The format a document was converted from (`extra.converted_from.format`), or null for ATIF as written. */
export function convertedFormat(extra: Record<string, unknown> | null | undefined): LogFormat | null {
  const from = extra?.converted_from;
  if (typeof from !== "object" || from === null) return null;
  const format = (from as Record<string, unknown>).format;
  return typeof format === "string" && format in FORMAT_NAMES ? (format as LogFormat) : null;
}

export interface ReaderNote {
  code: string;
  message: string;
  /** 1-based line of a JSONL file, or 1-based index of a record in a JSON list. */
  line?: number;
}

export interface Converted {
  atif: AtifTrajectoryJson;
  notes: ReaderNote[];
  /** Records of types the reader does not turn into steps, by type: skipped on purpose and counted. */
  skipped: Record<string, number>;
}

/** One parsed line of a JSONL file; lines that are not JSON never reach a reader (the door notes them). */
export interface JsonlRecord {
  line: number;
  value: unknown;
}
