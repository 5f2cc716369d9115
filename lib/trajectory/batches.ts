// A long list cut into consecutive batches, in order: what crosses from the parse worker to the page in several
// messages, so the page receives (deserialises) each in its own task rather than all in one.

/** `items` as consecutive batches of at most `size` (at least 1); no batches for no items. */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += step) out.push(items.slice(i, i + step));
  return out;
}
