// File paths a text mentions (src/click/core.py), found in time linear in the text. The expression this replaces,
// /(?:[\w.-]+\/)*[\w.-]+\.(?:py|…)\b/g, backtracked over every run of word characters from every position of it,
// so a long stage text stalled the build's detectors (issue 58). Its matches are kept
// exactly (file-paths.test.ts compares the two on every short string of a small alphabet): within a run of
// path characters, a match starts at the leftmost position from which some segment, reached through
// non-empty segments each ended by "/", holds ".<ext>" ending at a word boundary with a character before the
// dot; the last such segment is taken (the group is greedy) and, in it, the last such dot.

export const FILE_EXT = "(?:py|pyi|js|ts|tsx|rs|go|java|rb|c|h|cpp|rst|md|toml|cfg|ini|txt|json|ya?ml)";

/** Runs of the characters a path is made of: maximal, so each character is read once. */
const PATH_RUN = /[\w./-]+/g;
/** An extension right after a dot, then a word boundary; sticky, so it is tried at one place only. */
const EXT_AT = new RegExp(`${FILE_EXT}\\b`, "y");

/**
 * Every file path of `text`, in order, as the expression above matches them. A run longer than `maxRun`
 * characters is no path (Linux's PATH_MAX is 4,096 bytes) and is skipped, so no name is ever longer.
 */
export function filePaths(text: string, maxRun = 4096): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(PATH_RUN)) if (m[0].length <= maxRun) pathsInRun(m[0], out);
  return out;
}

/** End (exclusive) of the last valid ".ext" in run[start, end) with its dot after `minDot`, or -1. */
function lastExtEnd(run: string, start: number, end: number, minDot: number): number {
  for (let d = run.lastIndexOf(".", end - 1); d >= minDot && d > start; d = run.lastIndexOf(".", d - 1)) {
    EXT_AT.lastIndex = d + 1;
    const ext = EXT_AT.exec(run);
    if (ext && d + 1 + ext[0].length <= end) return d + 1 + ext[0].length;
  }
  return -1;
}

function pathsInRun(run: string, out: string[]): void {
  // Segments between slashes; a "//" makes an empty one, which no group iteration crosses.
  const starts: number[] = [0];
  for (let i = run.indexOf("/"); i !== -1; i = run.indexOf("/", i + 1)) starts.push(i + 1);
  const endOf = (s: number) => (s + 1 < starts.length ? starts[s + 1]! - 1 : run.length);
  const extEnd = starts.map((start, s) => lastExtEnd(run, start, endOf(s), start + 1));
  // lastValid[s]: the last segment of s's run of non-empty segments, from s on, that holds an extension.
  const lastValid = new Array<number>(starts.length).fill(-1);
  for (let s = starts.length - 1; s >= 0; s--) {
    if (endOf(s) === starts[s]) continue; // empty: breaks the chain
    const next = s + 1 < starts.length && endOf(s + 1) > starts[s + 1]! ? lastValid[s + 1]! : -1;
    lastValid[s] = next !== -1 ? next : extEnd[s]! !== -1 ? s : -1;
  }
  let q = 0;
  let s = 0;
  while (q < run.length) {
    while (s + 1 < starts.length && starts[s + 1]! <= q) s++;
    if (run[q] === "/" || lastValid[s] === -1) {
      // No match from here or anywhere later in this segment: the next segment's start.
      if (s + 1 >= starts.length) return;
      q = starts[++s]!;
      continue;
    }
    const last = lastValid[s]!;
    // The match's own segment is the one it starts in: its dot must then come after the start.
    const end = last > s ? extEnd[last]! : lastExtEnd(run, q, endOf(s), q + 1);
    if (end === -1) {
      if (s + 1 >= starts.length) return;
      q = starts[++s]!;
      continue;
    }
    out.push(run.slice(q, end));
    q = end;
  }
}
