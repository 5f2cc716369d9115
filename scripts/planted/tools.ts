// The three tool styles. Each renders an abstract action (read, edit, write, shell, undo) as the tool call its
// harness makes, applies it to the checkouts and returns the observation the harness would record.
import { codexChunks } from "./diff";
import type { Rng } from "./rng";
import type { ShellCmd } from "./shell";
import type { Style } from "./types";
import { applyEdits, lineOfBlock, type Edit, type Vfs } from "./vfs";

export interface Call {
  id: string;
  name: string;
  args: Record<string, unknown>;
  output: string;
}

export interface Tools {
  style: Style;
  read(path: string, cwd: string): Call;
  edit(path: string, edits: Edit[]): Call;
  /** A whole-file write with the editor (Write, an apply_patch Add/Update, str_replace_editor create). */
  write(path: string, content: string): Call;
  shell(cmd: ShellCmd, cwd: string): Call;
  undo(path: string): Call;
  insert(path: string, afterLine: number, text: string): Call;
}

function numbered(text: string, pad: boolean, from = 1, to = Number.MAX_SAFE_INTEGER): string {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines
    .map((l, i) => [i + 1, l] as const)
    .filter(([n]) => n >= from && n <= to)
    .map(([n, l]) => `${pad ? String(n).padStart(6) : n}\t${l}`)
    .join("\n");
}

function short(text: string): string {
  const one = text.split("\n")[0] ?? "";
  return one.length > 48 ? `${one.slice(0, 45)}...` : one;
}

class ClaudeTools implements Tools {
  readonly style = "claude-code" as const;
  constructor(
    private readonly vfs: Vfs,
    private readonly rng: Rng,
  ) {}

  private id(): string {
    return `toolu_01${this.rng.token(22, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")}`;
  }

  read(path: string): Call {
    return { id: this.id(), name: "Read", args: { file_path: path }, output: numbered(this.vfs.read(path), false) };
  }

  edit(path: string, edits: Edit[]): Call {
    this.vfs.edit(path, edits);
    const shown = edits.map((e) =>
      e.new === "" ? { old_string: `${e.old}\n`, new_string: "" } : { old_string: e.old, new_string: e.new },
    );
    if (edits.length === 1) {
      return {
        id: this.id(),
        name: "Edit",
        args: { file_path: path, ...shown[0], replace_all: false },
        output: `The file ${path} has been updated successfully.`,
      };
    }
    const list = shown
      .map((e, i) => `${i + 1}. Replaced "${short(e.old_string)}" with "${short(e.new_string)}"`)
      .join("\n");
    return {
      id: this.id(),
      name: "MultiEdit",
      args: { file_path: path, edits: shown },
      output: `Applied ${edits.length} edits to ${path}:\n${list}`,
    };
  }

  write(path: string, content: string): Call {
    const existed = this.vfs.has(path);
    this.vfs.write(path, content);
    const output = existed
      ? `The file ${path} has been updated successfully.`
      : `File created successfully at: ${path}`;
    return { id: this.id(), name: "Write", args: { file_path: path, content }, output };
  }

  shell(cmd: ShellCmd, cwd: string): Call {
    const { out, code } = cmd.run(this.vfs, cwd);
    const output = code === 0 ? out.trimEnd() : `${out.trimEnd()}\n\nExit code ${code}`.trimStart();
    return {
      id: this.id(),
      name: "Bash",
      args: { command: `cd ${cwd} && ${cmd.cmd}`, description: cmd.description },
      output,
    };
  }

  undo(): Call {
    throw new Error("Claude Code has no undo tool");
  }

  insert(path: string, afterLine: number, text: string): Call {
    const lines = this.vfs.read(path).split("\n");
    return this.edit(path, [{ old: lines[afterLine - 1]!, new: `${lines[afterLine - 1]!}\n${text}` }]);
  }
}

class CodexTools implements Tools {
  readonly style = "codex" as const;
  /** Some steps call apply_patch through the shell tool, as older Codex CLI versions did. */
  private viaShell = false;
  constructor(
    private readonly vfs: Vfs,
    private readonly rng: Rng,
  ) {}

  private id(): string {
    return `call_${this.rng.token(24, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")}`;
  }

  useShellPatches(on: boolean): void {
    this.viaShell = on;
  }

  private patchCall(patch: string, files: string[], workdir: string): Call {
    const output = `Success. Updated the following files:\n${files.join("\n")}`;
    if (this.viaShell)
      return {
        id: this.id(),
        name: "shell",
        args: { command: ["apply_patch", patch], workdir },
        output: shellOutput(output, 0, this.rng),
      };
    return { id: this.id(), name: "apply_patch", args: { input: patch }, output };
  }

  read(path: string, cwd: string): Call {
    const rel = path.startsWith(`${cwd}/`) ? path.slice(cwd.length + 1) : path;
    const text = this.vfs.read(path);
    const lines = text.split("\n").length - 1;
    const variant = this.rng.int(0, 2);
    const cmd =
      variant === 0 ? `sed -n '1,${Math.max(120, lines)}p' ${rel}` : variant === 1 ? `nl -ba ${rel}` : `cat ${rel}`;
    const out = variant === 1 ? `${numbered(text, true)}\n` : text;
    return {
      id: this.id(),
      name: "shell",
      args: { command: ["bash", "-lc", cmd], workdir: cwd },
      output: shellOutput(out, 0, this.rng),
    };
  }

