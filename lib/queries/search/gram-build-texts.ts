// Builds the text side of the n-gram index (docs/search.md): each field's texts and their occurrences (the
// steps that hold them) in compressed blocks, and the trigram postings with their directory. Pure: the caller
// passes the compressor (zlib's deflate in the build) and writes the files.
import { ByteWriter, GRAM, gramKey, KEY_BITS, sizedChunk, writeAscending, writeString } from "./gram-codec";
import {
  BLOCK_TEXT_BYTES,
  DIR_ENTRY_BYTES,
  gramFile,
  PART_BYTES,
  type GramBlocks,
  type GramField,
  type GramFieldBlocks,
  type GramParts,
} from "./gram-files";
import type { TextField } from "./index-tables";

/** A distinct text as step_texts holds it: `hay` is DuckDB's lower(text), the haystack a literal search reads. */
export interface GramText {
  field: TextField;
  text: string;
  hay: string;
}

export type Compress = (raw: Uint8Array) => Uint8Array;

/** Chunks laid into parts of at most PART_BYTES, a chunk never split. */
export class PartWriter {
  readonly parts: Uint8Array[][] = [];
  readonly sizes: number[] = [];
  private total = 0;

  /** Appends a chunk; returns its global offset (parts laid end to end). */
  add(chunk: Uint8Array): number {
    const p = this.sizes.length - 1;
    if (p < 0 || (this.sizes[p]! > 0 && this.sizes[p]! + chunk.length > PART_BYTES)) {
      this.parts.push([]);
      this.sizes.push(0);
    }
    const at = this.total;
    this.parts[this.parts.length - 1]!.push(chunk);
    this.sizes[this.sizes.length - 1]! += chunk.length;
    this.total += chunk.length;
    return at;
  }

  /** Each part's bytes, named by `name(i)`, into `files`. */
  write(files: Map<string, Uint8Array>, name: (i: number) => string): GramParts {
    const out: GramParts = { files: [], bytes: [] };
    this.parts.forEach((chunks, i) => {
      const buf = new Uint8Array(this.sizes[i]!);
      let at = 0;
      for (const c of chunks) {
        buf.set(c, at);
        at += c.length;
      }
      files.set(name(i), buf);
      out.files.push(name(i));
      out.bytes.push(buf.length);
    });
    return out;
  }
}

function blocksOf(w: PartWriter, lengths: number[], files: Map<string, Uint8Array>, name: string): GramBlocks {
  const parts = w.write(files, (i) => gramFile(`${name}-${i}.bin`));
  return { files: parts.files, blocks: w.parts.map((p) => p.length), lengths };
}

/** An occurrence list worth compressing is deflated on its own (a common text's list can be long). */
const COMPRESS_FROM = 128;
/** A list this short rides in its text's block (most texts occur in a few steps): no read of its own. */
const INLINE_UP_TO = 24;

/** A text's occurrences: the count, then each step row (ascending, as gaps) and its context, varints. */
function occurrenceList(rows: ArrayLike<number>, ctxOf: (row: number) => number): Uint8Array {
  const o = new ByteWriter();
  o.varint(rows.length);
  let prev = 0;
  for (let i = 0; i < rows.length; i++) {
    o.varint(rows[i]! - prev);
    o.varint(ctxOf(rows[i]!));
    prev = rows[i]!;
  }
  return o.done();
}

/**
 * One field's text blocks and occurrence lists. A block starts with the byte offset of its first text's
 * occurrence list; then per text: flags (1: its haystack follows, where JavaScript's toLowerCase differs from
 * DuckDB's lower; 2: its occurrence list is deflated; 4: the list follows inline), the text as UTF-8, the
 * haystack, and the byte length of its occurrence list, then the list itself when inline. The other lists lie
 * in id order in the occurrence parts, so a verified text's list is one byte range.
 */
