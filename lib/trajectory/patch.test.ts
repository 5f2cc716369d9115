import { describe, expect, it } from "vitest";
import { parseEnvelope, parseUnifiedDiff, patchTextChanges } from "./patch";

const MULTI = [
  "diff --git a/src/click/core.py b/src/click/core.py",
  "index 1111111..2222222 100644",
  "--- a/src/click/core.py",
  "+++ b/src/click/core.py",
  "@@ -10,3 +10,4 @@ class Option:",
  "     def f(self):",
  "-        return 1",
  "+        value = 2",
  "+        return value",
  "     # end",
  "@@ -40 +41 @@",
  "-old",
  "+new",
  "diff --git a/CHANGES.rst b/CHANGES.rst",
  "--- a/CHANGES.rst",
  "+++ b/CHANGES.rst",
  "@@ -1,2 +1,3 @@",
  " Unreleased",
  " ----------",
  "+-   Fix the default.",
].join("\n");

describe("parseUnifiedDiff", () => {
  it("reads several files, their hunks, line numbers and counts", () => {
    const { files, problems } = parseUnifiedDiff(MULTI);
    expect(problems).toEqual([]);
    expect(files.map((f) => [f.path, f.status, f.additions, f.deletions, f.hunks.length])).toEqual([
      ["src/click/core.py", "modified", 3, 2, 2],
      ["CHANGES.rst", "modified", 1, 0, 1],
    ]);
    const h = files[0]!.hunks[0]!;
    expect([h.oldStart, h.oldCount, h.newStart, h.newCount]).toEqual([10, 3, 10, 4]);
    // old 10 ' def', 11 '-return 1', 12 ' # end'; new 10 ' def', 11 '+value', 12 '+return', 13 ' # end'
    expect(h.lines.map((l) => [l.kind, l.oldLine, l.newLine])).toEqual([
      ["context", 10, 10],
      ["del", 11, null],
      ["add", null, 11],
      ["add", null, 12],
      ["context", 12, 13],
    ]);
    // "@@ -40 +41 @@": a count left out is 1.
    expect(files[0]!.hunks[1]!.oldCount).toBe(1);
    // a "-" line whose text is "-   Fix": the hunk counts decide it is a line, not a header.
    expect(files[1]!.hunks[0]!.lines.at(-1)).toMatchObject({ kind: "add", text: "-   Fix the default.", newLine: 3 });
    expect(files[1]!.line).toBe(14);
  });

  it("reads renames, copies, additions and deletions from git's extended headers", () => {
    const text = [
      "diff --git a/old/name.py b/new/name.py",
      "similarity index 100%",
      "rename from old/name.py",
      "rename to new/name.py",
      "diff --git a/a.py b/a.py",
      "deleted file mode 100644",
      "index 3333333..0000000",
      "--- a/a.py",
      "+++ /dev/null",
      "@@ -1,2 +0,0 @@",
      "-x = 1",
      "-y = 2",
      "diff --git a/b.py b/b.py",
      "new file mode 100644",
      "--- /dev/null",
      "+++ b/b.py",
      "@@ -0,0 +1 @@",
      "+z = 3",
      "diff --git a/c.py b/d.py",
      "copy from c.py",
      "copy to d.py",
    ].join("\n");
    const { files, problems } = parseUnifiedDiff(text);
    expect(problems).toEqual([]);
    expect(files.map((f) => [f.oldPath, f.newPath, f.path, f.status])).toEqual([
      ["old/name.py", "new/name.py", "new/name.py", "renamed"],
      ["a.py", null, "a.py", "deleted"],
      [null, "b.py", "b.py", "added"],
      ["c.py", "d.py", "d.py", "copied"],
    ]);
    expect(files[1]!.deletions).toBe(2);
  });

  it("marks binary files and skips a GIT binary patch's payload", () => {
    const text = [
      "diff --git a/logo.png b/logo.png",
      "index 4444444..5555555 100644",
      "Binary files a/logo.png and b/logo.png differ",
      "diff --git a/icon.ico b/icon.ico",
      "new file mode 100644",
      "GIT binary patch",
      "literal 12",
      "zcmZ?wbhEHbRA5kGU|?VX",
      "",
      "literal 0",
      "HcmV?d00001",
      "diff --git a/x.py b/x.py",
      "--- a/x.py",
      "+++ b/x.py",
      "@@ -1 +1 @@",
      "-a",
      "+b",
    ].join("\n");
    const { files, problems } = parseUnifiedDiff(text);
    expect(problems).toEqual([]);
    expect(files.map((f) => [f.path, f.binary, f.status, f.hunks.length])).toEqual([
      ["logo.png", true, "modified", 0],
      ["icon.ico", true, "added", 0],
      ["x.py", false, "modified", 1],
    ]);
  });

  it("attaches '\\ No newline at end of file' to the line before it", () => {
    const text = [
      "--- a/f.txt",
      "+++ b/f.txt",
      "@@ -1 +1 @@",
      "-last",
      "\\ No newline at end of file",
      "+last!",
      "\\ No newline at end of file",
    ].join("\n");
    const { files, problems } = parseUnifiedDiff(text);
    expect(problems).toEqual([]);
    expect(files[0]!.hunks[0]!.lines.map((l) => [l.kind, l.text, l.noNewline])).toEqual([
      ["del", "last", true],
      ["add", "last!", true],
    ]);
  });

  it("reads CRLF patches and keeps no carriage return in the text", () => {
    const { files, problems } = parseUnifiedDiff(MULTI.replace(/\n/g, "\r\n") + "\r\n");
    expect(problems).toEqual([]);
    expect(files).toHaveLength(2);
    expect(files[0]!.hunks[0]!.lines.some((l) => l.text.includes("\r"))).toBe(false);
    expect(files[0]!.path).toBe("src/click/core.py");
  });

  it("marks a hunk cut off before its counts as truncated", () => {
    const { files, problems } = parseUnifiedDiff(["--- a/f", "+++ b/f", "@@ -1,3 +1,4 @@", " a", "+b"].join("\n"));
    expect(problems).toEqual([]);
    expect(files[0]!.hunks[0]!.truncated).toBe(true);
  });

  it("reports text that is no unified diff, with line numbers", () => {
    expect(parseUnifiedDiff("").problems).toEqual([]); // an empty diff: the submission changes nothing
    expect(parseUnifiedDiff("\n").files).toEqual([]);
    expect(parseUnifiedDiff("just some words\nand more").problems).toEqual([
      { line: 0, message: "no file header (diff --git, or --- / +++) was found" },
    ]);
    const junk = parseUnifiedDiff(["--- a/f", "+++ b/f", "@@ -1 +1 @@", "-a", "+b", "garbage here"].join("\n"));
    expect(junk.problems).toEqual([{ line: 6, message: "a line that is no part of a unified diff: garbage here" }]);
    expect(parseUnifiedDiff(["--- a/f", "+++ b/f", "@@ -x +y @@", "-a"].join("\n")).problems[0]!.line).toBe(3);
  });

  it("reads diffs without line numbers (a bare @@) and plain diff -u headers with timestamps", () => {
    const { files, problems } = parseUnifiedDiff(
      [
        "--- f.py\t2026-01-01 10:00:00",
        "+++ f.py\t2026-01-02 10:00:00",
        "@@",
        " a",
        "-b",
        "+c",
        "--- g.py",
        "+++ g.py",
        "@@",
        "+d",
      ].join("\n"),
    );
    expect(problems.map((p) => p.message)).toEqual([
      "a hunk header without line numbers",
      "a hunk header without line numbers",
    ]);
    expect(files.map((f) => [f.path, f.additions, f.deletions])).toEqual([
      ["f.py", 1, 1],
      ["g.py", 1, 0],
    ]);
  });
});

