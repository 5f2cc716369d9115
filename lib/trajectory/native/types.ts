// What a native-log reader gives back: one ATIF document (lib/trajectory/atif.ts, the project's one model of
// a trajectory) and what it could not take over. Readers are pure and lenient: a record they do not know is
// skipped and counted, a record they cannot read is a note naming its line (JSONL) or index (JSON arrays);
// nothing throws for bad content. The door (read-log.ts) names the file in front of every note.
import type { AtifTrajectoryJson } from "../atif";

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

/** JSON values a file may hold: one document, or a JSON Lines file's records. */
export type LogValue = { kind: "json"; value: unknown } | { kind: "jsonl"; records: JsonlRecord[]; bad: ReaderNote[] };
