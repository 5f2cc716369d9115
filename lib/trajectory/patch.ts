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

/** git's extended headers between "diff --git" and the first hunk. */
const EXTENDED_HEADER =
  /^(new file mode|deleted file mode|rename from|rename to|copy from|copy to|similarity index|dissimilarity index|old mode|new mode|index) ?(.*)$/;

/** Paths and status once a file's ---/+++ pair is read. */
function settle(f: PatchFile): void {
  f.path = f.newPath ?? f.oldPath ?? f.path;
  if (f.oldPath === null && f.newPath !== null) f.status = "added";
  else if (f.newPath === null && f.oldPath !== null) f.status = "deleted";
  else if (f.status === "modified" && f.oldPath !== null && f.newPath !== null && f.oldPath !== f.newPath)
    f.status = "renamed";
}

/** One git extended header line applied to its file. */
function applyExtendedHeader(file: PatchFile, key: string, value: string): void {
  if (key === "new file mode") {
    file.oldPath = null;
    file.status = "added";
  } else if (key === "deleted file mode") {
    file.newPath = null;
    file.status = "deleted";
  } else if (key === "rename from" || key === "copy from") file.oldPath = value;
  else if (key === "rename to" || key === "copy to") file.newPath = value;
  if (key.startsWith("rename")) file.status = "renamed";
  if (key.startsWith("copy")) file.status = "copied";
  file.path = file.newPath ?? file.oldPath ?? file.path;
}

/** One pass over a unified diff's lines; each `read*` method takes the line at `i` when it is its kind. */
class UnifiedDiffReader {
  readonly files: PatchFile[] = [];
  readonly problems: PatchProblem[] = [];
  private file: PatchFile | null = null;
  private hunk: PatchHunk | null = null;
  private oldLeft = 0;
  private newLeft = 0;
  private oldNo = 0;
  private newNo = 0;
  // A "diff --git" header opened the current file and its ---/+++ pair has not come yet.
  private gitOpen = false;
  /** The line being read (0-based); a reader that takes more lines moves it on. */
  private i = 0;

  constructor(private readonly lines: readonly string[]) {}

  read(): ParsedPatch {
    for (this.i = 0; this.i < this.lines.length; this.i++) this.readLine(this.lines[this.i]!);
    this.closeHunk();
    // An empty text is an empty diff (a submission that changes nothing); other text without a file is no diff.
    if (this.files.length === 0 && this.lines.some((l) => l.trim() !== ""))
      this.problems.push({ line: 0, message: "no file header (diff --git, or --- / +++) was found" });
    return { files: this.files, problems: this.problems };
  }

  private readLine(line: string): void {
    const at = this.i + 1;
    if (this.hunk && this.readHunkLine(this.hunk, line)) return;
    if (line.startsWith("\\")) {
      const last = this.file?.hunks[this.file.hunks.length - 1]?.lines.at(-1);
      if (last) last.noNewline = true;
      return;
    }
    if (line.startsWith("diff --git ")) return this.readGitHeader(line, at);
    if (line.startsWith("--- ") && this.lines[this.i + 1]?.startsWith("+++ ")) return this.readFileHeader(line, at);
    if (line.startsWith("@@")) return this.readHunkHeader(line, at);
    if (this.file && this.file.hunks.length === 0 && this.readExtendedHeader(this.file, line)) return;
    if (line.trim() === "") return;
    // Text before the first file (a commit message, `git format-patch` headers) is allowed; text between
    // files that is no diff line is not.
    if (this.file)
      this.problems.push({ line: at, message: `a line that is no part of a unified diff: ${line.slice(0, 60)}` });
  }

  private closeHunk(): void {
    const hunk = this.hunk;
    if (hunk && hunk.oldCount !== null && (this.oldLeft > 0 || this.newLeft > 0)) hunk.truncated = true;
    this.hunk = null;
  }

  private newFile(at: number, oldPath: string | null, newPath: string | null): PatchFile {
    this.closeHunk();
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
    this.files.push(f);
    return f;
  }