describe("parseEnvelope and patchTextChanges", () => {
  it("reads Codex envelopes with updates, additions, deletions and moves", () => {
    const env = [
      "*** Begin Patch",
      "*** Update File: a.py",
      "*** Move to: b.py",
      "@@",
      " x",
      "-y",
      "+z",
      "*** Delete File: c.py",
      "*** Add File: d.py",
      "+new",
      "*** End Patch",
    ].join("\n");
    expect(parseEnvelope(env).map((f) => [f.path, f.action, f.moveTo, f.lines.length])).toEqual([
      ["a.py", "update", "b.py", 3],
      ["c.py", "delete", null, 0],
      ["d.py", "add", null, 1],
    ]);
    expect(patchTextChanges(env)).toEqual([
      { path: "b.py", before: "x\ny", after: "x\nz", deleted: false },
      { path: "c.py", before: "", after: "", deleted: true },
      { path: "d.py", before: null, after: "new", deleted: false },
    ]);
  });

  it("gives a unified diff's files as before/after text", () => {
    expect(patchTextChanges(MULTI)[0]).toEqual({
      path: "src/click/core.py",
      before: "    def f(self):\n        return 1\n    # end\nold",
      after: "    def f(self):\n        value = 2\n        return value\n    # end\nnew",
      deleted: false,
    });
  });
});
