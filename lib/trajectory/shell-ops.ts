// What a shell command does to files and where it runs. Agents edit through the shell as often as through
// edit tools (`sed -i`, `cat > f <<EOF`, `git checkout -- f`, `cp`, `mv`, `patch <<EOF`), and run commands
// in whatever directory an earlier `cd` left them in; the detectors (docs/trajectory-explorer.md, "Trace
// signatures") read both from here. A small POSIX-shell reader: quotes, heredocs, `&&`/`||`/`;`/`|`,
// redirections. Anything it cannot follow (variables, subshell output, scripts) it leaves alone: no
// operation is invented.
import { parsePatch } from "./tools";
import { perlInPlace, pythonRewrite } from "./script-edits";

export type { SedCommand, ShellOp } from "./shell-op-types";
import type { SedCommand, ShellOp } from "./shell-op-types";

export interface SimpleCommand {
  words: string[];
  /** Output redirections (`>`, `>>`) with their targets; `<` inputs. */
  redirects: { op: ">" | ">>" | "<"; target: string }[];
  /** The body of a heredoc feeding the command's stdin. */
  heredoc: string | null;
  /** The directory the command runs in (after every earlier `cd` of the same script), null when unknown. */
  cwd: string | null;
  /** It reads the previous command's output (`… | head`). */
  piped: boolean;
}

export interface ShellAnalysis {
  commands: SimpleCommand[];
  ops: ShellOp[];
  /** Directories the script runs commands in: its start directory when a command runs there, and every `cd` target. */
  dirs: string[];
  /** The directory the script leaves the shell in (its last top-level `cd`), null when it does not change it. */
  endCwd: string | null;
}

export function normalizePath(path: string): string {
  const abs = path.startsWith("/");
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length && out[out.length - 1] !== "..") out.pop();
      else if (!abs) out.push("..");
    } else out.push(part);
  }
  return (abs ? "/" : "") + out.join("/");
}

export function resolvePath(cwd: string | null, path: string): string {
  const p = path.replace(/^~(?=\/|$)/, "/root");
  if (p.startsWith("/") || cwd === null) return normalizePath(p);
  return normalizePath(`${cwd}/${p}`);
}

interface Token {
  text: string;
  /** An operator (`&&`, `|`, `>` …) rather than a word. */
  op: boolean;
  /** A heredoc placeholder's index. */
  heredoc?: number;
}