  /** A line of the open hunk, or false (the hunk closed) when the line is not one. */
  private readHunkLine(hunk: PatchHunk, line: string): boolean {
    const numbered = hunk.oldCount !== null;
    const open = numbered ? this.oldLeft > 0 || this.newLeft > 0 : !startsFile(this.lines, this.i);
    const c = line[0];
    if (c === "\\") {
      const last = hunk.lines[hunk.lines.length - 1];
      if (last) last.noNewline = true;
      return true;
    }
    // Inside a hunk whose counts are not yet reached every such line belongs to it, even one reading "---";
    // an empty line is a context line whose single space was stripped (mail clients and editors do that).
    if (open && (c === " " || c === "+" || c === "-" || (line === "" && numbered))) {
      const kind: PatchLineKind = c === "+" ? "add" : c === "-" ? "del" : "context";
      hunk.lines.push({
        kind,
        text: line.slice(1),
        oldLine: numbered && kind !== "add" ? this.oldNo++ : null,
        newLine: numbered && kind !== "del" ? this.newNo++ : null,
        noNewline: false,
      });
      if (kind !== "add") this.oldLeft--;
      if (kind !== "del") this.newLeft--;
      if (kind === "add") this.file!.additions++;
      if (kind === "del") this.file!.deletions++;
      return true;
    }
    this.closeHunk();
    return false;
  }

  private readGitHeader(line: string, at: number): void {
    const paths = gitHeaderPaths(line.slice(11));
    this.file = this.newFile(at, paths?.old ?? null, paths?.new ?? null);
    this.gitOpen = true;
    if (!paths) this.problems.push({ line: at, message: "a diff --git header whose paths cannot be read" });
  }

  /** A "--- " line and the "+++ " line after it (both are taken). */
  private readFileHeader(line: string, at: number): void {
    const oldPath = headerPath(line.slice(4), "a/");
    const newPath = headerPath(this.lines[this.i + 1]!.slice(4), "b/");
    // A git header already opened this file (its hunks not yet started): the ---/+++ pair completes it.
    let file = this.file;
    if (file && this.gitOpen) {
      file.oldPath = oldPath;
      file.newPath = newPath;
    } else {
      file = this.file = this.newFile(at, oldPath, newPath);
    }
    this.gitOpen = false;
    settle(file);
    this.i++;
  }

  private readHunkHeader(line: string, at: number): void {
    const file = this.file;
    if (!file) {
      this.problems.push({ line: at, message: "a hunk before any file header" });
      return;
    }
    this.closeHunk();
    this.gitOpen = false;
    const m = HUNK.exec(line);
    if (!m && line.trim() !== "@@" && !/^@@ /.test(line)) {
      this.problems.push({ line: at, message: `a malformed hunk header: ${line.slice(0, 60)}` });
      return;
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
    if (!m) this.problems.push({ line: at, message: "a hunk header without line numbers" });
    file.hunks.push(h);
    this.hunk = h;
    this.oldLeft = h.oldCount ?? 0;
    this.newLeft = h.newCount ?? 0;
    this.oldNo = h.oldStart ?? 0;
    this.newNo = h.newStart ?? 0;
  }

  /** Extended headers and binary markers, read only before the file's first hunk. */
  private readExtendedHeader(file: PatchFile, line: string): boolean {
    const ext = EXTENDED_HEADER.exec(line);
    if (ext) {
      applyExtendedHeader(file, ext[1]!, ext[2]!);
      return true;
    }
    if (/^Binary files .* differ$/.test(line) || line === "GIT binary patch") {
      file.binary = true;
      if (line === "GIT binary patch")
        while (this.i + 1 < this.lines.length && !this.lines[this.i + 1]!.startsWith("diff --git ")) this.i++;
      return true;
    }
    return false;
  }
}

/** Parses a unified diff (one or many files, git extended headers, renames, binary markers, CRLF). */
export function parseUnifiedDiff(text: string): ParsedPatch {
  return new UnifiedDiffReader(splitLines(text)).read();
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
