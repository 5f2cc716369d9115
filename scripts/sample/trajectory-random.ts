// Seeded randomness for the trajectory writer. Its own generator (mulberry32) so the output depends only
// on the seed passed in, never on call order elsewhere in the sample generator.

import { Rng as BaseRng } from "./prng";

export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The sample generator's mulberry32, on a seed of the trajectory writer's own. */
export class Rng extends BaseRng {
  constructor(seed: number) {
    super((seed ^ 0x5bd1e995) >>> 0);
  }

  token(length: number): string {
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.next() * alphabet.length)];
    return out;
  }
}

/**
 * Splits a non-negative integer total into parts proportional to weights (largest remainder), so the
 * parts always add up to the total exactly. Zero or negative weights everywhere mean equal parts.
 */
export function splitInt(total: number, weights: readonly number[]): number[] {
  if (weights.length === 0) {
    if (total !== 0) throw new Error(`cannot split ${total} into zero parts`);
    return [];
  }
  const clean = weights.map((w) => (w > 0 && Number.isFinite(w) ? w : 0));
  const sum = clean.reduce((a, b) => a + b, 0);
  const used = sum > 0 ? clean : clean.map(() => 1);
  const usedSum = sum > 0 ? sum : used.length;
  const exact = used.map((w) => (total * w) / usedSum);
  const parts = exact.map((x) => Math.floor(x));
  let rest = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((x, i) => ({ i, frac: x - Math.floor(x) })).sort((a, b) => b.frac - a.frac || a.i - b.i);
  for (let k = 0; rest > 0; k = (k + 1) % order.length, rest--) {
    const i = order[k]!.i;
    parts[i] = parts[i]! + 1;
  }
  return parts;
}
