// The one reader of patch text in the project: unified diffs (`git diff`, `diff -u`, a run's submitted
// `patch`, docs/data-format.md "Final patch") and Codex's "*** Begin Patch" envelope (apply_patch calls).
// Pure and lenient: anything it cannot read becomes a problem with a line number, never an exception.

export type PatchLineKind = "context" | "add" | "del";

export interface PatchLine {
  kind: PatchLineKind;
  text: string;
  /** Line numbers in the old / new file (null for the side the line is not on, or with no numbered header). */
  oldLine: number | null;
  newLine: number | null;
  /** "\ No newline at end of file" followed this line. */
  noNewline: boolean;
}

export interface PatchHunk {
  /** The header as written, e.g. "@@ -10,3 +10,4 @@ def f():". */
  header: string;
  oldStart: number | null;
  oldCount: number | null;
  newStart: number | null;
  newCount: number | null;
  lines: PatchLine[];
  /** The input ended before the header's line counts were reached (a cut-off patch: it cannot apply). */
  truncated: boolean;
}

export type PatchFileStatus = "modified" | "added" | "deleted" | "renamed" | "copied";

export interface PatchFile {
  /** Old and new paths without the a/ b/ prefixes; null for /dev/null. */
  oldPath: string | null;
  newPath: string | null;
  /** The path the file is shown under: the new path, or the old one for a deletion. */
  path: string;
  status: PatchFileStatus;
  binary: boolean;
  hunks: PatchHunk[];
  additions: number;
  deletions: number;
  /** 1-based line of the file's first header line in the patch text. */
  line: number;
}

export interface PatchProblem {
  line: number;
  message: string;
}

export interface ParsedPatch {
  files: PatchFile[];
  problems: PatchProblem[];
}

const HUNK = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

