// Names a request text mentions: code spans (`Option.get_help_extra`), file paths (src/click/core.py) and
// their last parts. The cross-task detector looks for names from another task's requests in focus edits.

import { FILE_EXT, filePaths } from "./file-paths";

const FILE_NAME = new RegExp(`\\.${FILE_EXT}$`);

export function isFileName(name: string): boolean {
  return FILE_NAME.test(name);
}

const CODE_SPAN = /`([^`\n]{1,120})`/g;

/** A quoted message of a few words ("timeout must be positive"): specific enough to trace into code. */
const QUOTED_MESSAGE = /"([A-Za-z][^"\n`]{8,80}\s[^"\n`]{2,80})"|'([A-Za-z][^'\n`]{8,80}\s[^'\n`]{2,80})'/g;

/** A command-line option a request asks for (`--strict-mode`). */
const CLI_FLAG = /(?:^|[\s(`"'])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)+)\b/g;

/**
 * A token specific enough to trace: snake_case, dotted or a path. Plain CamelCase words are left out
 * (`ValueError`, `Option` appear in every task of a repository), and so are dunder names.
 */
function codeLike(token: string): boolean {
  if (token.length < 4 || /^__\w+__$/.test(token)) return false;
  return /\w_\w|\w\.\w|\//.test(token);
}

// A session's request texts are read once for each of its runs (configurations × repeats): their names are
// kept (a bounded memo; callers never change the set they get).
const NAMES_OF = new Map<string, ReadonlySet<string>>();

export function mentionedNames(text: string): ReadonlySet<string> {
  const known = NAMES_OF.get(text);
  if (known) return known;
  const names = new Set<string>();
  for (const m of text.matchAll(CODE_SPAN)) {
    for (const token of m[1]!.split(/[^\w./()-]+/)) {
      addName(names, token);
      const dotted = token.replace(/\(\)$/, "").split(/[./]/).filter(Boolean);
      if (dotted.length > 1) addName(names, dotted[dotted.length - 1]!);
    }
  }
  for (const path of filePaths(text)) {
    addName(names, path);
    addName(names, path.split("/").pop()!);
  }
  // A requirement can be a behaviour rather than a name: the message it asks for, the option it adds.
  for (const m of text.matchAll(QUOTED_MESSAGE)) names.add(m[1] ?? m[2]!);
  for (const m of text.matchAll(CLI_FLAG)) names.add(m[1]!);
  if (NAMES_OF.size > 5_000) NAMES_OF.clear();
  NAMES_OF.set(text, names);
  return names;
}

function addName(names: Set<string>, t: string): void {
  const clean = t.replace(/^[.(]+|[.,:;)(]+$/g, "");
  if (codeLike(clean)) names.add(clean);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

// The detectors test every foreign name against every focus edit: most texts lack the name altogether, which
// includes() says without a regular expression, and a name's expression is compiled once.
const NAME_PATTERNS = new Map<string, RegExp>();

/** Whole-name occurrence: `get_help` does not match inside `get_help_extra`. */
export function containsName(text: string, name: string): boolean {
  if (!text.includes(name)) return false;
  let re = NAME_PATTERNS.get(name);
  if (!re) {
    if (NAME_PATTERNS.size > 10_000) NAME_PATTERNS.clear();
    re = new RegExp(`(^|[^\\w])${escapeRegExp(name)}(?![\\w])`);
    NAME_PATTERNS.set(name, re);
  }
  return re.test(text);
}
