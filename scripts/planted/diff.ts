// Line diffs as git writes them: unified hunks, `diff --git` sections with real blob hashes, `--stat` lines, and
// the hunks of a Codex `*** Begin Patch` envelope. Files here are small, so an LCS table is fast enough.
import { createHash } from "node:crypto";

type Op = { kind: " " | "-" | "+"; line: string; a: number; b: number };

export function splitLines(text: string): string[] {
  if (text === "") return [];
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  return lines;
}

/** The edit script from a to b (longest common subsequence, deletions before insertions). */
export function lineOps(a: readonly string[], b: readonly string[]): Op[] {
  const n = a.length;
  const m = b.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      table[i]![j] = a[i] === b[j] ? table[i + 1]![j + 1]! + 1 : Math.max(table[i + 1]![j]!, table[i]![j + 1]!);
    }
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) ops.push({ kind: " ", line: a[i]!, a: i++, b: j++ });
    else if (j >= m || (i < n && table[i + 1]![j]! >= table[i]![j + 1]!))
      ops.push({ kind: "-", line: a[i]!, a: i++, b: j });
    else ops.push({ kind: "+", line: b[j]!, a: i, b: j++ });
  }
  return ops;
}

/** Groups of ops with `context` unchanged lines around each change, merged when they touch. */
function hunkGroups(ops: Op[], context: number): Op[][] {
  const changed = ops.map((op, i) => (op.kind === " " ? -1 : i)).filter((i) => i >= 0);
  const groups: Op[][] = [];
  let start = -1;
  let end = -1;
  for (const idx of changed) {
    const lo = Math.max(0, idx - context);
    const hi = Math.min(ops.length - 1, idx + context);
    if (start >= 0 && lo <= end + 1) end = hi;
    else {
      if (start >= 0) groups.push(ops.slice(start, end + 1));
      start = lo;
      end = hi;
    }
  }
  if (start >= 0) groups.push(ops.slice(start, end + 1));
  return groups;
}

function range(start: number, count: number): string {
  return count === 1 ? `${start}` : `${start},${count}`;
}

/** The `@@` hunks between two texts, or "" when they are equal. */
export function unifiedHunks(before: string, after: string, context = 3): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const out: string[] = [];
  for (const group of hunkGroups(lineOps(a, b), context)) {
    const first = group[0]!;
    const aCount = group.filter((op) => op.kind !== "+").length;
    const bCount = group.filter((op) => op.kind !== "-").length;
    const aStart = aCount === 0 ? first.a : first.a + 1;
    const bStart = bCount === 0 ? first.b : first.b + 1;
    out.push(`@@ -${range(aStart, aCount)} +${range(bStart, bCount)} @@${hunkHeading(a, first.a)}`);
    for (const op of group) out.push(`${op.kind}${op.line}`);
  }
  return out.length === 0 ? "" : `${out.join("\n")}\n`;
}

/** git's function-name heading: the nearest earlier line that starts a def or class. */
function hunkHeading(lines: readonly string[], before: number): string {
  for (let i = before - 1; i >= 0; i--) {
    const line = lines[i]!;
    if (/^\s*(def|class|async def) /.test(line)) return ` ${line}`;
  }
  return "";
}

/** The blob id git gives a text (`git hash-object`). */
export function blobId(text: string): string {
  const body = Buffer.from(text, "utf8");
  return createHash("sha1").update(`blob ${body.length}\0`).update(body).digest("hex");
}

/** One file's section of `git diff` (null before: a new file; null after: a deleted file). */
export function gitFileDiff(path: string, before: string | null, after: string | null): string {
  const hunks = unifiedHunks(before ?? "", after ?? "");
  if (hunks === "" && before !== null && after !== null) return "";
  const head = [`diff --git a/${path} b/${path}`];
  const zero = "0000000";
  if (before === null) head.push("new file mode 100644", `index ${zero}..${blobId(after ?? "").slice(0, 7)}`);
  else if (after === null) head.push("deleted file mode 100644", `index ${blobId(before).slice(0, 7)}..${zero}`);
  else head.push(`index ${blobId(before).slice(0, 7)}..${blobId(after).slice(0, 7)} 100644`);
  head.push(before === null ? "--- /dev/null" : `--- a/${path}`, after === null ? "+++ /dev/null" : `+++ b/${path}`);
  return `${head.join("\n")}\n${hunks}`;
}

/** Lines added and removed between two texts. */
export function changeCounts(before: string, after: string): { added: number; removed: number } {
  const ops = lineOps(splitLines(before), splitLines(after));
  return { added: ops.filter((o) => o.kind === "+").length, removed: ops.filter((o) => o.kind === "-").length };
}

/** `git diff --stat` for the given (path, before, after) triples. */
export function diffStat(files: { path: string; before: string; after: string }[]): string {
  if (files.length === 0) return "";
  const width = Math.max(...files.map((f) => f.path.length));
  let added = 0;
  let removed = 0;
  const lines = files.map((f) => {
    const c = changeCounts(f.before, f.after);
    added += c.added;
    removed += c.removed;
    return ` ${f.path.padEnd(width)} | ${String(c.added + c.removed).padStart(2)} ${"+".repeat(c.added)}${"-".repeat(c.removed)}`;
  });
  const n = files.length;
  lines.push(
    ` ${n} file${n === 1 ? "" : "s"} changed, ${added} insertion${added === 1 ? "" : "s"}(+), ${removed} deletion${removed === 1 ? "" : "s"}(-)`,
  );
  return `${lines.join("\n")}\n`;
}

/** The body of a Codex `*** Update File:` section: `@@` chunks of context, removed and added lines. */
export function codexChunks(before: string, after: string): string {
  const a = splitLines(before);
  const b = splitLines(after);
  const out: string[] = [];
  for (const group of hunkGroups(lineOps(a, b), 3)) {
    const heading = hunkHeading(a, group[0]!.a).trim();
    out.push(heading === "" ? "@@" : `@@ ${heading}`);
    for (const op of group) out.push(`${op.kind}${op.line}`);
  }
  return out.join("\n");
}
