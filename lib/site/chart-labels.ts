// Names cut to fit a chart's label room without two of them reading the same: configurations often share a long
// prefix (one model, one harness, several variants), and cutting every name at its end would draw each of them as
// the same text. Used by the hand-drawn charts (components/uncertainty/svg-parts.tsx) and the resumption scatter.

const ELLIPSIS = "…";
/** Characters kept before the ellipsis when the name is cut in the middle: enough to recognise the model. */
const MIN_HEAD = 8;

/** `text` cut at its end to `max` characters (the last one the ellipsis). */
export function cutEnd(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, Math.max(0, max - 1))}${ELLIPSIS}` : text;
}

/** Length of the prefix every string shares. */
function commonPrefix(texts: readonly string[]): number {
  const first = texts[0] ?? "";
  let n = 0;
  while (n < first.length && texts.every((t) => t[n] === first[n])) n++;
  return n;
}

/** Indices of labels that read the same as another's, grouped by that label. */
function collisions(labels: readonly string[]): number[][] {
  const by = new Map<string, number[]>();
  labels.forEach((l, i) => by.set(l, [...(by.get(l) ?? []), i]));
  return [...by.values()].filter((g) => g.length > 1);
}

const SEPARATOR = /[\s/|,;:()_-]/;

/** `name`'s last `tail` characters, reaching back to the start of the word they begin in while room allows. */
function wordTail(name: string, tail: number, most: number): string {
  let start = name.length - tail;
  while (start > 0 && name.length - start < most && !SEPARATOR.test(name[start - 1]!)) start--;
  return name.slice(start);
}

/**
 * Head, ellipsis, and the shortest tail that tells the group's names apart (at least a third of the room, so the
 * tail reads as words, not one letter; each reaching back to its word's start where it fits); null when even the
 * longest tail that leaves MIN_HEAD does not.
 */
function tailCuts(names: readonly string[], max: number): string[] | null {
  const room = max - 1;
  const most = room - MIN_HEAD;
  for (let tail = Math.max(1, Math.floor(room / 3)); tail <= most; tail++) {
    if (new Set(names.map((n) => n.slice(-tail))).size < names.length) continue;
    return names.map((n) => {
      if (n.length <= max) return n;
      const end = wordTail(n, tail, most);
      return `${n.slice(0, room - end.length)}${ELLIPSIS}${end}`;
    });
  }
  return null;
}

/** Where the window opens: the start of the word before the one the names part in (so "variant 1", not "1"). */
function windowStart(name: string, split: number, width: number): number {
  const floor = Math.max(MIN_HEAD, split - Math.floor(width / 2));
  let j = split;
  while (j > floor && SEPARATOR.test(name[j - 1]!)) j--;
  while (j > floor && !SEPARATOR.test(name[j - 1]!)) j--;
  return Math.min(j, split);
}

/** Head, ellipsis, and a window opening just before where the group's names part, ellipsis if more follows. */
function windowCuts(names: readonly string[], max: number): string[] {
  const split = commonPrefix(names);
  const width = max - MIN_HEAD - 2;
  const start = windowStart(names[0]!, split, width);
  return names.map((n) => {
    if (n.length <= max) return n;
    const rest = n.slice(start);
    return `${n.slice(0, MIN_HEAD)}${ELLIPSIS}${rest.length > width + 1 ? `${rest.slice(0, width)}${ELLIPSIS}` : rest}`;
  });
}

/** The last resort (names equal to the character): each cut to leave room for " #k", k its place in the group. */
function indexedCuts(names: readonly string[], max: number): string[] {
  return names.map((n, k) => {
    const tag = ` #${k + 1}`;
    return `${cutEnd(n, Math.max(1, max - tag.length))}${tag}`;
  });
}

/**
 * Each name cut to at most `max` characters (about; " #k" may add one or two for a very small `max`), no two
 * alike. Names that fit are kept whole; a name cut at its end that reads as another's is cut in the middle instead,
 * keeping a tail that differs, or else a window where the names part; names equal to the character get " #k" in
 * their order here. The whole name belongs in the label's tooltip.
 */
export function distinctCuts(names: readonly string[], max: number): string[] {
  const labels = names.map((n) => cutEnd(n, max));
  for (const group of collisions(labels)) {
    const members = group.map((i) => names[i]!);
    const fixed =
      new Set(members).size < members.length
        ? null
        : (tailCuts(members, max) ?? (max >= MIN_HEAD + 4 ? distinctOrNull(windowCuts(members, max)) : null));
    const out = fixed ?? indexedCuts(members, max);
    group.forEach((i, k) => (labels[i] = out[k]!));
  }
  // A cut that now reads as some other group's label (rare: a name that fits and happens to look cut).
  return collisions(labels).length === 0
    ? labels
    : names.map((n, i) => (labels[i] === n ? n : `${labels[i]} #${i + 1}`));
}

function distinctOrNull(labels: string[]): string[] | null {
  return new Set(labels).size === labels.length ? labels : null;
}
