// What a tool call did, whatever the harness calls its tools: the shell command it ran, the file edits it
// made. Harnesses differ (Claude Code "Bash"/"Edit"/"MultiEdit"/"Write", OpenCode "bash"/"edit",
// Codex "shell"/"apply_patch", Gemini CLI "run_shell_command"/"replace"/"write_file", SWE-agent and OpenHands
// "str_replace_editor" (create, str_replace, insert; undo_edit is call-effects.ts's, it needs the history),
// Terminus keystrokes); unknown tools fall back to their string arguments.
import type { ToolCall } from "./model";
import { patchTextChanges } from "./patch";
import { isRecord, str } from "./values";

export interface FileEdit {
  path: string;
  /** The text replaced; null for a whole-file write (the old content is not in the trace). */
  before: string | null;
  after: string;
}

const SHELL =
  /^(bash|shell|sh|exec_command|run_shell_command|execute_bash|run_command|terminal|local_shell|bash_command|container\.exec)$/i;

/** The editor tool of SWE-agent and OpenHands names its action in `command`; that is no shell command. */
const EDITOR_COMMAND = /^(view|create|str_replace|insert|undo_edit)$/;

export function shellCommand(call: ToolCall): string | null {
  const args = isRecord(call.args) ? call.args : null;
  if (!args) return typeof call.args === "string" && SHELL.test(call.name) ? call.args : null;
  if (!SHELL.test(call.name) && typeof args.command === "string" && EDITOR_COMMAND.test(args.command)) return null;
  if (codexApplyPatch(args) !== null) return null;
  const command = args.command ?? args.cmd ?? args.keystrokes;
  const text =
    typeof command === "string"
      ? command
      : Array.isArray(command) && command.every((c) => typeof c === "string")
        ? shellJoin(command)
        : null;
  if (text === null) return null;
  return SHELL.test(call.name) || typeof args.command === "string" ? text : null;
}

/** ["bash", "-lc", "cd x && ls"] → the script itself; other argv lists joined with spaces. */
function shellJoin(argv: string[]): string {
  if (argv.length === 3 && /(^|\/)(ba|z)?sh$/.test(argv[0]!) && /^-l?c$/.test(argv[1]!)) return argv[2]!;
  return argv.join(" ");
}

/** Codex's shell tool running `["apply_patch", "*** Begin Patch …"]`: the patch, else null. */
function codexApplyPatch(args: Record<string, unknown>): string | null {
  const argv = args.command;
  return Array.isArray(argv) && argv[0] === "apply_patch" && typeof argv[1] === "string" ? argv[1] : null;
}

export function fileEdits(call: ToolCall): FileEdit[] {
  const args = isRecord(call.args) ? call.args : null;
  if (!args) return [];
  const viaShell = codexApplyPatch(args);
  if (viaShell !== null) return parsePatch(viaShell);
  const name = call.name.toLowerCase();
  const path = str(args.file_path) ?? str(args.path) ?? str(args.filename) ?? str(args.target_file);
  if (name === "apply_patch" || name === "patch") {
    const patch = str(args.input) ?? str(args.patch) ?? (typeof call.args === "string" ? call.args : null);
    return patch ? parsePatch(patch) : [];
  }
  if (path === null) return [];
  if (Array.isArray(args.edits)) {
    return args.edits.filter(isRecord).map((e) => ({
      path,
      before: str(e.old_string) ?? str(e.old_str) ?? "",
      after: str(e.new_string) ?? str(e.new_str) ?? "",
    }));
  }
  const before = str(args.old_string) ?? str(args.old_str);
  const after = str(args.new_string) ?? str(args.new_str);
  if (before !== null && after !== null) return [{ path, before, after }];
  // SWE-agent's and OpenHands' editor inserts new_str after a line: nothing of the file is replaced.
  if (str(args.command) === "insert" && after !== null) return [{ path, before: "", after }];
  const content = str(args.content) ?? str(args.file_text) ?? str(args.contents);
  if (content !== null && /write|create/.test(name)) return [{ path, before: null, after: content }];
  if (content !== null && str(args.command) === "create") return [{ path, before: null, after: content }];
  return [];
}

/** Codex's "*** Begin Patch" envelope and plain unified diffs, read by lib/trajectory/patch.ts; deletions are no edits. */
export function parsePatch(patch: string): FileEdit[] {
  return patchTextChanges(patch)
    .filter((c) => !c.deleted)
    .map((c) => ({ path: c.path, before: c.before, after: c.after }));
}

/** Every string in a call's arguments, for scanning paths (what a command or a tool touches). */
export function argumentText(call: ToolCall): string {
  const out: string[] = [];
  collectStrings(call.args, 0, out);
  return out.join("\n");
}

// A function of the module, not a closure: the build's pass calls this for every tool call of every trajectory.
function collectStrings(v: unknown, depth: number, out: string[]): void {
  if (typeof v === "string") out.push(v);
  else if (depth < 4 && Array.isArray(v)) for (const x of v) collectStrings(x, depth + 1, out);
  else if (depth < 4 && isRecord(v)) for (const x of Object.values(v)) collectStrings(x, depth + 1, out);
}

/** Lines an edit adds (in `after`, not in `before`), trimmed and non-empty. */
export function addedLines(e: FileEdit): string[] {
  const before = new Set((e.before ?? "").split("\n").map((l) => l.trim()));
  return e.after
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !before.has(l));
}

/** Line diff of two short texts by longest common subsequence; longer texts fall back to prefix/suffix. */
function lineDiff(a: string[], b: string[]): string[] {
  if (a.length * b.length > 250_000) {
    let head = 0;
    while (head < a.length && head < b.length && a[head] === b[head]) head++;
    let tail = 0;
    while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail])
      tail++;
    return [
      ...a.slice(0, head).map((l) => ` ${l}`),
      ...a.slice(head, a.length - tail).map((l) => `-${l}`),
      ...b.slice(head, b.length - tail).map((l) => `+${l}`),
      ...a.slice(a.length - tail).map((l) => ` ${l}`),
    ];
  }
  // lcs[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const lcs = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--)
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  }
  const out: string[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(` ${a[i++]}`);
      j++;
    } else if (j < b.length && (i === a.length || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      out.push(`+${b[j++]}`);
    } else {
      out.push(`-${a[i++]}`);
    }
  }
  return out;
}

/** An edit as a unified diff for display (the whole replaced text, with unchanged lines as context). */
export function editDiff(e: FileEdit): string {
  const a = e.before === null ? [] : e.before.split("\n");
  const b = e.after.split("\n");
  return [`--- ${e.before === null ? "/dev/null" : e.path}`, `+++ ${e.path}`, "@@", ...lineDiff(a, b)].join("\n");
}
