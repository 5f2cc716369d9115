// A trajectory file's text to the ATIF document every reader reads, with every refusal naming the file: a
// text nested deeper than lib/common/json-depth.ts allows (refused before JSON.parse, so nothing recursive
// downstream, structuredClone on postMessage included, ever sees it), one holding more objects and arrays
// than a tab's heap can parse, a text that is neither JSON nor JSON Lines, and one in no format the door
// reads (native/read-log.ts). The parse worker, the alignment worker, the local-results summary, the
// validator, the submission check, the build's pass and the converter CLI all go through here, so they say
// the same thing about the same file.
import { trajectoryShapeRefusal, TOO_DEEP_RULE, TOO_MANY_RULE } from "../common/json-depth";
import { asAtif } from "./native/read-log";
import type { JsonlRecord, LogValue, ReaderNote } from "./native/types";
import { jsonErrorText } from "../common/json-error";

/** A file that could not be parsed; the message already names the file (do not prefix it again). */
export class TrajectoryParseError extends Error {
  constructor(
    message: string,
    readonly rule: "json.parse" | typeof TOO_DEEP_RULE | typeof TOO_MANY_RULE,
    /** What is wrong, without the file's name (for callers that name the file their own way). */
    readonly detail = message,
  ) {
    super(message);
    this.name = "TrajectoryParseError";
  }
}

/** The ATIF document of any readable trajectory text (TrajectoryFormatError when the format is not read). */
export function parseTrajectoryText(text: string, name: string): unknown {
  return asAtif(parseLogText(text, name), name);
}

/** The file's JSON value, or its JSON Lines records when it is not one JSON value. */
export function parseLogText(text: string, name: string): LogValue {
  const body = text.replace(/^\uFEFF/, "");
  if (body.startsWith("PK\u0003\u0004"))
    throw new TrajectoryParseError(
      `${name} is a ZIP archive, not a trajectory's text: an Inspect .eval log is opened as a file, and a release names one of its samples as <log>.eval#samples/<id>_epoch_<n>.json`,
      "json.parse",
    );
  const refusal = trajectoryShapeRefusal(body);
  if (refusal) throw new TrajectoryParseError(`${name}: ${refusal.message}`, refusal.rule, refusal.message);
  try {
    return { kind: "json", value: JSON.parse(body) as unknown };
  } catch (err) {
    const lines = jsonLines(body);
    if (lines) return lines;
    const why = jsonErrorText(err);
    throw new TrajectoryParseError(`${name} is not valid JSON: ${why}`, "json.parse", why);
  }
}

/**
 * JSON Lines: one JSON value per line. Taken as such when the first non-empty line is a JSON object and
 * another line follows; a later line that is not JSON is a note, and the rest still reads.
 */
function jsonLines(body: string): LogValue | null {
  const records: JsonlRecord[] = [];
  const bad: ReaderNote[] = [];
  let at = 0;
  let line = 0;
  let lines = 0;
  while (at < body.length) {
    let end = body.indexOf("\n", at);
    if (end < 0) end = body.length;
    line++;
    const raw = body.slice(at, end).trim();
    at = end + 1;
    if (raw === "") continue;
    lines++;
    try {
      records.push({ line, value: JSON.parse(raw) as unknown });
    } catch (err) {
      if (records.length === 0) return null;
      bad.push({
        code: "jsonl.line",
        message: `not JSON (${jsonErrorText(err)}); skipped`,
        line,
      });
    }
  }
  if (lines < 2 || records.length === 0 || typeof records[0]!.value !== "object" || records[0]!.value === null)
    return null;
  return { kind: "jsonl", records, bad };
}
