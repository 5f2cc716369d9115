// One tool call's effects as both detectors read them, whatever the harness: the directories it ran
// commands in (Codex's `workdir` argument, the shell's directory after an earlier `cd`, a `cd` inside the
// command), the file changes it made (edit tools, apply_patch, and shell edits), and whether it only read.
// The shell's directory carries over between calls that name none (Claude Code's Bash keeps it), so a
// TrajectoryShell is threaded through a trajectory's calls in order.
import type { ToolCall } from "./model";
import { analyzeShell, readOnlyScript, resolvePath, type SedCommand, type ShellOp } from "./shell-ops";
import { argumentText, fileEdits, shellCommand, type FileEdit } from "./tools";
import { isRecord, str } from "./values";

export type ChangeVia = "tool" | "shell";

export type FileChange =
  | { kind: "replace"; path: string; before: string; after: string; via: ChangeVia; how: string }
  /** content null: overwritten with text the trace does not show. */
  | { kind: "write"; path: string; content: string | null; via: ChangeVia; how: string }
  | { kind: "append"; path: string; content: string; via: ChangeVia; how: string }
  | { kind: "sed"; path: string; script: SedCommand[]; via: ChangeVia; how: string }
  | { kind: "reset"; path: string; via: ChangeVia; how: string }
  | { kind: "reset_all"; path: string; via: ChangeVia; how: string }
  | { kind: "copy"; from: string; to: string; via: ChangeVia; how: string }
  | { kind: "move"; from: string; to: string; via: ChangeVia; how: string }
  | { kind: "delete"; path: string; via: ChangeVia; how: string };

export interface CallEffect {
  /** The shell script, for shell calls. */
  command: string | null;
  /** Every string of the call's arguments (workdir included), for finding paths it names. */
  text: string;
  /** Directories the call ran commands in (absolute where known). */
  dirs: string[];
  changes: FileChange[];
  /** No file changed and nothing but reading ran (Read/Grep tools, cat, grep, sed -n, git diff …). */
  readOnly: boolean;
}

export class TrajectoryShell {
  cwd: string | null = null;
  /** The editor tool's edits per file, newest last, for its undo_edit (SWE-agent, OpenHands). */
  readonly edits = new Map<string, FileEdit[]>();
}

/** What a call did to the shell's state, replayed when its effect is reused. */
interface ShellStep {
  cwd: string | null | undefined;
  pushed: { path: string; edit: FileEdit }[];
  undone: string[];
}

function replayShellStep(shell: TrajectoryShell, step: ShellStep): void {
  if (step.cwd !== undefined) shell.cwd = step.cwd;
  for (const path of step.undone) shell.edits.get(path)?.pop();
  for (const { path, edit } of step.pushed) {
    const list = shell.edits.get(path);
    if (list) list.push(edit);
    else shell.edits.set(path, [edit]);
  }
}

const READ_TOOLS =
  /^(read|read_file|view|open|grep|glob|search|find|ls|list|list_dir|list_directory|cat|read_many_files|search_file_content|webfetch)$/i;

function workdirOf(call: ToolCall): string | null {
  const a = isRecord(call.args) ? call.args : null;
  const named = a
    ? (str(a.workdir) ?? str(a.cwd) ?? str(a.working_directory) ?? str(a.workingDirectory) ?? str(a.dir))
    : null;
  return named ?? call.cwd ?? null;
}

function shellLabel(op: ShellOp, command: string): string {
  switch (op.op) {
    case "write":
      return /<</.test(command) ? "heredoc rewrite" : "redirection rewrite";
    case "append":
      return "append";
    case "sed":
      return "sed -i";
    case "reset":
      return /\brestore\b/.test(command) ? "git restore" : "git checkout --";
    case "reset_all":
      return /\bstash\b/.test(command)
        ? "git stash"
        : /\breset\b/.test(command)
          ? "git reset --hard"
          : "git checkout .";
    case "copy":
      return /^\s*cat\b|[;&|]\s*cat\b/.test(command) && !/\bcp\b/.test(command) ? "cat >" : "cp";
    case "move":
      return "mv";
    case "delete":
      return "rm";
    case "patch":
      return /\bgit\s+(-C\s+\S+\s+)?apply\b/.test(command) ? "git apply" : "patch";
  }
}