  edit(path: string, edits: Edit[]): Call {
    const before = this.vfs.read(path);
    const after = applyEdits(before, edits, path);
    this.vfs.write(path, after);
    const patch = `*** Begin Patch\n*** Update File: ${path}\n${codexChunks(before, after)}\n*** End Patch`;
    return this.patchCall(patch, [`M ${path}`], this.vfs.rootOf(path) ?? "/");
  }

  write(path: string, content: string): Call {
    const before = this.vfs.has(path) ? this.vfs.read(path) : null;
    this.vfs.write(path, content);
    const body =
      before === null
        ? `*** Add File: ${path}\n${content
            .replace(/\n$/, "")
            .split("\n")
            .map((l) => `+${l}`)
            .join("\n")}`
        : `*** Update File: ${path}\n${codexChunks(before, content)}`;
    return this.patchCall(
      `*** Begin Patch\n${body}\n*** End Patch`,
      [`${before === null ? "A" : "M"} ${path}`],
      this.vfs.rootOf(path) ?? "/",
    );
  }

  shell(cmd: ShellCmd, cwd: string): Call {
    const { out, code } = cmd.run(this.vfs, cwd);
    return {
      id: this.id(),
      name: "shell",
      args: { command: ["bash", "-lc", cmd.cmd], workdir: cwd },
      output: shellOutput(out, code, this.rng),
    };
  }

  undo(): Call {
    throw new Error("Codex has no undo tool");
  }

  insert(path: string, afterLine: number, text: string): Call {
    const lines = this.vfs.read(path).split("\n");
    return this.edit(path, [{ old: lines[afterLine - 1]!, new: `${lines[afterLine - 1]!}\n${text}` }]);
  }
}

function shellOutput(out: string, code: number, rng: Rng): string {
  return `Exit code: ${code}\nWall time: ${(0.1 + rng.next() * 1.4).toFixed(1)} seconds\nOutput:\n${out}`;
}

class OpenHandsTools implements Tools {
  readonly style = "openhands" as const;
  constructor(
    private readonly vfs: Vfs,
    private readonly rng: Rng,
  ) {}

  private id(): string {
    return `toolu_${this.rng.token(24, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")}`;
  }

  read(path: string): Call {
    const output = `Here's the result of running \`cat -n\` on ${path}:\n${numbered(this.vfs.read(path), true)}\n`;
    return { id: this.id(), name: "str_replace_editor", args: { command: "view", path }, output };
  }

  edit(path: string, edits: Edit[]): Call {
    if (edits.length !== 1) throw new Error("str_replace takes one edit per call");
    const e = edits[0]!;
    const before = this.vfs.read(path);
    const first = lineOfBlock(before, e.old);
    const after = applyEdits(before, edits, path);
    this.vfs.editorWrite(path, after);
    const old_str = e.new === "" ? `${e.old}\n` : e.old;
    const size = e.new === "" ? 0 : e.new.split("\n").length;
    const body = numbered(after, true, Math.max(1, first - 4), first + size + 3);
    const output = `The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet of ${path}:\n${body}\nReview the changes and make sure they are as expected. Edit the file again if necessary.`;
    return {
      id: this.id(),
      name: "str_replace_editor",
      args: { command: "str_replace", path, old_str, new_str: e.new },
      output,
    };
  }

  insert(path: string, afterLine: number, text: string): Call {
    const lines = this.vfs.read(path).split("\n");
    lines.splice(afterLine, 0, ...text.split("\n"));
    const after = lines.join("\n");
    this.vfs.editorWrite(path, after);
    const body = numbered(after, true, Math.max(1, afterLine - 3), afterLine + text.split("\n").length + 4);
    const output = `The file ${path} has been edited. Here's the result of running \`cat -n\` on a snippet of the edited file:\n${body}\nReview the changes and make sure they are as expected (correct indentation, no duplicate lines, etc). Edit the file again if necessary.`;
    return {
      id: this.id(),
      name: "str_replace_editor",
      args: { command: "insert", path, insert_line: afterLine, new_str: text },
      output,
    };
  }

  write(path: string, content: string): Call {
    if (this.vfs.has(path)) throw new Error(`create refuses an existing file: ${path}`);
    this.vfs.editorWrite(path, content);
    return {
      id: this.id(),
      name: "str_replace_editor",
      args: { command: "create", path, file_text: content },
      output: `File created successfully at: ${path}`,
    };
  }

  shell(cmd: ShellCmd, cwd: string): Call {
    const { out, code } = cmd.run(this.vfs, cwd);
    const output = `${out}${out === "" || out.endsWith("\n") ? "" : "\n"}[The command completed with exit code ${code}.]`;
    return { id: this.id(), name: "execute_bash", args: { command: `cd ${cwd} && ${cmd.cmd}` }, output };
  }

  undo(path: string): Call {
    this.vfs.undo(path);
    const output = `Last edit to ${path} undone successfully. Here's the result of running \`cat -n\` on ${path}:\n${numbered(this.vfs.read(path), true)}\n`;
    return { id: this.id(), name: "str_replace_editor", args: { command: "undo_edit", path }, output };
  }
}

export function makeTools(style: Style, vfs: Vfs, rng: Rng): Tools {
  if (style === "claude-code") return new ClaudeTools(vfs, rng);
  if (style === "codex") return new CodexTools(vfs, rng);
  return new OpenHandsTools(vfs, rng);
}

export function setCodexShellPatches(tools: Tools, on: boolean): void {
  if (tools instanceof CodexTools) tools.useShellPatches(on);
}
