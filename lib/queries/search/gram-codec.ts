// The byte codes of the search's n-gram index (docs/search.md): unsigned LEB128 varints, length-prefixed UTF-8
// strings, and the hashed trigram keys. Shared by the build, which writes them, and the browser, which reads
// them, so both agree bit for bit.

/** Keys are trigrams hashed into 2^KEY_BITS buckets: a collision only adds candidates, which are verified. */
export const KEY_BITS = 18;
const KEY_MASK = (1 << KEY_BITS) - 1;

/** The n of the n-grams: a query shorter than this (in UTF-16 code units) cannot use the index. */
export const GRAM = 3;

/** The key of the trigram starting at `i` of `s` (UTF-16 code units, as a JavaScript string holds them). */
export function gramKey(s: string, i: number): number {
  let h = Math.imul(s.charCodeAt(i), 0x9e3779b1) ^ Math.imul(s.charCodeAt(i + 1), 0x85ebca77);
  h ^= Math.imul(s.charCodeAt(i + 2), 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
  return (h ^ (h >>> 12)) & KEY_MASK;
}

/** The distinct keys of every trigram of `s`, ascending. */
export function gramKeys(s: string): number[] {
  const keys = new Set<number>();
  for (let i = 0; i + GRAM <= s.length; i++) keys.add(gramKey(s, i));
  return [...keys].sort((a, b) => a - b);
}

/** A growing byte buffer that varints and strings are appended to. */
export class ByteWriter {
  private buf = new Uint8Array(1024);
  length = 0;

  private room(n: number) {
    if (this.length + n <= this.buf.length) return;
    let size = this.buf.length * 2;
    while (size < this.length + n) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buf.subarray(0, this.length));
    this.buf = next;
  }

  /** An unsigned integer below 2^53 as LEB128. */
  varint(n: number): void {
    this.room(8);
    while (n >= 0x80) {
      this.buf[this.length++] = (n % 0x80) | 0x80;
      n = Math.floor(n / 0x80);
    }
    this.buf[this.length++] = n;
  }

  bytes(b: Uint8Array): void {
    this.room(b.length);
    this.buf.set(b, this.length);
    this.length += b.length;
  }

  /** A copy of what was written. */
  done(): Uint8Array {
    return this.buf.slice(0, this.length);
  }
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Appends a string as its UTF-8 byte length then its bytes. */
export function writeString(w: ByteWriter, s: string): void {
  const b = encoder.encode(s);
  w.varint(b.length);
  w.bytes(b);
}

/** Reads what ByteWriter wrote, from the start of `buf`. */
export class ByteReader {
  at = 0;
  constructor(private readonly buf: Uint8Array) {}

  get done(): boolean {
    return this.at >= this.buf.length;
  }

  varint(): number {
    let n = 0;
    let scale = 1;
    for (;;) {
      if (this.at >= this.buf.length) throw new Error(`varint runs past the end at byte ${this.at}`);
      const b = this.buf[this.at++]!;
      n += (b & 0x7f) * scale;
      if (b < 0x80) return n;
      scale *= 0x80;
    }
  }

  /** The next `n` bytes. */
  bytes(n: number): Uint8Array {
    if (this.at + n > this.buf.length) throw new Error(`${n} bytes run past the end at byte ${this.at}`);
    this.at += n;
    return this.buf.subarray(this.at - n, this.at);
  }

  string(): string {
    const n = this.varint();
    if (this.at + n > this.buf.length) throw new Error(`string of ${n} bytes runs past the end at byte ${this.at}`);
    const s = decoder.decode(this.buf.subarray(this.at, this.at + n));
    this.at += n;
    return s;
  }
}

/** Ascending integers as the first then the gaps, each a varint. */
export function writeAscending(w: ByteWriter, ids: ArrayLike<number>, from = 0, to = ids.length): void {
  let prev = 0;
  for (let i = from; i < to; i++) {
    w.varint(ids[i]! - prev);
    prev = ids[i]!;
  }
}

/** `count` ascending integers written by writeAscending. */
export function readAscending(r: ByteReader, count: number): Uint32Array {
  const out = new Uint32Array(count);
  let prev = 0;
  for (let i = 0; i < count; i++) {
    prev += r.varint();
    out[i] = prev;
  }
  return out;
}

/** Whether `s` holds only paired surrogates (the UTF-8 of DuckDB's strings cannot hold a lone one). */
export function wellFormed(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdfff) continue;
    const next = s.charCodeAt(i + 1);
    if (c > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** A compressed chunk as the index stores it: the raw byte length (a varint), then the compressed bytes. */
export function sizedChunk(raw: Uint8Array, compress: (raw: Uint8Array) => Uint8Array): Uint8Array {
  const w = new ByteWriter();
  w.varint(raw.length);
  w.bytes(compress(raw));
  return w.done();
}

/** A sizedChunk's raw length and its compressed bytes (the inflater then allocates its output once). */
export function readSizedChunk(chunk: Uint8Array): { size: number; body: Uint8Array } {
  const r = new ByteReader(chunk);
  const size = r.varint();
  return { size, body: chunk.subarray(r.at) };
}