function fromShell(op: ShellOp, command: string): FileChange {
  const how = shellLabel(op, command);
  const via = "shell" as const;
  switch (op.op) {
    case "patch":
      return op.before === null
        ? { kind: "write", path: op.path, content: op.after, via, how }
        : { kind: "replace", path: op.path, before: op.before, after: op.after, via, how };
    case "write":
      return { kind: "write", path: op.path, content: op.content, via, how };
    case "append":
      return { kind: "append", path: op.path, content: op.content, via, how };
    case "sed":
      return { kind: "sed", path: op.path, script: op.script, via, how };
    case "reset":
      return { kind: "reset", path: op.path, via, how };
    case "reset_all":
      return { kind: "reset_all", path: op.path, via, how };
    case "copy":
      return { kind: "copy", from: op.from, to: op.to, via, how };
    case "move":
      return { kind: "move", from: op.from, to: op.to, via, how };
    case "delete":
      return { kind: "delete", path: op.path, via, how };
  }
}

/**
 * `active`: the checkout of the request the call belongs to, for relative paths when nothing else says
 * where the call runs.
 */
export function callEffect(call: ToolCall, shell: TrajectoryShell, active: string | null): CallEffect {
  // Both detectors walk every call (the cross-task one twice); parsing a shell script is the pass's costliest
  // step, so each call's effect is kept for the directory it started from. Effects are never mutated.
  const key = `${shell.cwd ?? ""}\u0000${active ?? ""}`;
  const memo = EFFECTS.get(call);
  const hit = memo?.get(key);
  if (hit) {
    replayShellStep(shell, hit.step);
    return hit.effect;
  }
  const before = shell.cwd;
  const step: ShellStep = { cwd: undefined, pushed: [], undone: [] };
  const effect = computeEffect(call, shell, active, step);
  step.cwd = shell.cwd !== before ? shell.cwd : undefined;
  replayShellStep(shell, { ...step, cwd: undefined });
  const entry = { effect, step };
  if (memo) memo.set(key, entry);
  else EFFECTS.set(call, new Map([[key, entry]]));
  return effect;
}

const EFFECTS = new WeakMap<ToolCall, Map<string, { effect: CallEffect; step: ShellStep }>>();

/** The editor's undo_edit: the file's last edit by the editor, reversed (a created file is deleted again). */
function undoEdit(call: ToolCall, shell: TrajectoryShell, base: string | null, step: ShellStep): FileChange[] {
  const args = isRecord(call.args) ? call.args : null;
  const raw = args ? str(args.path) : null;
  if (!args || raw === null || str(args.command) !== "undo_edit") return [];
  const path = resolvePath(base, raw);
  const last = shell.edits.get(path)?.at(-1);
  if (!last) return [];
  step.undone.push(path);
  const how = `${call.name} undo_edit`;
  return last.before === null
    ? [{ kind: "delete", path, via: "tool", how }]
    : [{ kind: "replace", path, before: last.after, after: last.before, via: "tool", how }];
}

function computeEffect(call: ToolCall, shell: TrajectoryShell, active: string | null, step: ShellStep): CallEffect {
  const text = argumentText(call);
  const command = shellCommand(call);
  const workdir = workdirOf(call);
  if (command !== null) {
    const start = workdir !== null ? resolvePath(shell.cwd ?? active, workdir) : (shell.cwd ?? active);
    const a = analyzeShell(command, start);
    if (workdir === null && a.endCwd !== null) shell.cwd = a.endCwd;
    return {
      command,
      text,
      dirs: a.dirs,
      changes: a.ops.map((op) => fromShell(op, command)),
      readOnly: readOnlyScript(a),
    };
  }
  const base = workdir !== null ? resolvePath(active, workdir) : active;
  const changes: FileChange[] = fileEdits(call).map((e) => {
    const path = resolvePath(base, e.path);
    step.pushed.push({ path, edit: e });
    const how = /patch/i.test(call.name) ? "apply_patch" : call.name;
    return e.before === null
      ? { kind: "write", path, content: e.after, via: "tool", how }
      : { kind: "replace", path, before: e.before, after: e.after, via: "tool", how };
  });
  changes.push(...undoEdit(call, shell, base, step));
  const dirs = workdir !== null ? [base!] : [];
  const viewOnly = isRecord(call.args) && call.args.command === "view";
  return {
    command: null,
    text,
    dirs,
    changes,
    readOnly: changes.length === 0 && (READ_TOOLS.test(call.name) || viewOnly),
  };
}

/** The text a change adds, when the trace shows it (for names that enter a file). */
export function addedText(c: FileChange): { before: string; after: string } | null {
  if (c.kind === "replace") return { before: c.before, after: c.after };
  if (c.kind === "write" && c.content !== null) return { before: "", after: c.content };
  if (c.kind === "append") return { before: "", after: c.content };
  if (c.kind === "sed") {
    const repl = c.script.filter((s) => s.kind === "substitute").map((s) => (s as { replacement: string }).replacement);
    return repl.length ? { before: "", after: repl.join("\n") } : null;
  }
  return null;
}
