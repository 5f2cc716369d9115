// Shell commands an agent types, each with its effect on the checkouts and the output it prints. The command
// text and the effect are built from the same strings, so what the trace says is what happened.
import { diffStat } from "./diff";
import type { Edit, Vfs } from "./vfs";
import { applyEdits } from "./vfs";

export interface ShellCmd {
  cmd: string;
  /** A short description (Claude Code's Bash tool carries one). */
  description: string;
  run(vfs: Vfs, cwd: string): { out: string; code: number };
}

export function shq(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A Python string literal (JSON's escapes are Python's). */
export function pyq(text: string): string {
  return JSON.stringify(text);
}

export function abs(cwd: string, path: string): string {
  return path.startsWith("/") ? path : `${cwd}/${path}`;
}

function ok(out = ""): { out: string; code: number } {
  return { out, code: 0 };
}

/** grep -rn for a literal string under a path (a file or a folder). */
export function grep(pattern: string, target: string, tool: "grep" | "rg" = "grep"): ShellCmd {
  return {
    cmd: tool === "rg" ? `rg -n ${shq(pattern)} ${target}` : `grep -rn ${shq(pattern)} ${target}`,
    description: `Search for ${pattern}`,
    run: (vfs, cwd) => {
      const out = grepLines(vfs, abs(cwd, target), pattern, target);
      return { out, code: out === "" ? 1 : 0 };
    },
  };
}

export function grepLines(vfs: Vfs, absTarget: string, pattern: string, shown: string): string {
  const root = vfs.rootOf(absTarget) ?? absTarget;
  const files = vfs.has(absTarget)
    ? [absTarget]
    : vfs
        .listFiles(root)
        .map((r) => `${root}/${r}`)
        .filter((p) => p.startsWith(`${absTarget}/`));
  const out: string[] = [];
  for (const path of files) {
    const name = vfs.has(absTarget) ? "" : `${shown.replace(/\/$/, "")}${path.slice(absTarget.length)}:`;
    vfs
      .read(path)
      .split("\n")
      .forEach((line, i) => {
        if (line.includes(pattern)) out.push(`${name}${i + 1}:${line}`);
      });
  }
  return out.length === 0 ? "" : `${out.join("\n")}\n`;
}

function sedEscape(text: string): string {
  return text.replace(/[\\/.*[\]^$]/g, (c) => `\\${c}`);
}

/** In-place substitution of a literal by sed or perl. */
export function substitute(path: string, find: string, replace: string, flavor: "sed" | "perl"): ShellCmd {
  const cmd =
    flavor === "sed"
      ? `sed -i ${shq(`s/${sedEscape(find)}/${replace.replace(/[\\/&]/g, (c) => `\\${c}`)}/`)} ${path}`
      : `perl -pi -e ${shq(`s/${find.replace(/[^A-Za-z0-9_ ]/g, (c) => `\\${c}`)}/${replace.replace(/[\\/$@]/g, (c) => `\\${c}`)}/`)} ${path}`;
  return {
    cmd,
    description: `Edit ${path} in place`,
    run: (vfs, cwd) => {
      const p = abs(cwd, path);
      vfs.write(p, vfs.read(p).split(find).join(replace));
      return ok();
    },
  };
}

/** A sed script given as written (e.g. a rename with word boundaries, or a range delete). */
export function sedScript(path: string, script: string, apply: (text: string) => string): ShellCmd {
  return {
    cmd: `sed -i ${shq(script)} ${path}`,
    description: `Edit ${path} in place`,
    run: (vfs, cwd) => {
      const p = abs(cwd, path);
      vfs.write(p, apply(vfs.read(p)));
      return ok();
    },
  };
}

/** A Python script that rewrites a file with str.replace, as a heredoc or a one-liner. */
export function pyReplace(path: string, edits: readonly Edit[], flavor: "heredoc" | "inline"): ShellCmd {
  const run = (vfs: Vfs, cwd: string) => {
    const p = abs(cwd, path);
    const text = vfs.read(p);
    if (flavor === "inline") {
      const e = edits[0]!;
      if (!text.includes(e.old)) throw new Error(`python -c: ${e.old} not in ${p}`);
      vfs.write(
        p,
        text.replace(e.old, () => e.new),
      );
      return ok();
    }
    vfs.write(p, applyEdits(text, edits, p));
    return ok(`rewrote ${path}\n`);
  };
  if (flavor === "inline") {
    const e = edits[0]!;
    const body = `import pathlib; p = pathlib.Path(${pyq(path)}); p.write_text(p.read_text().replace(${pyq(e.old)}, ${pyq(e.new)}, 1))`;
    return { cmd: `python3 -c ${shq(body)}`, description: `Rewrite ${path}`, run };
  }
  const lines = [
    "python3 - <<'EOF'",
    "from pathlib import Path",
    "",
    `path = Path(${pyq(path)})`,
    "text = path.read_text()",
  ];
  for (const e of edits) {
    const from = e.new === "" ? `${e.old}\n` : e.old;
    lines.push(`assert text.count(${pyq(from)}) == 1`, `text = text.replace(${pyq(from)}, ${pyq(e.new)})`);
  }
  lines.push("path.write_text(text)", `print("rewrote", path)`, "EOF");
  return { cmd: lines.join("\n"), description: `Rewrite ${path} with a script`, run };
}

/** The whole file written by a heredoc (cat > or tee). */
export function heredocWrite(path: string, content: string, flavor: "cat" | "tee"): ShellCmd {
  const head = flavor === "cat" ? `cat > ${path} <<'EOF'` : `tee ${path} > /dev/null <<'EOF'`;
  return {
    cmd: `${head}\n${content}EOF`,
    description: `Write ${path}`,
    run: (vfs, cwd) => {
      vfs.write(abs(cwd, path), content);
      return ok();
    },
  };
}

export function copy(src: string, dst: string, flavor: "cp" | "rsync" | "python" | "cat" | "mv"): ShellCmd {
  const cmds = {
    cp: `cp ${src} ${dst}`,
    mv: `mv ${src} ${dst}`,
    rsync: `rsync -a ${src} ${dst}`,
    python: `python3 -c ${shq(`import shutil; shutil.copyfile(${pyq(src)}, ${pyq(dst)})`)}`,
    cat: `cat ${src} | tee ${dst} > /dev/null`,
  };
  return {
    cmd: cmds[flavor],
    description: `${flavor === "mv" ? "Move" : "Copy"} ${src} to ${dst}`,
    run: (vfs, cwd) => {
      const from = abs(cwd, src);
      vfs.write(abs(cwd, dst), vfs.read(from));
      if (flavor === "mv") vfs.remove(from);
      return ok();
    },
  };
}

export function gitRevert(path: string, flavor: "checkout" | "restore"): ShellCmd {
  return {
    cmd: flavor === "checkout" ? `git checkout -- ${path}` : `git restore ${path}`,
    description: `Discard changes to ${path}`,
    run: (vfs, cwd) => {
      vfs.restore(abs(cwd, path));
      return ok(flavor === "checkout" ? "Updated 1 path from the index\n" : "");
    },
  };
}

export function gitDiff(root?: string, extra = ""): ShellCmd {
  const where = root ? `git -C ${root} diff` : "git diff";
  return {
    cmd: `${where}${extra}`,
    description: "Show the diff",
    run: (vfs, cwd) => ok(extra === " --stat" ? statOf(vfs, root ?? cwd) : vfs.gitDiff(root ?? cwd)),
  };
}

function statOf(vfs: Vfs, root: string): string {
  return diffStat(
    vfs
      .changes(root)
      .filter((c) => c.before !== null)
      .map((c) => ({ path: c.rel, before: c.before ?? "", after: c.after ?? "" })),
  );
}

export function gitStatus(root?: string): ShellCmd {
  return {
    cmd: root ? `git -C ${root} status --short` : "git status --short",
    description: "Show changed files",
    run: (vfs, cwd) => ok(vfs.gitStatus(root ?? cwd)),
  };
}

/** Stage everything and show the staged diff (new files included): what this checkout would submit. */
export function gitDiffAll(): ShellCmd {
  return {
    cmd: "git add -A && git diff --cached",
    description: "Show the full diff, new files included",
    run: (vfs, cwd) => ok(vfs.fullDiff(cwd)),
  };
}
