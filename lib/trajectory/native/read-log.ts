// The one door through which a trajectory file's text becomes the ATIF document every reader of the project
// reads (lib/trajectory/read-file.ts): ATIF as it is, every other agent's native log converted. The format is
// told by content, never by the file's name, by the registry of formats read (native/formats.ts). What a converter could not
// take over is written into the document (`extra.converted_from`: the format, notes naming the line or
// record, counts of skipped record types), so the viewer's warnings, the build's and the converter CLI's
// output all carry the same account.
import { isRecord } from "../values";
import { LOG_READERS, readerOf, readFormats, type LogReader } from "./formats";
import type { Converted, LogValue, ReaderNote } from "./types";

/** Every format read, as the refusals list them (generated from the registry, native/formats.ts). */
export const READ_FORMATS = readFormats();

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

/** Which format a file's value is in, from its content alone; null when none. */
export function detectLogFormat(log: LogValue, readers: readonly LogReader[] = LOG_READERS): string | null {
  return readerOf(log, readers)?.format ?? null;
}

/**
 * The ATIF document of a parsed file: ATIF as it is, another format converted with its account in
 * `extra.converted_from`, anything else refused with one message naming the formats read. `readers` is the
 * registry (native/formats.ts); a test passes its own.
 */
export function asAtif(log: LogValue, name: string, readers: readonly LogReader[] = LOG_READERS): unknown {
  const reader = readerOf(log, readers);
  if (reader?.convert === null && log.kind === "json") return log.value;
  if (!reader?.convert) throw new TrajectoryFormatError(name, refusal(log, readers));
  const converted = reader.convert(log, name);
  const bad = log.kind === "jsonl" ? log.bad : [];
  return withAccount(converted, reader.format, [...bad, ...converted.notes]);
}

function withAccount(converted: Converted, format: string, notes: ReaderNote[]): unknown {
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

function refusal(log: LogValue, readers: readonly LogReader[]): string {
  let what: string;
  if (log.kind === "jsonl") what = "JSON Lines whose records no reader recognises";
  else {
    const json = log.value;
    what = Array.isArray(json)
      ? "a JSON list"
      : isRecord(json)
        ? `an object with ${describeKeys(json)}`
        : `a JSON ${json === null ? "null" : typeof json}`;
  }
  return `is not a trajectory format this viewer reads (it is ${what}). Read are: ${readFormats(readers)}.`;
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
