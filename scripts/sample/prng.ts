// A small seeded PRNG (mulberry32) so the sample release is byte-identical on every machine and Node
// version: Math.random cannot be seeded, and the generator must never depend on the clock. The generator
// step is the one in lib/metrics/prng (the bootstrap's); this class adds the draws the sample needs.
import { MULBERRY32_INCREMENT, mulberry32Output } from "../../lib/metrics/prng";

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A child generator whose stream depends only on this seed and the label, not on call order elsewhere. */
  fork(label: string): Rng {
    let h = this.state ^ 0x9e3779b9;
    for (let i = 0; i < label.length; i++) h = Math.imul(h ^ label.charCodeAt(i), 0x85ebca6b) ^ (h >>> 13);
    return new Rng(h >>> 0);
  }

  /** Uniform in [0, 1). */
  next(): number {
    // Kept unsigned here, signed in lib/metrics: mulberry32Output reads only the 32 bits, so the draws agree.
    this.state = (this.state + MULBERRY32_INCREMENT) >>> 0;
    return mulberry32Output(this.state);
  }

  /** Integer in [lo, hi], both ends included. */
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.next() * (hi - lo + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error("pick from an empty list");
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** Fisher–Yates on a copy. */
  shuffle<T>(items: readonly T[]): T[] {
    const out = [...items];
    for (let i = out.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [out[i], out[j]] = [out[j] as T, out[i] as T];
    }
    return out;
  }

  /** Standard normal (Box–Muller). */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /** Lower-case hex string of the given length (commit ids). */
  hex(length: number): string {
    let s = "";
    while (s.length < length) s += Math.floor(this.next() * 16).toString(16);
    return s;
  }
}
