// Turns the byte lines of one .jsonl record file into schema-checked records, reporting every line that
// cannot be used as a Problem and keeping the rest. Shared by the Node loader (lib/data/load-release.ts)
// and the browser's reader of local results (lib/local/parse-release.ts), so both report the same rules
// at the same lines. No Node imports: it runs in the browser worker.
import type { z } from "zod";
import type { Problem } from "./schema";
import { jsonDepthExcess, tooDeepMessage, TOO_DEEP_RULE } from "../common/json-depth";
import { setLineOf } from "./record-lines";
import { recordIdOf, schemaProblems } from "./validate-schema-issues";
import { loneSurrogateProblems } from "./lone-surrogates";
import { pushAll } from "../common/arrays";
import { jsonErrorText } from "../common/json-error";
import { duplicateKeyPath } from "../common/json-duplicate-keys";
import { markInvisible } from "../common/unicode";

export interface RecordFile<T> {
  file: string;
  schema: z.ZodType<T>;
  required: boolean;
  /** The field holding the record's own id (annotations have none). */
  idField?: string;
  /** Refuse a record that writes a key twice in one object (json.duplicate_key). */
  uniqueKeys?: boolean;
  /**
   * The record as `schema` parses it when a hand-written check of the file's common shape passes, else null; the
   * record then goes to zod, which names the rule broken (lib/data/run-fast-path.ts).
   */
  fastPath?: (value: unknown) => T | null;
}

/**
 * One line of a file as raw bytes with its 1-based number. Callers split on the 0x0A byte, not on
 * characters, so that each line is checked for UTF-8 on its own (0x0A never occurs inside a multi-byte
 * sequence) and one bad byte is reported at its line.
 */
export interface ByteLine {
  line: number;
  bytes: Uint8Array;
}

export async function readJsonlRecords<T extends object>(lines: AsyncIterable<ByteLine>, spec: RecordFile<T>, problems: Problem[]): Promise<T[]> {
  const records: T[] = [];
  let nonBlank = 0;
  for await (const { line, bytes } of lines) {
    const text = decodeUtf8(bytes, spec.file, line, problems);
    if (text.trim() === "") continue;
    nonBlank++;
    // The id is looked for only in a refused line: a regular expression built for every line is paid by every record.
    const tooDeep = jsonDepthExcess(text) ? tooDeepProblem(text, spec.file, line, idInBrokenLine(text, spec.idField)) : null;
    if (tooDeep) {
      problems.push(tooDeep);
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (err) {
      const record = idInBrokenLine(text, spec.idField);
      problems.push({
        level: "error",
        file: spec.file,
        line,
        ...(record !== undefined ? { record } : {}),
        rule: "json.parse",
        message: `not valid JSON (truncated or malformed line): ${jsonErrorText(err)}`,
      });
      continue;
    }
    const twice = spec.uniqueKeys ? duplicateKeyPath(text) : null;
    if (twice !== null) {
      problems.push({
        level: "error",
        file: spec.file,
        line,
        rule: "json.duplicate_key",
        message: `${markInvisible(twice.length > 200 ? `${twice.slice(0, 200)}…` : twice)} is written twice in one object; JSON.parse keeps the last, other readers the first, so the record is refused`,
      });
      continue;
    }
    pushAll(problems, loneSurrogateProblems(text, value, { file: spec.file, line, record: recordIdOf(value, spec.idField) }));
    const fast = spec.fastPath?.(value) ?? null;
    if (fast !== null) {
      setLineOf(fast, line);
      records.push(fast);
      continue;
    }
    const parsed = spec.schema.safeParse(value);
    if (!parsed.success) {
      pushAll(problems, schemaProblems(parsed.error.issues, value, { file: spec.file, line, idField: spec.idField }));
      continue;
    }
    setLineOf(parsed.data, line);
    records.push(parsed.data);
  }
  // An empty required file is valid JSON Lines but almost always a failed export: a release whose
  // runs.jsonl is empty loads with no result at all, so it is said, not silently shown as zeros.
  if (nonBlank === 0 && spec.required) {
    problems.push({ level: "warning", file: spec.file, rule: "file.empty", message: `${spec.file} holds no records` });
  }
  return records;
}

const strictUtf8 = new TextDecoder("utf-8", { fatal: true });
const lenientUtf8 = new TextDecoder("utf-8");

/** Decodes UTF-8; invalid bytes are reported and replaced so the rest of the line can still be read. */
export function decodeUtf8(bytes: Uint8Array, file: string, line: number | undefined, problems: Problem[]): string {
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    problems.push({ level: "error", file, line, rule: "file.encoding", message: "not valid UTF-8" });
    text = lenientUtf8.decode(bytes);
  }
  // A byte-order mark and a Windows line ending are harmless producer habits, not data.
  return text.replace(/^\uFEFF/, "").replace(/\r$/, "");
}

/** Names the record of a line that is not JSON (e.g. truncated), when its id appears before the break. */
function idInBrokenLine(text: string, idField: string | undefined): string | undefined {
  if (idField === undefined) return undefined;
  return new RegExp(`"${idField}"\\s*:\\s*"([^"\\\\]+)"`).exec(text)?.[1];
}

/**
 * `json.too_deep` for a text nested deeper than lib/common/json-depth.ts allows, checked before JSON.parse so
 * that nothing recursive (zod, structuredClone on postMessage) ever sees it. Used for every .jsonl line and
 * for release.json, by the Node loader and the browser's reader alike.
 */
export function tooDeepProblem(text: string, file: string, line?: number, record?: string): Problem | null {
  const excess = jsonDepthExcess(text);
  if (!excess) return null;
  return { level: "error", file, ...(line !== undefined ? { line } : {}), ...(record !== undefined ? { record } : {}), rule: TOO_DEEP_RULE, message: tooDeepMessage(excess) };
}

export function missingFile(file: string): Problem {
  return { level: "error", file, rule: "file.missing", message: `required file ${file} is missing` };
}

export function describeError(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
