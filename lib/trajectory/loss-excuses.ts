// When a removed earlier-stage line is no requirement-state loss (docs/detectors.md, "What v4 reads"): a later
// focus request asked for the change, however it words it (replace, wrap or bound, rename, simplify, drop,
// "no longer needed", move into a helper), or the line lives on in another form (renamed, or wrapped by the
// very edit that removed it). Pure functions of texts; the detector decides which requests to ask.
import { mentionedNames } from "./identifiers";

/**
 * Verbs and phrases of a request that changes what exists. "Add", "support", "also" and "extend" are absent on
 * purpose: an extension builds on the earlier state, and that is where a loss happens (paper App. E.2).
 */
const CHANGE_VERB =
  /\b(supersed\w*|replac\w*|drop\w*|remov\w*|renam\w*|wrap\w*|bound\w*|cap(?:s|ped|ping)?|clamp\w*|limit\w*|simplif\w*|mov(?:e|es|ed|ing)\b|extract\w*|factor\w*|refactor\w*|inlin\w*|delegat\w*|consolidat\w*|merg\w*|revert\w*|undo\w*|rewrit\w*|swap\w*|deprecat\w*|obsolete|unnecessary|redundant|instead of|in favou?r of|no longer|not (?:be )?needed|get rid of|stop(?:s|ped)? \w+ing|do(?:es)?n['’]t need)\b/i;

/** Words that point back at what an earlier request established ("move it", "drop them" included). */
const BACK_REFERENCE =
  /\b((?:mov|drop|remov|renam|wrap|simplif|extract|inlin|replac|delet|revert|undo|rewrit|factor)\w*\s+(?:it|them|this|that|these|those)\b|earlier|previous(?:ly)?|original(?:ly)?|initial(?:ly)?|existing|prior|first (?:request|stage|rule|change|fix|version|implementation)|stage[- ]?\d|request \d|(?:that|this) (?:rule|check|guard|branch|helper|logic|behaviou?r|handling|special[- ]case))\b/i;

/** A sentence that keeps the earlier state: it asks for no change of it. */
const KEEPS =
  /\b(still\b|keep(?:s|ing)?\b|preserv\w*|retain\w*|(?:do not|don['’]t|never) (?:change|remove|drop|break|touch)|instead of (?:removing|dropping|deleting))/i;

const KEYWORDS = new Set(
  "and or not if elif else return def class self none true false for while in is with as from import raise try except pass lambda yield await async".split(
    " ",
  ),
);

/** Names specific enough to say the request speaks of these lines: code spans, and words with `_` or `.`. */
function specificNames(text: string): Set<string> {
  const out = new Set([...mentionedNames(text)].map((n) => n.toLowerCase()));
  for (const w of text.toLowerCase().match(/[a-z_][a-z0-9_]*_[a-z0-9_]+/g) ?? []) if (w.length >= 5) out.add(w);
  return out;
}

function mentionsLines(sentence: string, lines: readonly string[]): boolean {
  const names = specificNames(sentence);
  if (names.size === 0) return false;
  return lines.some((line) =>
    (line.toLowerCase().match(/[a-z_][a-z0-9_.]*/g) ?? []).some(
      (w) => !KEYWORDS.has(w) && (names.has(w) || w.split(".").some((part) => names.has(part))),
    ),
  );
}

function sentences(text: string): string[] {
  return text.split(/(?<=[.;!?])\s+/);
}

/**
 * Whether a focus request asks to change what an earlier request established: in one sentence, a change verb
 * and a reference back to it or a name of the lines it removes, and no word that keeps it.
 */
export function asksToChange(text: string | null, removed: readonly string[]): boolean {
  if (text === null) return false;
  return sentences(text).some(
    (s) => CHANGE_VERB.test(s) && !KEEPS.test(s) && (BACK_REFERENCE.test(s) || mentionsLines(s, removed)),
  );
}

const IDENT = /^[A-Za-z_]\w*$/;

function tokens(line: string): string[] {
  return line.match(/[A-Za-z_]\w*|\d+(?:\.\d+)?|"[^"]*"|'[^']*'|\S/g) ?? [];
}

/** The line with some identifiers renamed (consistently, same shape otherwise): a rename keeps the state. */
function renamedIn(line: string, added: readonly string[]): boolean {
  const a = tokens(line);
  return added.some((other) => {
    const b = tokens(other);
    if (b.length !== a.length || other === line) return false;
    const map = new Map<string, string>();
    let renamed = 0;
    for (let i = 0; i < a.length; i++) {
      if (a[i] === b[i]) continue;
      if (!IDENT.test(a[i]!) || !IDENT.test(b[i]!) || KEYWORDS.has(a[i]!) || KEYWORDS.has(b[i]!)) return false;
      const was = map.get(a[i]!);
      if (was !== undefined && was !== b[i]) return false;
      if (was === undefined) renamed++;
      map.set(a[i]!, b[i]!);
    }
    return renamed > 0;
  });
}

/**
 * The line amended, not replaced: its tokens, in order, inside one added line that adds no negation (`text =
 * _truncate(str(value), width)` → `text = _truncate("" if value is None else str(value), width)`). What the line
 * did it still does, with more.
 */
function amendedIn(line: string, added: readonly string[]): boolean {
  return amendmentOf(line, added) !== null;
}

/** The added line that amends `line` (see amendedIn), or null. */
export function amendmentOf(line: string, added: readonly string[]): string | null {
  const a = tokens(line);
  if (a.length < 3) return null;
  const found = added.find((other) => {
    if (other === line) return false;
    const b = tokens(other);
    let i = 0;
    const extra: string[] = [];
    for (const t of b) {
      if (i < a.length && t === a[i]) i++;
      else extra.push(t);
    }
    return i === a.length && !extra.some((t) => t === "not" || t === "!" || t === "~");
  });
  return found ?? null;
}

/** The line's expression, without a leading `return`/assignment target and trailing `:`/`,`. */
function core(line: string): string {
  return line
    .replace(/^(return|yield|raise)\s+/, "")
    .replace(/^[\w.[\]'"]+\s*=\s*/, "")
    .replace(/[:,;]\s*$/, "")
    .replace(/\s+/g, "");
}

/** The line's expression inside a longer added line (wrapped, bounded, guarded by the same edit). */
function wrappedIn(line: string, added: readonly string[]): boolean {
  const c = core(line);
  if (c.length < 6) return false;
  return added.some((other) => other !== line && other.replace(/\s+/g, "").includes(c));
}

/**
 * Every removed line lives on among the lines the same change added: amended (its tokens all kept, in order), or
 * renamed or wrapped (bounded) when a request asked for a change: done to the earlier state, not in its place.
 */
export function keptInAnotherForm(removed: readonly string[], added: readonly string[], asked: boolean): boolean {
  if (removed.length === 0) return false;
  return removed.every((l) => amendedIn(l, added) || (asked && (renamedIn(l, added) || wrappedIn(l, added))));
}

/** Whether a request text asks for any change at all (the wrapped form counts only then). */
export function asksForAChange(text: string | null): boolean {
  return text !== null && sentences(text).some((s) => CHANGE_VERB.test(s) && !KEEPS.test(s));
}
