// Where the search's n-gram index lives in public/data/<id>/steps/grams/ and how its files are cut
// (docs/search.md). Every file stays far below a static host's per-file cap: the large ones are split into
// parts of at most PART_BYTES, and a block or a posting list never straddles two parts, so one byte range of
// one part reads it. Binary files are .bin (not precompressed: the browser reads them by HTTP Range); the
// small JSON files are compressed by the host like every other.
import type { TextField } from "./index-tables";

export const GRAMS_DIR = "steps/grams";
/** The largest part written (the static hosts' per-file caps start at 20 MB). */
export const PART_BYTES = 16 * 1024 * 1024;
/** Raw bytes of texts a block aims at: small enough that a hit costs little, large enough to compress. */
export const BLOCK_TEXT_BYTES = 8 * 1024;
/** One posting directory entry: byte offset into the postings (parts laid end to end), byte length, texts. */
export const DIR_ENTRY_BYTES = 12;
/**
 * One step row: these columns of step_index as little-endian Int32 (-1 for a missing position or text), in
 * step_index's (run, step) order; the run is found from runs.json's `start`.
 */
export const ROW_FIELDS = [
  "step",
  "position",
  "ctx",
  "command_id",
  "paths_id",
  "message_id",
  "message_chars",
  "observation_id",
  "observation_chars",
] as const;
export const ROW_BYTES = ROW_FIELDS.length * 4;

/** Files laid end to end: a global byte offset names a part and an offset in it. */
export interface GramParts {
  files: string[];
  bytes: number[];
}

/** Compressed blocks of one field (texts, or their occurrences) in parts; `blocks[i]` blocks in part i. */
export interface GramBlocks {
  files: string[];
  blocks: number[];
  /** Compressed byte length of each block, in id order. */
  lengths: number[];
}

/** blocks-<field>.json: where each block of a field's texts is, and the parts holding their occurrence lists. */
export interface GramFieldBlocks {
  texts: GramBlocks;
  occurrences: GramParts;
}

export interface GramField {
  field: TextField;
  /** The field's text ids are [first, first + count) (step_texts numbers them field by field). */
  first: number;
  count: number;
  /** Texts per block: block b holds ids first + b·per … first + (b+1)·per − 1. */
  per: number;
  blocks: string;
}

export interface GramsManifest {
  keyBits: number;
  gram: number;
  /** 2^keyBits directory entries (DIR_ENTRY_BYTES each). */
  dir: string;
  postings: GramParts;
  fields: GramField[];
  /** Step rows (ROW_BYTES each), `perFile` rows a part. */
  rows: { files: string[]; perFile: number; count: number };
  /** runs.json and contexts.json (GramRuns, GramContexts). */
  runs: string;
  contexts: string;
}

/** A column of strings as its distinct values and one code per row (-1 for null). */
export interface CodedColumn {
  values: string[];
  codes: number[];
}

/** runs.json: step_runs in `run` order, and where each run's steps start among the step rows. */
export interface GramRuns {
  /** Configurations in DuckDB's config_id order (the order the counts are listed in). */
  configs: { id: string; name: string }[];
  run_id: string[];
  config: number[];
  condition: CodedColumn;
  task_group: CodedColumn;
  focus_task_id: CodedColumn;
  repo: CodedColumn;
  /** 1 resolved, 0 not, -1 unknown (no outcome filter keeps it, as in SQL). */
  resolved: number[];
  /** The first step row of each run (a run without steps starts where the next does). */
  start: number[];
}

/** contexts.json: step_contexts in `ctx` order. */
export interface GramContexts {
  request_kind: CodedColumn;
  task_id: CodedColumn;
  checkout: CodedColumn;
  other_checkout: number[];
  source: CodedColumn;
  tools: CodedColumn;
}

export const gramFile = (name: string) => `${GRAMS_DIR}/${name}`;

export function codeColumn(values: readonly (string | null)[]): CodedColumn {
  const index = new Map<string, number>();
  const out: CodedColumn = { values: [], codes: [] };
  for (const v of values) {
    if (v === null) {
      out.codes.push(-1);
      continue;
    }
    let c = index.get(v);
    if (c === undefined) {
      c = out.values.length;
      index.set(v, c);
      out.values.push(v);
    }
    out.codes.push(c);
  }
  return out;
}

export function decodeAt(col: CodedColumn, i: number): string | null {
  const c = col.codes[i] ?? -1;
  return c < 0 ? null : col.values[c]!;
}

/** A byte range of one file. */
export interface ByteRange {
  file: string;
  start: number;
  end: number;
}

/** Where every block of `blocks` is, in block order. */
export function blockRanges(blocks: GramBlocks): ByteRange[] {
  const out: ByteRange[] = [];
  let b = 0;
  for (let p = 0; p < blocks.files.length; p++) {
    let start = 0;
    for (let i = 0; i < blocks.blocks[p]!; i++, b++) {
      const length = blocks.lengths[b];
      if (length === undefined) throw new Error(`${blocks.files[p]}: the parts name more blocks than lengths`);
      out.push({ file: blocks.files[p]!, start, end: start + length });
      start += length;
    }
  }
  if (b !== blocks.lengths.length) throw new Error(`the parts hold ${b} blocks, the lengths ${blocks.lengths.length}`);
  return out;
}

/** Where `length` bytes at global `offset` of parts laid end to end are. */
export function partRange(parts: GramParts, offset: number, length: number): ByteRange {
  let base = 0;
  for (let p = 0; p < parts.files.length; p++) {
    if (offset < base + parts.bytes[p]!) {
      if (offset + length > base + parts.bytes[p]!)
        throw new Error(`bytes ${offset}+${length} straddle ${parts.files[p]} and the next part`);
      return { file: parts.files[p]!, start: offset - base, end: offset - base + length };
    }
    base += parts.bytes[p]!;
  }
  throw new Error(`byte ${offset}: the parts hold ${base} bytes`);
}

/**
 * Ranges of the same file that are adjacent or closer than `gap` bytes read as one request (a request costs
 * more than a few hundred bytes read for nothing). Returns the merged ranges, sorted by file and start.
 */
export function coalesce(ranges: readonly ByteRange[], gap: number): ByteRange[] {
  const sorted = [...ranges].sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.start - b.start));
  const out: ByteRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && last.file === r.file && r.start <= last.end + gap) last.end = Math.max(last.end, r.end);
    else out.push({ ...r });
  }
  return out;
}
