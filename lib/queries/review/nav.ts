// Which detector tag the review keys act on, and where "next unreviewed" goes: pure, so the keys, the buttons
// and the tests agree (lib/trajectory/navigation.ts is the same idea for steps).
import type { SignatureTag } from "../../trajectory/tags";

type Tag = Pick<SignatureTag, "id" | "steps">;

/** Tags in reading order: by first evidence step, then id. */
export function tagOrder<T extends Tag>(tags: readonly T[]): T[] {
  return [...tags].sort((a, b) => (a.steps[0] ?? 0) - (b.steps[0] ?? 0) || a.id.localeCompare(b.id));
}

function distance(tag: Tag, step: number): number {
  return Math.min(...tag.steps.map((n) => Math.abs(n - step)), Number.POSITIVE_INFINITY);
}

/**
 * The tag `r` and `x` judge: the one last jumped to while the selection stays on its evidence, else the first (in
 * reading order) with evidence at the selected step, else the nearest one (the earlier on a tie).
 */
export function currentTag<T extends Tag>(
  tags: readonly T[],
  selected: number | null,
  preferredId: string | null,
): T | null {
  if (selected === null || tags.length === 0) return null;
  const preferred = tags.find((t) => t.id === preferredId);
  if (preferred && preferred.steps.includes(selected)) return preferred;
  let best: T | null = null;
  for (const t of tagOrder(tags)) if (best === null || distance(t, selected) < distance(best, selected)) best = t;
  return best;
}

/**
 * The next tag without a review after the current one (or, when the selection is not on it, after the selected
 * step), going round to the first; the current tag itself only when it is the last one left. Null when every tag
 * has a review.
 */
export function nextUnreviewed<T extends Tag>(
  tags: readonly T[],
  current: T | null,
  selected: number | null,
  reviewed: (tag: T) => boolean,
): T | null {
  const order = tagOrder(tags);
  if (order.length === 0) return null;
  // The current tag is where "next" starts only while the selection is on its evidence; a tag that is merely the
  // nearest may lie ahead, and is then the next one.
  const onCurrent = current !== null && selected !== null && current.steps.includes(selected);
  let start = onCurrent ? order.findIndex((t) => t.id === current.id) : -1;
  if (start < 0 && selected !== null) start = order.findLastIndex((t) => (t.steps[0] ?? 0) <= selected);
  for (let i = 1; i <= order.length; i++) {
    const t = order[(((start + i) % order.length) + order.length) % order.length]!;
    if (!reviewed(t)) return t;
  }
  return null;
}