/** Pulls heredoc bodies out of the script, leaving a marker where each `<<WORD` stood. */
function extractHeredocs(script: string): { text: string; bodies: string[] } {
  // NUL is the markers' delimiter below; a NUL of the trace's own text means nothing to a shell.
  if (script.includes("\u0000")) script = script.replaceAll("\u0000", " ");
  if (!script.includes("<<")) return { text: script, bodies: [] };
  const lines = script.split("\n");
  const out: string[] = [];
  const bodies: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const pending: { delim: string; strip: boolean; index: number }[] = [];
    const line = lines[i]!.replace(
      /<<(-?)\s*(['"]?)([A-Za-z_][\w-]*)\2/g,
      (_m, dash: string, _q: string, delim: string) => {
        pending.push({ delim, strip: dash === "-", index: bodies.length });
        bodies.push("");
        return ` \u0000HEREDOC${bodies.length - 1}\u0000 `;
      },
    );
    out.push(line);
    for (const p of pending) {
      const body: string[] = [];
      while (i + 1 < lines.length) {
        const next = lines[++i]!;
        if ((p.strip ? next.replace(/^\t+/, "") : next) === p.delim) break;
        body.push(p.strip ? next.replace(/^\t+/, "") : next);
      }
      bodies[p.index] = body.join("\n");
    }
  }
  return { text: out.join("\n"), bodies };
}

// The tokenizer reads every shell command of every trajectory in the build's pass, so it walks char codes and
// slices runs of plain characters rather than testing a regular expression per character.
const NUL = 0,
  SQ = 0x27,
  DQ = 0x22,
  BS = 0x5c,
  HASH = 0x23,
  NL = 0x0a,
  GT = 0x3e;
/** `;&|<>()`: characters that end a word and are operators themselves. */
const OPERATOR_CODES = new Set([0x3b, 0x26, 0x7c, 0x3c, 0x3e, 0x28, 0x29]);
const TWO_CHAR_OPS = new Set(["&&", "||", ">>", ">&", "&>"]);
/** Characters a backslash escapes inside double quotes: `"`, `\`, `$`, backquote. */
const DQ_ESCAPES = new Set([DQ, BS, 0x24, 0x60]);

function isSpace(c: number): boolean {
  if (c < 128) return c === 0x20 || (c >= 0x09 && c <= 0x0d);
  return /\s/.test(String.fromCharCode(c));
}

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** A character that neither starts a quote, an escape or a heredoc marker nor ends a word. */
function isPlain(c: number): boolean {
  return c !== NUL && c !== SQ && c !== DQ && c !== BS && !OPERATOR_CODES.has(c) && !isSpace(c);
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  const n = text.length;
  let word = "";
  let inWord = false;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === NUL) {
      if (inWord) tokens.push({ text: word, op: false });
      word = "";
      inWord = false;
      // extractHeredocs' markers come in pairs; a lone NUL of the trace's own text separates words.
      const end = text.indexOf("\u0000", i + 1);
      if (end === -1) continue;
      tokens.push({ text: "<<", op: true, heredoc: Number(text.slice(i + 8, end)) });
      i = end;
    } else if (c === SQ) {
      const end = text.indexOf("'", i + 1);
      word += text.slice(i + 1, end === -1 ? n : end);
      inWord = true;
      i = end === -1 ? n : end;
    } else if (c === DQ) {
      let j = i + 1;
      let from = j;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d === DQ) break;
        if (d === BS && j + 1 < n && DQ_ESCAPES.has(text.charCodeAt(j + 1))) {
          word += text.slice(from, j);
          from = j + 1;
          j += 2;
        } else j++;
      }
      word += text.slice(from, Math.min(j, n));
      inWord = true;
      i = j;
    } else if (c === BS && i + 1 < n) {
      if (text.charCodeAt(i + 1) !== NL) word += text[i + 1];
      inWord = text.charCodeAt(i + 1) !== NL || inWord;
      i++;
    } else if (c === HASH && !inWord) {
      const end = text.indexOf("\n", i + 1);
      i = end === -1 ? n - 1 : end - 1;
    } else if (isSpace(c)) {
      if (inWord) tokens.push({ text: word, op: false });
      word = "";
      inWord = false;
      if (c === NL) tokens.push({ text: ";", op: true });
    } else if (OPERATOR_CODES.has(c)) {
      // `2>` and `2>&1`: a file descriptor before a redirection.
      if (c === GT && word.length === 1 && isDigit(word.charCodeAt(0))) {
        word = "";
        inWord = false;
      }
      if (inWord) tokens.push({ text: word, op: false });
      word = "";
      inWord = false;
      const two = text.slice(i, i + 2);
      if (TWO_CHAR_OPS.has(two)) {
        tokens.push({ text: two === "&>" ? ">" : two, op: true });
        i++;
        if (two === ">&") {
          // `>&1`, `>&2`: duplicate a descriptor, no file.
          while (i + 1 < n && isDigit(text.charCodeAt(i + 1))) i++;
          tokens.pop();
        }
      } else tokens.push({ text: text[i]!, op: true });
    } else {
      // A run of plain characters (`#` is plain inside a word).
      let j = i + 1;
      while (j < n) {
        const d = text.charCodeAt(j);
        if (d !== HASH && !isPlain(d)) break;
        j++;
      }
      word += text.slice(i, j);
      inWord = true;
      i = j - 1;
    }
  }
  if (inWord) tokens.push({ text: word, op: false });
  return tokens;
}

