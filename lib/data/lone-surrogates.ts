// Text the build cannot write: a JSON escape of one half of a UTF-16 surrogate pair ("\ud800") parses into a string
// that has no UTF-8 form, and DuckDB refuses the whole table holding it ("no low surrogate in string"), so the
// build would fail after validation passed (issue 58). The loader names every field that holds one (rule
// text.lone_surrogate); the record is kept, so the rest of the release is still checked.

import { codePointLabel, hasLoneSurrogate } from "../common/unicode";
import type { Problem } from "./schema";

/** A \uD800–\uDFFF escape: only text holding one can parse into a lone surrogate (UTF-8 bytes decode to pairs). */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

const LONE_SURROGATE_RULE = "text.lone_surrogate";

// String.prototype.isWellFormed is ES2024, past this project's lib (tsconfig.json); with the u flag a pair is one code
// point, so \p{Cs} matches only a half alone.
const wellFormed = (s: string): boolean => !hasLoneSurrogate(s);

/**
 * The fields of a parsed record (`stages[0].text`, `extra.note`; a key by its own path and "(key)") whose text holds
 * a lone surrogate, in document order. `text` is the line it was parsed from: most lines hold no such escape and
 * are not walked.
 */
function loneSurrogateFields(text: string, value: unknown): string[] {
  if (!SURROGATE_ESCAPE.test(text)) return [];
  const found: string[] = [];
  // A stack, not recursion: the depth check (lib/common/json-depth.ts) already bounds it, but a loop needs no bound.
  const stack: [unknown, string][] = [[value, ""]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === "string") {
      if (!wellFormed(v)) found.push(path || "(record)");
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === "object") {
      const entries = Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, w] = entries[i]!;
        const at = path ? `${path}.${k}` : k;
        if (!wellFormed(k)) found.push(`${at} (key)`);
        stack.push([w, at]);
      }
    }
  }
  return found;
}

/** One text.lone_surrogate error per such field of a record parsed from `text` (the loaders of lib/data and lib/local). */
export function loneSurrogateProblems(text: string, value: unknown, where: Pick<Problem, "file" | "line" | "record">): Problem[] {
  return loneSurrogateFields(text, value).map((field) => ({
    level: "error",
    file: where.file,
    ...(where.line !== undefined ? { line: where.line } : {}),
    ...(where.record !== undefined ? { record: where.record } : {}),
    rule: LONE_SURROGATE_RULE,
    message: loneSurrogateMessage(field),
  }));
}

/** A field's path as printed: a key's own lone surrogate shown as ⟦U+D800⟧, like an invisible character. */
const shownPath = (field: string): string =>
  field.replace(/\p{Cs}/gu, (ch) => `⟦${codePointLabel(ch.charCodeAt(0))}⟧`);

function loneSurrogateMessage(field: string): string {
  return `${shownPath(field)} holds a lone UTF-16 surrogate (a \\uD800–\\uDFFF escape without its pair), which has no UTF-8 form: the build's tables cannot hold it. Write the character itself, or both halves of its pair`;
}
