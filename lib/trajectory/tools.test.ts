import { describe, expect, it } from "vitest";
import { callEffect, TrajectoryShell } from "./call-effects";
import { addedLines, argumentText, editDiff, fileEdits, parsePatch, shellCommand } from "./tools";

const call = (name: string, args: unknown) => ({ id: "x", name, args });

describe("shellCommand", () => {
  it("reads the command of every harness's shell tool", () => {
    expect(shellCommand(call("Bash", { command: "ls", description: "List" }))).toBe("ls");
    expect(shellCommand(call("shell", { command: ["bash", "-lc", "cd /w && ls"] }))).toBe("cd /w && ls");
    expect(shellCommand(call("exec_command", { cmd: "git diff" }))).toBe("git diff");
    expect(shellCommand(call("bash_command", { keystrokes: "mkdir x\n", duration: 0.1 }))).toBe("mkdir x\n");
    expect(shellCommand(call("run_shell_command", { command: "pytest" }))).toBe("pytest");
  });

  it("is null for tools that run no command", () => {
    expect(shellCommand(call("Read", { file_path: "/a" }))).toBeNull();
    expect(shellCommand(call("Glob", { pattern: "*.py" }))).toBeNull();
  });
});

describe("fileEdits", () => {
  it("reads edits, multi-edits and whole-file writes", () => {
    expect(fileEdits(call("Edit", { file_path: "/w/a.py", old_string: "x = 1", new_string: "x = 2" }))).toEqual([
      { path: "/w/a.py", before: "x = 1", after: "x = 2" },
    ]);
    expect(
      fileEdits(
        call("MultiEdit", {
          file_path: "/w/a.py",
          edits: [
            { old_string: "a", new_string: "b" },
            { old_string: "c", new_string: "d" },
          ],
        }),
      ),
    ).toHaveLength(2);
    expect(fileEdits(call("Write", { file_path: "/w/n.py", content: "print(1)" }))).toEqual([
      { path: "/w/n.py", before: null, after: "print(1)" },
    ]);
    expect(fileEdits(call("replace", { file_path: "/w/a.py", old_string: "a", new_string: "b" }))).toHaveLength(1);
    expect(fileEdits(call("Read", { file_path: "/w/a.py" }))).toEqual([]);
  });

  it("Codex's shell tool running apply_patch is a file edit in its workdir, not a shell command", () => {
    // Real Codex logs run `["apply_patch", "*** Begin Patch …"]` through `shell`: the argv is no script to read
    // (shellCommand null), the envelope is the edit (src/a.py: `return 1` → `return 2`), and its relative path
    // lies in the call's workdir, /work/w00, as any tool call's does.
    const patch = [
      "*** Begin Patch",
      "*** Update File: src/a.py",
      "@@",
      " def f():",
      "-    return 1",
      "+    return 2",
      "*** End Patch",
    ].join("\n");
    const shell = call("shell", { command: ["apply_patch", patch], workdir: "/work/w00" });
    expect(shellCommand(shell)).toBeNull();
    expect(fileEdits(shell)).toEqual([
      { path: "src/a.py", before: "def f():\n    return 1", after: "def f():\n    return 2" },
    ]);
    const eff = callEffect(shell, new TrajectoryShell(), null);
    expect(eff.command).toBeNull();
    expect(eff.changes).toEqual([
      {
        kind: "replace",
        path: "/work/w00/src/a.py",
        before: "def f():\n    return 1",
        after: "def f():\n    return 2",
        via: "tool",
        how: "shell",
      },
    ]);
    // The same tool running a script is still a command.
    expect(shellCommand(call("shell", { command: ["bash", "-lc", "apply_patch < x.diff"], workdir: "/w" }))).toBe(
      "apply_patch < x.diff",
    );
  });

  it("parses Codex apply_patch envelopes and unified diffs", () => {
    const envelope = [
      "*** Begin Patch",
      "*** Update File: src/a.py",
      "@@",
      " def f():",
      "-    return 1",
      "+    return 2",
      "*** Add File: src/b.py",
      "+x = 1",
      "*** End Patch",
    ].join("\n");
    expect(fileEdits(call("apply_patch", { input: envelope }))).toEqual([
      { path: "src/a.py", before: "def f():\n    return 1", after: "def f():\n    return 2" },
      { path: "src/b.py", before: null, after: "x = 1" },
    ]);
    const unified = [
      "diff --git a/src/a.py b/src/a.py",
      "index 1..2 100644",
      "--- a/src/a.py",
      "+++ b/src/a.py",
      "@@ -1,2 +1,2 @@",
      " a",
      "-b",
      "+c",
    ].join("\n");
    expect(parsePatch(unified)).toEqual([{ path: "src/a.py", before: "a\nb", after: "a\nc" }]);
  });
});

describe("addedLines and editDiff", () => {
  const e = { path: "a.py", before: "def f(x):\n    return x", after: "def f(x):\n    x = int(x)\n    return x" };
  it("lists the lines an edit adds", () => {
    expect(addedLines(e)).toEqual(["x = int(x)"]);
  });
  it("renders an edit as a diff with shared lines as context", () => {
    expect(editDiff(e)).toBe("--- a.py\n+++ a.py\n@@\n def f(x):\n+    x = int(x)\n     return x");
  });
  it("keeps lines both sides share as context, also in the middle", () => {
    const before = "a\nb\nc\nd";
    const after = "a\nc\nX\nd";
    expect(editDiff({ path: "p", before, after }).split("\n").slice(3)).toEqual([" a", "-b", " c", "+X", " d"]);
  });
});

describe("argumentText", () => {
  it("collects every string argument", () => {
    expect(argumentText(call("x", { a: "one", b: ["two", { c: "three" }], d: 4 }))).toBe("one\ntwo\nthree");
  });
});
