// Array helpers safe for any length. `a.push(...b)` and `Math.max(...b)` pass every element as an argument
// on the stack, which overflows somewhere past ~100,000 elements (a 150,000-run release has that many
// warnings); these loop instead. No Node imports: the browser uses them too.

/** Appends `items` to `target` in place and returns `target`. */
export function pushAll<T>(target: T[], items: Iterable<T>): T[] {
  for (const item of items) target.push(item);
  return target;
}

/** The largest value, or -Infinity for none (as Math.max() returns). */
export function maxOf(values: Iterable<number>): number {
  let max = -Infinity;
  for (const v of values) if (v > max || Number.isNaN(v)) max = Number.isNaN(v) ? NaN : v;
  return max;
}

/** The smallest value, or Infinity for none (as Math.min() returns). */
export function minOf(values: Iterable<number>): number {
  let min = Infinity;
  for (const v of values) if (v < min || Number.isNaN(v)) min = Number.isNaN(v) ? NaN : v;
  return min;
}

/** Byte chunks as one array (the chunk itself when there is one), `size` being their total length. */
export function concatBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