const SEPARATORS = new Set([";", "&&", "||", "|", "&", "(", ")"]);

interface ShellReading {
  commands: SimpleCommand[];
  cwd: string | null;
  depth: number;
  endCwd: string | null;
  dirs: Set<string>;
  cur: SimpleCommand;
  piped: boolean;
}

/** Ends the command being read: a `cd` moves the reading's directory, anything else is kept. */
function finishCommand(r: ShellReading): void {
  const w = r.cur.words;
  if (w.length > 0) {
    if (w[0] === "cd" || w[0] === "pushd") {
      const target = w[1] && w[1] !== "-" ? resolvePath(r.cwd, w[1]) : null;
      if (target) {
        r.cwd = target;
        r.dirs.add(target);
        if (r.depth === 0) r.endCwd = target;
      }
    } else {
      r.commands.push(r.cur);
      if (r.cwd !== null && cwdDependent(r.cur)) r.dirs.add(r.cwd);
    }
  }
  r.cur = { words: [], redirects: [], heredoc: null, cwd: r.cwd, piped: r.piped };
}

/** Splits a script into simple commands, following `cd` so each knows the directory it runs in. */
export function parseShell(
  script: string,
  startCwd: string | null,
): { commands: SimpleCommand[]; endCwd: string | null; dirs: string[] } {
  const { text, bodies } = extractHeredocs(script);
  const tokens = tokenize(text);
  const r: ShellReading = {
    commands: [],
    cwd: startCwd,
    depth: 0,
    endCwd: null,
    dirs: new Set<string>(),
    cur: { words: [], redirects: [], heredoc: null, cwd: startCwd, piped: false },
    piped: false,
  };
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (!t.op) {
      r.cur.words.push(t.text);
    } else if (t.heredoc !== undefined) {
      r.cur.heredoc = bodies[t.heredoc] ?? "";
    } else if (t.text === ">" || t.text === ">>" || t.text === "<") {
      const target = tokens[i + 1];
      if (target && !target.op) {
        r.cur.redirects.push({ op: t.text, target: target.text });
        i++;
      }
    } else if (SEPARATORS.has(t.text)) {
      r.piped = t.text === "|";
      finishCommand(r);
      if (t.text === "(") r.depth++;
      if (t.text === ")") r.depth = Math.max(0, r.depth - 1);
    }
  }
  finishCommand(r);
  return { commands: r.commands, endCwd: r.endCwd, dirs: [...r.dirs] };
}

const CWD_FREE = /^(echo|printf|true|false|sleep|date|which|type|export|set|exit|done|fi|esac|for|while|if|\{|\})$/;

/**
 * Whether a command works on its directory: it names no absolute path (`python -m pytest -q`, `git diff`,
 * `sed -i … src/x.py`), and is not one of the commands that ignore it. `git -C dir` names its own.
 */
function cwdDependent(c: SimpleCommand): boolean {
  const w = commandWords(c);
  if (c.piped || w.length === 0 || CWD_FREE.test(w[0]!)) return false;
  if (w[0] === "git" && w.includes("-C")) return false;
  return (
    !w.slice(1).some((x) => x.startsWith("/")) && !c.redirects.some((r) => r.target.startsWith("/") && r.op === "<")
  );
}