export function fieldBlocks(
  texts: readonly GramText[],
  field: TextField,
  first: number,
  count: number,
  occ: (id: number) => ArrayLike<number>,
  ctxOf: (row: number) => number,
  compress: Compress,
  files: Map<string, Uint8Array>,
): { meta: GramField; blocks: GramFieldBlocks } {
  let bytes = 0;
  for (let id = first; id < first + count; id++) bytes += texts[id]!.text.length;
  const per = Math.max(1, Math.round(BLOCK_TEXT_BYTES / Math.max(1, bytes / Math.max(1, count))));
  const tw = new PartWriter();
  const ow = new PartWriter();
  const lengths: number[] = [];
  let occAt = 0;
  for (let lo = first; lo < first + count; lo += per) {
    const t = new ByteWriter();
    t.varint(occAt);
    for (let id = lo; id < Math.min(first + count, lo + per); id++) {
      const { text, hay } = texts[id]!;
      const own = text.toLowerCase() !== hay;
      let list = occurrenceList(occ(id), ctxOf);
      let deflated = false;
      if (list.length >= COMPRESS_FROM) {
        const c = sizedChunk(list, compress);
        if (c.length < list.length) [list, deflated] = [c, true];
      }
      const inline = list.length <= INLINE_UP_TO;
      t.varint((own ? 1 : 0) | (deflated ? 2 : 0) | (inline ? 4 : 0));
      writeString(t, text);
      if (own) writeString(t, hay);
      t.varint(list.length);
      if (inline) t.bytes(list);
      else {
        ow.add(list);
        occAt += list.length;
      }
    }
    const tc = sizedChunk(t.done(), compress);
    tw.add(tc);
    lengths.push(tc.length);
  }
  const blocks = {
    texts: blocksOf(tw, lengths, files, `texts-${field}`),
    occurrences: ow.write(files, (i) => gramFile(`occurrences-${field}-${i}.bin`)),
  };
  const name = gramFile(`blocks-${field}.json`);
  return { meta: { field, first, count, per, blocks: name }, blocks };
}

/**
 * The postings: for each trigram key, the ids of the texts whose haystack holds one of its trigrams (ascending
 * gaps as varints), and the directory: per key its offset, byte length and number of texts.
 */
export function postings(
  texts: readonly GramText[],
  files: Map<string, Uint8Array>,
): { dir: string; parts: GramParts } {
  const keys = 1 << KEY_BITS;
  const counts = new Uint32Array(keys);
  const last = new Int32Array(keys).fill(-1);
  for (let id = 0; id < texts.length; id++) {
    const h = texts[id]!.hay;
    for (let i = 0; i + GRAM <= h.length; i++) {
      const k = gramKey(h, i);
      if (last[k] !== id) {
        last[k] = id;
        counts[k]!++;
      }
    }
  }
  const at = new Uint32Array(keys + 1);
  for (let k = 0; k < keys; k++) at[k + 1] = at[k]! + counts[k]!;
  const ids = new Uint32Array(at[keys]!);
  const fill = at.slice(0, keys);
  last.fill(-1);
  for (let id = 0; id < texts.length; id++) {
    const h = texts[id]!.hay;
    for (let i = 0; i + GRAM <= h.length; i++) {
      const k = gramKey(h, i);
      if (last[k] !== id) {
        last[k] = id;
        ids[fill[k]!++] = id;
      }
    }
  }
  const w = new PartWriter();
  const dir = new Uint8Array(keys * DIR_ENTRY_BYTES);
  const view = new DataView(dir.buffer);
  for (let k = 0; k < keys; k++) {
    if (counts[k] === 0) continue;
    const list = new ByteWriter();
    writeAscending(list, ids, at[k], at[k + 1]);
    const bytes = list.done();
    const offset = w.add(bytes);
    view.setUint32(k * DIR_ENTRY_BYTES, offset, true);
    view.setUint32(k * DIR_ENTRY_BYTES + 4, bytes.length, true);
    view.setUint32(k * DIR_ENTRY_BYTES + 8, counts[k]!, true);
  }
  const dirFile = gramFile("dir.bin");
  files.set(dirFile, dir);
  return { dir: dirFile, parts: w.write(files, (i) => gramFile(`postings-${i}.bin`)) };
}
