// Turns zod issues into Problems with stable rule codes (docs/data-format.md, "Rule codes"): a producer
// fixing a release needs to know which field, what was expected and what was found, not zod's wording.
import type { z } from "zod";
import type { Problem } from "./schema";

type Issue = z.core.$ZodIssue;
type PathKey = PropertyKey;

/** The record's own id (its `idField`), for naming it in a problem even when the record is rejected. */
export function recordIdOf(value: unknown, idField: string | undefined): string | undefined {
  if (idField === undefined || !isObject(value)) return undefined;
  const id = value[idField];
  return typeof id === "string" && id !== "" ? id : undefined;
}

export function schemaProblems(
  issues: readonly Issue[],
  input: unknown,
  where: { file: string; line?: number; idField?: string },
): Problem[] {
  const { file, line } = where;
  const record = recordIdOf(input, where.idField);
  const base = { level: "error" as const, file, line, record };
  const problems: Problem[] = [];
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      // One problem per key: each is usually a separate typo with its own fix.
      for (const key of issue.keys) {
        const field = fieldName([...issue.path, key]);
        problems.push({ ...base, rule: "schema.unknown_field", message: `unknown field "${field}" (put producer-specific data under "extra")` });
      }
      continue;
    }
    const field = fieldName(issue.path);
    const found = valueAt(input, issue.path);
    if (!found.present) {
      problems.push({ ...base, rule: "schema.required", message: `required field "${field}" is missing` });
    } else if (issue.code === "invalid_type") {
      problems.push({ ...base, rule: "schema.type", message: `field "${field}": expected ${issue.expected}, got ${typeName(found.value)}` });
    } else if (issue.code === "invalid_union" && !someBranchAcceptsType(issue, found.value)) {
      problems.push({ ...base, rule: "schema.type", message: `field "${field}": expected ${unionExpectation(issue)}, got ${typeName(found.value)}` });
    } else {
      const detail = issue.code === "invalid_union" ? `expected ${unionExpectation(issue)}` : issue.message;
      problems.push({ ...base, rule: "schema.value", message: `field "${field}": ${detail} (got ${preview(found.value)})` });
    }
  }
  return problems;
}

/** `schedule[3].stage`; "(record)" when the whole line is the wrong kind of value. */
function fieldName(path: readonly PathKey[]): string {
  if (path.length === 0) return "(record)";
  return path
    .map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? String(key) : `.${String(key)}`))
    .join("");
}

function valueAt(input: unknown, path: readonly PathKey[]): { present: boolean; value?: unknown } {
  let value: unknown = input;
  for (const key of path) {
    if (Array.isArray(value) && typeof key === "number") {
      if (key >= value.length) return { present: false };
      value = value[key];
    } else if (isObject(value) && typeof key === "string") {
      if (!Object.hasOwn(value, key)) return { present: false };
      value = value[key];
    } else {
      return { present: false };
    }
  }
  return { present: value !== undefined, value };
}

// A union such as `stage: int | "submit"`: the value has the wrong type only if no branch takes its type;
// "sbumit" is a string like "submit", so it is a wrong value, while `true` is a wrong type.
function someBranchAcceptsType(issue: Extract<Issue, { code: "invalid_union" }>, value: unknown): boolean {
  return issue.errors.some((branch) =>
    branch.every((sub) => {
      if (sub.path.length > 0) return true;
      if (sub.code === "invalid_type") return false;
      if (sub.code === "invalid_value") return sub.values.some((v) => typeof v === typeof value);
      return true;
    }),
  );
}

function unionExpectation(issue: Extract<Issue, { code: "invalid_union" }>): string {
  const options = issue.errors.flatMap((branch) =>
    branch.flatMap((sub) => {
      if (sub.code === "invalid_type") return [sub.expected];
      if (sub.code === "invalid_value") return sub.values.map((v) => JSON.stringify(v));
      if (sub.code === "too_small") return [`${sub.origin} ≥ ${String(sub.minimum)}`];
      return [];
    }),
  );
  return options.length > 0 ? [...new Set(options)].join(" or ") : "one of the allowed forms";
}

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "number" && !Number.isInteger(value)) return `number ${value}`;
  return typeof value;
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