/** Drops loop/conditional keywords in front of the command word (`do git diff` → `git diff`). */
function commandWords(c: SimpleCommand): string[] {
  const w = [...c.words];
  while (w.length && /^(do|then|else|elif|if|while|until|time|sudo|env|nohup|xargs|!|\{|\()$/.test(w[0]!)) w.shift();
  while (w.length && /^[A-Za-z_]\w*=/.test(w[0]!)) w.shift(); // VAR=value prefixes
  return w;
}

/** A GNU sed script of `d` and `s` commands; null when it holds anything else. */
export function parseSedScript(script: string, extended: boolean): SedCommand[] | null {
  const out: SedCommand[] = [];
  for (const raw of splitSed(script)) {
    const cmd = raw.trim();
    if (cmd === "") continue;
    const del = /^\/((?:\\.|[^/\\])*)\/(?:\s*,\s*\+(\d+))?\s*d$/.exec(cmd);
    if (del) {
      const re = sedRegex(del[1]!, extended, "");
      if (!re) return null;
      out.push({ kind: "delete", address: re, following: del[2] ? Number(del[2]) : 0 });
      continue;
    }
    if (cmd.startsWith("s") && cmd.length > 2) {
      const d = cmd[1]!;
      const parts: string[] = [];
      let buf = "";
      for (let i = 2; i < cmd.length; i++) {
        if (cmd[i] === "\\" && cmd[i + 1] === d) {
          buf += d === "/" ? "\\/" : d;
          i++;
        } else if (cmd[i] === "\\" && i + 1 < cmd.length) {
          buf += cmd[i]! + cmd[i + 1]!;
          i++;
        } else if (cmd[i] === d) {
          parts.push(buf);
          buf = "";
        } else buf += cmd[i];
      }
      if (parts.length !== 2) return null;
      const flags = buf.trim();
      if (!/^[gI]*$/.test(flags)) return null;
      const re = sedRegex(parts[0]!, extended, flags.includes("I") ? "i" : "");
      if (!re) return null;
      const replacement = parts[1]!
        .replace(/\\([1-9])/g, "$$$1")
        .replace(/(^|[^\\])&/g, "$1$$&")
        .replace(/\\(.)/g, "$1");
      out.push({ kind: "substitute", pattern: re, replacement, global: flags.includes("g") });
      continue;
    }
    return null;
  }
  return out;
}

function splitSed(script: string): string[] {
  const parts: string[] = [];
  let buf = "";
  let inRe = false;
  for (let i = 0; i < script.length; i++) {
    const c = script[i]!;
    if (c === "\\" && i + 1 < script.length) {
      buf += c + script[++i];
      continue;
    }
    if (c === "/") inRe = !inRe;
    if (!inRe && (c === ";" || c === "\n")) {
      parts.push(buf);
      buf = "";
    } else buf += c;
  }
  parts.push(buf);
  // `s/a/b/` has three slashes: the toggling above is only used to keep `;` inside addresses.
  return parts;
}

/** A sed regular expression (BRE unless -E) as a JavaScript one; null when it does not translate. */
function sedRegex(src: string, extended: boolean, flags: string): RegExp | null {
  let out = "";
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!;
    if (c === "\\" && i + 1 < src.length) {
      const n = src[++i]!;
      if (!extended && "(){}+?|".includes(n)) out += n;
      else if (n === "/") out += "/";
      else out += `\\${n}`;
    } else if (!extended && "(){}+?|".includes(c)) out += `\\${c}`;
    else out += c;
  }
  try {
    return new RegExp(out, flags);
  } catch {
    return null;
  }
}

function options(words: string[]): { flags: Set<string>; args: string[] } {
  const flags = new Set<string>();
  const args: string[] = [];
  let end = false;
  for (const w of words) {
    if (!end && w === "--") end = true;
    else if (!end && w.startsWith("-") && w.length > 1) flags.add(w);
    else args.push(w);
  }
  return { flags, args };
}

function unescapePrintf(s: string): string {
  return s.replace(/\\n/g, "\n").replace(/\\t/g, "\t").replace(/%%/g, "%");
}

/** The text a command prints when the trace shows it (`cat <<EOF`, `echo`, `printf`), else null. */
function printedText(words: string[], c: SimpleCommand): string | null {
  const name = words[0];
  if ((name === "cat" || name === "tee") && c.heredoc !== null) return c.heredoc;
  if (name === "echo") {
    const { args } = options(words.slice(1));
    return args.join(" ");
  }
  if (name === "printf" && words[1] !== undefined && words.length === 2) return unescapePrintf(words[1]);
  return null;
}

/** File operations of one simple command; `cwd` resolves its relative paths. */
function commandOps(c: SimpleCommand, how: string): ShellOp[] {
  const words = commandWords(c);
  if (words.length === 0) return [];
  const ops: ShellOp[] = [];
  const name = words[0]!.split("/").pop()!;
  const printed = printedText(words, c);
  // `cat SRC > DST` copies one file over another.
  const catSource = name === "cat" && c.heredoc === null ? options(words.slice(1)).args : [];
  for (const r of c.redirects) {
    if (r.op === "<" || r.target === "/dev/null" || r.target.startsWith("&")) continue;
    if (r.op === ">" && catSource.length === 1)
      ops.push({ op: "copy", from: resolvePath(c.cwd, catSource[0]!), to: resolvePath(c.cwd, r.target), how });
    else if (r.op === ">") ops.push({ op: "write", path: resolvePath(c.cwd, r.target), content: printed, how });
    else if (printed !== null) ops.push({ op: "append", path: resolvePath(c.cwd, r.target), content: printed, how });
  }
  if (name === "tee" && printed !== null) {
    const { flags, args } = options(words.slice(1));
    for (const f of args)
      ops.push(
        flags.has("-a")
          ? { op: "append", path: resolvePath(c.cwd, f), content: printed, how }
          : { op: "write", path: resolvePath(c.cwd, f), content: printed, how },
      );
  }
  if (name === "sed") {
    const inPlace = words.some((w) => /^-i/.test(w) || w === "--in-place" || /^-[a-zA-Z]*i/.test(w));
    if (inPlace) {
      const extended = words.some((w) => w === "-E" || w === "-r" || /^-[a-zA-Z]*[Er]/.test(w));
      const scripts: string[] = [];
      const files: string[] = [];
      for (let i = 1; i < words.length; i++) {
        const w = words[i]!;
        if (w === "-e") scripts.push(words[++i] ?? "");
        else if (w.startsWith("-")) continue;
        else if (scripts.length === 0) scripts.push(w);
        else files.push(w);
      }
      const script = parseSedScript(scripts.join("\n"), extended);
      for (const f of files) {
        // A sed script the reader cannot follow still rewrites the file: its effect is unknown.
        ops.push(
          script
            ? { op: "sed", path: resolvePath(c.cwd, f), script, how }
            : { op: "write", path: resolvePath(c.cwd, f), content: null, how },
        );
      }
    }
  }
  let gitCwd = c.cwd;
  if (name === "git") {
    const gitWords = [...words];
    for (let i = 1; i < gitWords.length - 1; i++) {
      if (gitWords[i] === "-C") {
        gitCwd = resolvePath(gitCwd, gitWords[i + 1]!);
        gitWords.splice(i, 2);
        i--;
      }
    }
    const sub = gitWords[1];
    const rest = gitWords.slice(2);
    if (sub === "checkout" || sub === "restore") {
      const dash = rest.indexOf("--");
      const files =
        dash >= 0
          ? rest.slice(dash + 1)
          : rest.filter((w) => !w.startsWith("-") && (sub === "restore" || /\.\w+$|\//.test(w)));
      const staged = sub === "restore" && rest.includes("--staged") && !rest.includes("--worktree");
      if (!staged) {
        for (const f of files) {
          if (f === "." || f === "./") ops.push({ op: "reset_all", path: resolvePath(gitCwd, f), how });
          else ops.push({ op: "reset", path: resolvePath(gitCwd, f), how });
        }
      }
    } else if (
      (sub === "reset" && rest.includes("--hard")) ||
      (sub === "stash" && (rest.length === 0 || rest[0] === "push" || rest[0] === "save"))
    ) {
      if (gitCwd !== null) ops.push({ op: "reset_all", path: gitCwd, how });
    } else if (sub === "apply" && c.heredoc !== null) {
      for (const e of parsePatch(c.heredoc))
        ops.push({ op: "patch", path: resolvePath(gitCwd, e.path), before: e.before, after: e.after, how });
    }
  }
  if (name === "cp" || name === "mv") ops.push(...copyOps(name, words, c, how));
  if (name === "perl") ops.push(...perlInPlace(words, how, (f) => resolvePath(c.cwd, f), parseSedScript));
  if (/^python[\d.]*$/.test(name)) ops.push(...pythonRewrite(words, c.heredoc, how, (f) => resolvePath(c.cwd, f)));
  if (name === "rm") {
    for (const f of options(words.slice(1)).args) ops.push({ op: "delete", path: resolvePath(c.cwd, f), how });
  }
  if (name === "patch" && c.heredoc !== null) {
    const { args } = options(words.slice(1));
    const strip = Number(/^-p(\d)$/.exec(words.find((w) => /^-p\d$/.test(w)) ?? "")?.[1] ?? 0);
    const dIdx = words.indexOf("-d");
    const base = dIdx >= 0 && words[dIdx + 1] ? resolvePath(c.cwd, words[dIdx + 1]!) : c.cwd;
    for (const e of parsePatch(c.heredoc)) {
      // parsePatch already strips "b/": -p1 is its default reading; a named file overrides the header.
      const rel =
        args.length === 1 && dIdx < 0
          ? args[0]!
          : strip > 1
            ? e.path
                .split("/")
                .slice(strip - 1)
                .join("/")
            : e.path;
      ops.push({ op: "patch", path: resolvePath(base, rel), before: e.before, after: e.after, how });
    }
  }
  return ops;
}

/** `cp A B`, `mv A B C/`: one copy or move per source. */
function copyOps(name: "cp" | "mv", words: string[], c: SimpleCommand, how: string): ShellOp[] {
  const ops: ShellOp[] = [];
  const { args } = options(words.slice(1));
  if (args.length >= 2) {
    const to = args[args.length - 1]!;
    for (const from of args.slice(0, -1)) {
      const dest = to.endsWith("/") || args.length > 2 ? `${to.replace(/\/$/, "")}/${from.split("/").pop()}` : to;
      ops.push({
        op: name === "cp" ? "copy" : "move",
        from: resolvePath(c.cwd, from),
        to: resolvePath(c.cwd, dest),
        how,
      });
    }
  }
  return ops;
}

const READ_ONLY =
  /^(cat|head|tail|less|more|grep|egrep|fgrep|rg|ag|ls|ll|tree|wc|diff|cmp|find|nl|file|stat|du|echo|printf|pwd|true|which|type|sort|uniq|cut|awk|jq|column)$/;
const GIT_READ_ONLY = /^(diff|show|log|status|blame|grep|ls-files|rev-parse|branch)$/;

/** True when every command of the script only reads (no writes, no tests or builds run). */
export function readOnlyScript(a: ShellAnalysis): boolean {
  if (a.ops.length > 0) return false;
  return a.commands.every((c) => {
    const w = commandWords(c);
    if (w.length === 0) return true;
    const name = w[0]!.split("/").pop()!;
    // The frame of a loop or a conditional runs nothing itself: `for d in …`, `done`, `fi`.
    if (/^(for|select|case|in|done|fi|esac|\}|\)|;;)$/.test(name)) return true;
    if (name === "sed") return !w.some((x) => /^-[a-zA-Z]*i/.test(x));
    if (name === "find") return !w.some((x) => x === "-exec" || x === "-delete");
    if (name === "git") {
      const sub = w.filter((x, i) => i > 0 && !x.startsWith("-") && w[i - 1] !== "-C")[0];
      return sub !== undefined && GIT_READ_ONLY.test(sub);
    }
    return READ_ONLY.test(name) && c.redirects.every((r) => r.op === "<" || r.target === "/dev/null");
  });
}

export function analyzeShell(script: string, startCwd: string | null, how = "shell"): ShellAnalysis {
  const { commands, endCwd, dirs } = parseShell(script, startCwd);
  const ops = commands.flatMap((c) => commandOps(c, how));
  return { commands, ops, dirs, endCwd };
}