function splitLines(text: string): string[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** `a/src/x.py` → `src/x.py`; a quoted git path ("a/sp ace") unquoted; a tab-separated timestamp dropped. */
function headerPath(raw: string, prefix: "a/" | "b/"): string | null {
  let p = raw.split("\t")[0]!.trim();
  if (p.startsWith('"') && p.endsWith('"') && p.length >= 2)
    p = p
      .slice(1, -1)
      .replace(/\\(["\\])/g, "$1")
      .replace(/\\t/g, "\t");
  if (p === "/dev/null") return null;
  return p.startsWith(prefix) ? p.slice(2) : p;
}

/** Both paths of `diff --git a/x b/y` when they can be told apart (same name, or a/ … b/ split). */
function gitHeaderPaths(rest: string): { old: string; new: string } | null {
  const quoted = /^"a\/(.*)" "b\/(.*)"$/.exec(rest);
  if (quoted) return { old: quoted[1]!, new: quoted[2]! };
  if (!rest.startsWith("a/")) return null;
  const body = rest.slice(2);
  const half = (body.length - 3) / 2;
  if (Number.isInteger(half) && body.slice(half, half + 3) === " b/" && body.slice(0, half) === body.slice(half + 3)) {
    return { old: body.slice(0, half), new: body.slice(half + 3) };
  }
  const split = body.indexOf(" b/");
  return split > 0 ? { old: body.slice(0, split), new: body.slice(split + 3) } : null;
}

/** A file header starts at line i: "diff --git", or a "--- " line followed by "+++ ". */
function startsFile(lines: readonly string[], i: number): boolean {
  const line = lines[i]!;
  return line.startsWith("diff --git ") || (line.startsWith("--- ") && (lines[i + 1]?.startsWith("+++ ") ?? false));
}

/** Parses a unified diff (one or many files, git extended headers, renames, binary markers, CRLF). */
export function parseUnifiedDiff(text: string): ParsedPatch {
  const lines = splitLines(text);
  const files: PatchFile[] = [];
  const problems: PatchProblem[] = [];
  let file: PatchFile | null = null;
  let hunk: PatchHunk | null = null;
  let oldLeft = 0;
  let newLeft = 0;
  let oldNo = 0;
  let newNo = 0;
  // A "diff --git" header opened the current file and its ---/+++ pair has not come yet.
  let gitOpen = false;

  const closeHunk = () => {
    if (hunk && hunk.oldCount !== null && (oldLeft > 0 || newLeft > 0)) hunk.truncated = true;
    hunk = null;
  };
  const newFile = (at: number, oldPath: string | null, newPath: string | null): PatchFile => {
    closeHunk();
    const f: PatchFile = {
      oldPath,
      newPath,
      path: newPath ?? oldPath ?? "",
      status: "modified",
      binary: false,
      hunks: [],
      additions: 0,
      deletions: 0,
      line: at,
    };
    files.push(f);
    return f;
  };
  const settle = (f: PatchFile) => {
    f.path = f.newPath ?? f.oldPath ?? f.path;
    if (f.oldPath === null && f.newPath !== null) f.status = "added";
    else if (f.newPath === null && f.oldPath !== null) f.status = "deleted";
    else if (f.status === "modified" && f.oldPath !== null && f.newPath !== null && f.oldPath !== f.newPath)
      f.status = "renamed";
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const at = i + 1;
    if (hunk) {
      const numbered = hunk.oldCount !== null;
      const open = numbered ? oldLeft > 0 || newLeft > 0 : !startsFile(lines, i);
      const c = line[0];
      if (c === "\\") {
        const last = hunk.lines[hunk.lines.length - 1];
        if (last) last.noNewline = true;
        continue;
      }
      // Inside a hunk whose counts are not yet reached every such line belongs to it, even one reading "---";
      // an empty line is a context line whose single space was stripped (mail clients and editors do that).
      if (open && (c === " " || c === "+" || c === "-" || (line === "" && numbered))) {
        const kind: PatchLineKind = c === "+" ? "add" : c === "-" ? "del" : "context";
        hunk.lines.push({
          kind,
          text: line.slice(1),
          oldLine: numbered && kind !== "add" ? oldNo++ : null,
          newLine: numbered && kind !== "del" ? newNo++ : null,
          noNewline: false,
        });
        if (kind !== "add") oldLeft--;
        if (kind !== "del") newLeft--;
        if (kind === "add") file!.additions++;
        if (kind === "del") file!.deletions++;
        continue;
      }
      closeHunk();
    }
    if (line.startsWith("\\")) {
      const last = file?.hunks[file.hunks.length - 1]?.lines.at(-1);
      if (last) last.noNewline = true;
      continue;
    }
    if (line.startsWith("diff --git ")) {
      const paths = gitHeaderPaths(line.slice(11));
      file = newFile(at, paths?.old ?? null, paths?.new ?? null);
      gitOpen = true;
      if (!paths) problems.push({ line: at, message: "a diff --git header whose paths cannot be read" });
      continue;
    }
    if (line.startsWith("--- ") && lines[i + 1]?.startsWith("+++ ")) {
      const oldPath = headerPath(line.slice(4), "a/");
      const newPath = headerPath(lines[i + 1]!.slice(4), "b/");
      // A git header already opened this file (its hunks not yet started): the ---/+++ pair completes it.
      if (file && gitOpen) {
        file.oldPath = oldPath;
        file.newPath = newPath;
      } else {
        file = newFile(at, oldPath, newPath);
      }
      gitOpen = false;
      settle(file);
      i++;
      continue;
    }
    if (line.startsWith("@@")) {
      if (!file) {
        problems.push({ line: at, message: "a hunk before any file header" });
        continue;
      }
      closeHunk();
      gitOpen = false;
      const m = HUNK.exec(line);
      if (!m && line.trim() !== "@@" && !/^@@ /.test(line)) {
        problems.push({ line: at, message: `a malformed hunk header: ${line.slice(0, 60)}` });
        continue;
      }
      const h: PatchHunk = {
        header: line,
        oldStart: m ? Number(m[1]) : null,
        oldCount: m ? (m[2] === undefined ? 1 : Number(m[2])) : null,
        newStart: m ? Number(m[3]) : null,
        newCount: m ? (m[4] === undefined ? 1 : Number(m[4])) : null,
        lines: [],
        truncated: false,
      };
      if (!m) problems.push({ line: at, message: "a hunk header without line numbers" });
      file.hunks.push(h);
      hunk = h;
      oldLeft = h.oldCount ?? 0;
      newLeft = h.newCount ?? 0;
      oldNo = h.oldStart ?? 0;
      newNo = h.newStart ?? 0;
      continue;
    }
    if (file && file.hunks.length === 0) {
      // git's extended headers between "diff --git" and the first hunk.
      const ext =
        /^(new file mode|deleted file mode|rename from|rename to|copy from|copy to|similarity index|dissimilarity index|old mode|new mode|index) ?(.*)$/.exec(
          line,
        );
      if (ext) {
        const [, key, value] = ext;
        if (key === "new file mode") {
          file.oldPath = null;
          file.status = "added";
        } else if (key === "deleted file mode") {
          file.newPath = null;
          file.status = "deleted";
        } else if (key === "rename from" || key === "copy from") file.oldPath = value!;
        else if (key === "rename to" || key === "copy to") file.newPath = value!;
        if (key!.startsWith("rename")) file.status = "renamed";
        if (key!.startsWith("copy")) file.status = "copied";
        file.path = file.newPath ?? file.oldPath ?? file.path;
        continue;
      }
      if (/^Binary files .* differ$/.test(line) || line === "GIT binary patch") {
        file.binary = true;
        if (line === "GIT binary patch") while (i + 1 < lines.length && !lines[i + 1]!.startsWith("diff --git ")) i++;
        continue;
      }
    }
    if (line.trim() === "") continue;
    // Text before the first file (a commit message, `git format-patch` headers) is allowed; text between
    // files that is no diff line is not.
    if (file) problems.push({ line: at, message: `a line that is no part of a unified diff: ${line.slice(0, 60)}` });
  }
  closeHunk();
  // An empty text is an empty diff (a submission that changes nothing); other text without a file is no diff.
  if (files.length === 0 && lines.some((l) => l.trim() !== ""))
    problems.push({ line: 0, message: "no file header (diff --git, or --- / +++) was found" });
  return { files, problems };
}

export interface EnvelopeFile {
  path: string;
  action: "update" | "add" | "delete";
  /** Codex's "*** Move to:" target. */
  moveTo: string | null;
  lines: { kind: PatchLineKind; text: string }[];
}

/** Codex's apply_patch envelope ("*** Begin Patch" … "*** End Patch"). */
export function parseEnvelope(text: string): EnvelopeFile[] {
  const out: EnvelopeFile[] = [];
  let cur: EnvelopeFile | null = null;
  for (const line of splitLines(text)) {
    const head = /^\*\*\* (Update|Add|Delete) File: (.+)$/.exec(line);
    if (head) {
      cur = {
        path: head[2]!.trim(),
        action: head[1]!.toLowerCase() as EnvelopeFile["action"],
        moveTo: null,
        lines: [],
      };
      out.push(cur);
      continue;
    }
    const move = /^\*\*\* Move to: (.+)$/.exec(line);
    if (move && cur) {
      cur.moveTo = move[1]!.trim();
      continue;
    }
    if (line.startsWith("***")) {
      cur = null;
      continue;
    }
    if (!cur || line.startsWith("@@") || line.startsWith("\\")) continue;
    const c = line[0];
    cur.lines.push({ kind: c === "+" ? "add" : c === "-" ? "del" : "context", text: line.slice(1) });
  }
  return out;
}

export function isEnvelope(text: string): boolean {
  return /^\*\*\* (Begin Patch|(Update|Add|Delete) File: )/m.test(text);
}

/** One file's change as replaced text: what the old side read and what the new side reads. */
export interface TextChange {
  path: string;
  /** null: the file is created (no old side). */
  before: string | null;
  after: string;
  deleted: boolean;
}

/** Every file of a patch (envelope or unified diff) as before/after text, context lines on both sides. */
export function patchTextChanges(text: string): TextChange[] {
  const side = (lines: { kind: PatchLineKind; text: string }[], drop: PatchLineKind) =>
    lines
      .filter((l) => l.kind !== drop)
      .map((l) => l.text)
      .join("\n");
  if (isEnvelope(text)) {
    return parseEnvelope(text).map((f) => ({
      path: f.moveTo ?? f.path,
      before: f.action === "add" ? null : side(f.lines, "add"),
      after: f.action === "delete" ? "" : side(f.lines, "del"),
      deleted: f.action === "delete",
    }));
  }
  return parseUnifiedDiff(text)
    .files.filter((f) => !f.binary || f.hunks.length > 0)
    .map((f) => {
      const lines = f.hunks.flatMap((h) => h.lines);
      return {
        path: f.path,
        before: f.status === "added" ? null : side(lines, "add"),
        after: side(lines, "del"),
        deleted: f.status === "deleted",
      };
    });
}
