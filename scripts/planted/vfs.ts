// The checkouts of one run, in memory: every tool call of a trajectory is applied here, so that what the trace
// shows (file views, diffs, test output) and the final patch follow from the edits the trace made.
import { gitFileDiff } from "./diff";

/** A replacement of whole lines: `old` and `new` hold complete lines without the final newline ("" deletes). */
export interface Edit {
  old: string;
  new: string;
}

/** The text with one edit applied; the old block must occur exactly once, on line boundaries. */
export function applyEdit(text: string, edit: Edit, where = "file"): string {
  const needle = `${edit.old}\n`;
  const hits: number[] = [];
  for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) {
    if (at === 0 || text[at - 1] === "\n") hits.push(at);
  }
  if (hits.length !== 1) {
    throw new Error(`edit on ${where}: ${hits.length} matches for ${JSON.stringify(edit.old.slice(0, 80))}`);
  }
  const at = hits[0]!;
  const replacement = edit.new === "" ? "" : `${edit.new}\n`;
  return text.slice(0, at) + replacement + text.slice(at + needle.length);
}

export function applyEdits(text: string, edits: readonly Edit[], where = "file"): string {
  return edits.reduce((acc, edit) => applyEdit(acc, edit, where), text);
}

/** First line (1-based) of an edit's old block in the text. */
export function lineOfBlock(text: string, block: string): number {
  const at = text.indexOf(`${block}\n`);
  return at < 0 ? 1 : text.slice(0, at).split("\n").length;
}

export class Vfs {
  private readonly files = new Map<string, string>();
  private readonly base = new Map<string, string>();
  /** Earlier contents per path, pushed by the editor tool (OpenHands' undo_edit pops them). */
  private readonly editorHistory = new Map<string, string[]>();

  constructor(readonly roots: readonly string[]) {}

  seed(root: string, files: Record<string, string>): void {
    for (const [rel, text] of Object.entries(files)) {
      this.files.set(`${root}/${rel}`, text);
      this.base.set(`${root}/${rel}`, text);
    }
  }

  has(path: string): boolean {
    return this.files.has(path);
  }

  read(path: string): string {
    const text = this.files.get(path);
    if (text === undefined) throw new Error(`no such file: ${path}`);
    return text;
  }

  write(path: string, text: string): void {
    this.files.set(path, text);
  }

  remove(path: string): void {
    this.files.delete(path);
  }

  edit(path: string, edits: readonly Edit[]): void {
    this.write(path, applyEdits(this.read(path), edits, path));
  }

  /** The editor tool's write: remembered for undo_edit. */
  editorWrite(path: string, text: string): void {
    const stack = this.editorHistory.get(path) ?? [];
    stack.push(this.files.get(path) ?? "");
    this.editorHistory.set(path, stack);
    this.write(path, text);
  }

  /** OpenHands' undo_edit: the content before the last editor write of this path. */
  undo(path: string): void {
    const previous = this.editorHistory.get(path)?.pop();
    if (previous === undefined) throw new Error(`nothing to undo on ${path}`);
    this.write(path, previous);
  }

  /** The checkout a path lies in, or null (e.g. /tmp). */
  rootOf(path: string): string | null {
    return this.roots.find((r) => path.startsWith(`${r}/`)) ?? null;
  }

  /** Paths relative to the checkout, sorted, of its files. */
  listFiles(root: string): string[] {
    return [...this.files.keys()]
      .filter((p) => p.startsWith(`${root}/`))
      .map((p) => p.slice(root.length + 1))
      .sort();
  }

  baseOf(path: string): string | null {
    return this.base.get(path) ?? null;
  }

  /** Tracked files that changed, and files the base does not have, relative to the checkout. */
  changes(root: string): { rel: string; before: string | null; after: string | null }[] {
    const rels = new Set<string>();
    for (const key of [...this.files.keys(), ...this.base.keys()])
      if (key.startsWith(`${root}/`)) rels.add(key.slice(root.length + 1));
    const out: { rel: string; before: string | null; after: string | null }[] = [];
    for (const rel of [...rels].sort()) {
      const before = this.base.get(`${root}/${rel}`) ?? null;
      const after = this.files.get(`${root}/${rel}`) ?? null;
      if (before !== after) out.push({ rel, before, after });
    }
    return out;
  }

  /** `git diff` of the checkout: tracked files only (new files are untracked). */
  gitDiff(root: string): string {
    return this.changes(root)
      .filter((c) => c.before !== null)
      .map((c) => gitFileDiff(c.rel, c.before, c.after))
      .join("");
  }

  /** The checkout against its base, new files included: what a submitted patch holds. */
  fullDiff(root: string): string {
    return this.changes(root)
      .map((c) => gitFileDiff(c.rel, c.before, c.after))
      .join("");
  }

  /** `git status --short`. */
  gitStatus(root: string): string {
    return this.changes(root)
      .map((c) => `${c.before === null ? "??" : c.after === null ? " D" : " M"} ${c.rel}\n`)
      .join("");
  }

  /** Undo all changes of one tracked file (git checkout / restore). */
  restore(path: string): void {
    const before = this.base.get(path);
    if (before === undefined) throw new Error(`untracked: ${path}`);
    this.write(path, before);
  }
}
