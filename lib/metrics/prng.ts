// A seeded 32-bit generator so that bootstrap intervals are identical at build time in Node and at run
// time in the browser; Math.random cannot be seeded. Mulberry32 (Tommy Ettinger's public-domain
// construction): a Weyl-sequence state advanced by a constant, output through two multiply-xorshift
// rounds; period 2^32 — plenty for 10^4 resamples of a few hundred tasks.
//
// Bulk draws go through fillUniformIndices, whose loop keeps the state in a local: calling a closure (or,
// under CommonJS interop, an imported function) once per draw made the bootstrap several times slower in V8.
import { fnv1a } from "../common/fnv";

/** Added to the state before each draw. */
export const MULBERRY32_INCREMENT = 0x6d2b79f5;

/** Maps an (already advanced) 32-bit state to a uniform double in [0, 1). */
export function mulberry32Output(state: number): number {
  let t = Math.imul(state ^ (state >>> 15), state | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/** Returns a generator of uniform doubles in [0, 1) determined entirely by `seed` (taken modulo 2^32). */
export function mulberry32(seed: number): () => number {
  let state = seed | 0;
  return () => {
    state = (state + MULBERRY32_INCREMENT) | 0;
    return mulberry32Output(state);
  };
}

/**
 * Fills `out` with uniform integers in [0, bound), continuing the generator from `state`, and returns the
 * advanced state. Equivalent to Math.floor(next() * bound) for each slot of a mulberry32 generator whose
 * state is `state`; start with `state = seed | 0`.
 */
export function fillUniformIndices(state: number, out: Int32Array, bound: number): number {
  let s = state | 0;
  for (let i = 0; i < out.length; i++) {
    s = (s + MULBERRY32_INCREMENT) | 0;
    out[i] = Math.floor(mulberry32Output(s) * bound);
  }
  return s;
}

/**
 * A 32-bit seed from a text seed (FNV-1a over its UTF-16 code units), so a seed a reader can type and put in a
 * URL (`?seed=abc`) picks one generator, the same in every browser and in Node.
 */
export function seedFromText(text: string): number {
  return fnv1a(text) | 0;
}
