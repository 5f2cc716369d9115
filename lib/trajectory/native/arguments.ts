// A tool call's arguments as the readers write them into ATIF: an object, parsed from JSON text when a log
// writes the text. Parsed through the step reader's own readArguments, so text nested deeper than
// lib/common/json-depth.ts allows stays text (the file's depth check never saw inside the string).
import { readArguments } from "../read-step";
import { isRecord, safeJson } from "../values";

/** JSON-string arguments parsed to an object; other text stays as written; nothing becomes `{}`. */
export function parseArguments(value: unknown): Record<string, unknown> | string {
  if (isRecord(value)) return value;
  if (typeof value !== "string") return value === undefined || value === null ? {} : safeJson(value);
  const parsed = readArguments(value);
  return isRecord(parsed) ? parsed : value;
}
