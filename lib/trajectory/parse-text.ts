// A trajectory file's text to a value, with every refusal naming the file: a text nested deeper than
// lib/common/json-depth.ts allows (refused before JSON.parse, so nothing recursive downstream, structuredClone
// on postMessage included, ever sees it), one holding more objects and arrays than a tab's heap can parse,
// and a text that is not JSON. The parse worker, the local-results
// single-file summary and the continuation reader all go through here, so the viewer and the panel say the
// same thing.
import { trajectoryShapeRefusal, TOO_DEEP_RULE, TOO_MANY_RULE } from "../common/json-depth";

/** A file that could not be parsed; the message already names the file (do not prefix it again). */
export class TrajectoryParseError extends Error {
  constructor(
    message: string,
    readonly rule: "json.parse" | typeof TOO_DEEP_RULE | typeof TOO_MANY_RULE,
  ) {
    super(message);
    this.name = "TrajectoryParseError";
  }
}

export function parseTrajectoryText(text: string, name: string): unknown {
  const body = text.replace(/^\uFEFF/, "");
  const refusal = trajectoryShapeRefusal(body);
  if (refusal) throw new TrajectoryParseError(`${name}: ${refusal.message}`, refusal.rule);
  try {
    return JSON.parse(body) as unknown;
  } catch (err) {
    throw new TrajectoryParseError(
      `${name} is not valid JSON: ${err instanceof Error ? err.message : String(err)}`,
      "json.parse",
    );
  }
}
