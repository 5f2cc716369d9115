// File rewrites done by a script rather than an edit tool or sed (docs/detectors.md, "What v4 reads"): `perl -pi
// -e 's/…/…/'` and Python run inline (`python - <<EOF`, `python -c "…"`) that reads a file, replaces text in it
// and writes it back. What the reader can follow becomes edits; a script that writes a file in a way it cannot
// follow overwrites it with content the trace does not show, which is what it is. Nothing is invented.
import type { SedCommand, ShellOp } from "./shell-op-types";

type Resolve = (path: string) => string;
type ParseSed = (script: string, extended: boolean) => SedCommand[] | null;

/** `perl -pi -e 'SCRIPT' FILE…` (also -i.bak, -p -i, -pe with -i). */
export function perlInPlace(words: string[], how: string, resolve: Resolve, parseSed: ParseSed): ShellOp[] {
  const flags = words.slice(1).filter((w) => /^-[a-zA-Z]/.test(w));
  if (!flags.some((f) => /^-[a-zA-Z]*i/.test(f))) return [];
  const scripts: string[] = [];
  const files: string[] = [];
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    if (/^-[a-zA-Z.]*e$/.test(w)) scripts.push(words[++i] ?? "");
    else if (!w.startsWith("-")) files.push(w);
  }
  const script = scripts.length ? parseSed(scripts.join("\n"), true) : null;
  return files.map((f) =>
    script
      ? { op: "sed", path: resolve(f), script, how: `${how} perl -pi` }
      : { op: "write", path: resolve(f), content: null, how: `${how} perl -pi` },
  );
}

const PY_STRING = String.raw`(?:"""([\s\S]*?)"""|'''([\s\S]*?)'''|"((?:\\.|[^"\\\n])*)"|'((?:\\.|[^'\\\n])*)')`;
const REPLACE_CALL = new RegExp(String.raw`\.replace\(\s*${PY_STRING}\s*,\s*${PY_STRING}`, "g");
const PATH_LITERAL = /["']([\w./-]+\.(?:py|pyi|js|ts|cfg|toml|ini|txt|rst|md|json|ya?ml))["']/g;

function unescapePy(s: string): string {
  return s.replace(/\\(n|t|\\|'|")/g, (_m, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
}

function literal(m: RegExpMatchArray, from: number): string {
  const raw = m[from] ?? m[from + 1];
  if (raw !== undefined) return raw;
  return unescapePy(m[from + 2] ?? m[from + 3] ?? "");
}

/** Inline Python that writes files: its `.replace(old, new)` calls on the one file it names, else an unknown write. */
export function pythonRewrite(words: string[], heredoc: string | null, how: string, resolve: Resolve): ShellOp[] {
  const dashC = words.indexOf("-c");
  const script = dashC >= 0 ? (words[dashC + 1] ?? null) : words.length <= 2 || words[1] === "-" ? heredoc : null;
  if (script === null || !/\.write(?:_text)?\(|open\([^)]*['"]w/.test(script)) return [];
  const paths = [...new Set([...script.matchAll(PATH_LITERAL)].map((m) => m[1]!))];
  if (paths.length === 0) return [];
  const label = `${how} python`;
  const replaces = [...script.matchAll(REPLACE_CALL)].map((m) => ({ before: literal(m, 1), after: literal(m, 5) }));
  if (paths.length === 1 && replaces.length > 0)
    return replaces.map((r) => ({
      op: "patch",
      path: resolve(paths[0]!),
      before: r.before,
      after: r.after,
      how: label,
    }));
  return paths.map((p) => ({ op: "write", path: resolve(p), content: null, how: label }));
}
