// Reads the n-gram index's files (gram-files.ts) through a byte-range source, once each: directory entries,
// posting lists, text and occurrence blocks, step rows, and the runs and contexts JSON. The browser's source
// is fetch with HTTP Range (lib/source/search.ts); tests read the built files from memory.
import { ByteReader, readAscending, readSizedChunk } from "./gram-codec";
import {
  blockRanges,
  coalesce,
  DIR_ENTRY_BYTES,
  partRange,
  ROW_BYTES,
  ROW_FIELDS,
  type ByteRange,
  type GramContexts,
  type GramField,
  type GramFieldBlocks,
  type GramParts,
  type GramRuns,
  type GramsManifest,
} from "./gram-files";
import type { TextField } from "./index-tables";

export interface GramSource {
  /** The bytes [start, end) of a file. */
  read(range: ByteRange): Promise<Uint8Array>;
  json<T>(file: string): Promise<T>;
}

/** Inflates a block the build deflated (zlib format) into `size` bytes. */
export type Inflate = (data: Uint8Array, size: number) => Promise<Uint8Array>;

/**
 * Ranges closer than this are read as one request: a request costs its headers and a round trip, a few hundred
 * bytes read for nothing cost less. Step rows and blocks of neighbouring hits are often this close.
 */
const GAP = 4096;
/** A text part of at most WHOLE_PART_BYTES is read whole when the blocks wanted are this share of it. */
const WHOLE_PART = 0.1;
const WHOLE_PART_BYTES = 1024 * 1024;

export interface DirEntry {
  key: number;
  offset: number;
  length: number;
  count: number;
}

/** Where a text's occurrence list is: a byte range of its field's occurrence parts, deflated or not, or inline. */
export interface OccRef {
  offset: number;
  length: number;
  deflated: boolean;
  inline: Uint8Array | null;
}

/**
 * A text block: texts, haystacks (null where toLowerCase gives DuckDB's lower) and occurrence lists' places of
 * ids lo…lo+n−1.
 */
export interface TextBlock {
  texts: string[];
  hays: (string | null)[];
  occ: OccRef[];
}

/** A text's occurrences: its step rows ascending and their contexts. */
export interface Occurrences {
  rows: Uint32Array;
  ctx: Uint32Array;
}

export type StepRow = Record<(typeof ROW_FIELDS)[number], number>;

export class GramStore {
  private readonly once = new Map<string, Promise<unknown>>();
  /** Requests made and bytes received (before HTTP compression), for the page's summary. */
  readonly stats = { requests: 0, bytes: 0 };

  constructor(
    readonly manifest: GramsManifest,
    private readonly source: GramSource,
    private readonly inflater: Inflate,
  ) {}

  private inflate(chunk: Uint8Array): Promise<Uint8Array> {
    const { size, body } = readSizedChunk(chunk);
    return this.inflater(body, size);
  }

  private memo<T>(key: string, make: () => Promise<T>): Promise<T> {
    let p = this.once.get(key) as Promise<T> | undefined;
    if (!p) {
      p = make();
      // A failed read is forgotten, so the next search tries again.
      p.catch(() => this.once.get(key) === p && this.once.delete(key));
      this.once.set(key, p);
    }
    return p;
  }

  /** Each range's bytes, ranges close together read as one request. */
  async readAll(ranges: readonly ByteRange[]): Promise<Uint8Array[]> {
    const merged = coalesce(ranges, GAP);
    const bufs = await Promise.all(
      merged.map(async (m) => {
        const b = await this.source.read(m);
        if (b.length !== m.end - m.start)
          throw new Error(`${m.file}: bytes ${m.start}–${m.end} answered with ${b.length} bytes`);
        this.stats.requests++;
        this.stats.bytes += b.length;
        return b;
      }),
    );
    return ranges.map((r) => {
      const i = merged.findIndex((m) => m.file === r.file && m.start <= r.start && r.end <= m.end);
      return bufs[i]!.subarray(r.start - merged[i]!.start, r.end - merged[i]!.start);
    });
  }

  /** Several keys of one kind at once: those not read yet in one batch of ranges. */
  private batch<T>(kind: string, keys: readonly number[], read: (missing: number[]) => Promise<T[]>): Promise<T[]> {
    const missing = [...new Set(keys)].filter((k) => !this.once.has(`${kind}:${k}`));
    if (missing.length > 0) {
      const all = read(missing);
      for (const [i, k] of missing.entries()) void this.memo(`${kind}:${k}`, () => all.then((xs) => xs[i]!));
    }
    return Promise.all(keys.map((k) => this.once.get(`${kind}:${k}`) as Promise<T>));
  }

  runs(): Promise<GramRuns> {
    return this.memo("runs", () => this.source.json<GramRuns>(this.manifest.runs));
  }

  contexts(): Promise<GramContexts> {
    return this.memo("contexts", () => this.source.json<GramContexts>(this.manifest.contexts));
  }

  field(field: TextField): GramField {
    const f = this.manifest.fields.find((x) => x.field === field);
    if (!f) throw new Error(`the n-gram index has no field ${field}`);
    return f;
  }

  blocks(field: TextField): Promise<{ texts: ByteRange[]; textParts: Map<string, number>; occurrences: GramParts }> {
    return this.memo(`blocks:${field}`, async () => {
      const b = await this.source.json<GramFieldBlocks>(this.field(field).blocks);
      const texts = blockRanges(b.texts);
      const textParts = new Map<string, number>();
      for (const r of texts) textParts.set(r.file, Math.max(textParts.get(r.file) ?? 0, r.end));
      return { texts, textParts, occurrences: b.occurrences };
    });
  }

  dir(keys: readonly number[]): Promise<DirEntry[]> {
    return this.batch("dir", keys, async (missing) => {
      const ranges = missing.map((k) => ({
        file: this.manifest.dir,
        start: k * DIR_ENTRY_BYTES,
        end: (k + 1) * DIR_ENTRY_BYTES,
      }));
      return (await this.readAll(ranges)).map((b, i) => {
        const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
        return {
          key: missing[i]!,
          offset: v.getUint32(0, true),
          length: v.getUint32(4, true),
          count: v.getUint32(8, true),
        };
      });
    });
  }

  postings(entries: readonly DirEntry[]): Promise<Uint32Array[]> {
    const byKey = new Map(entries.map((e) => [e.key, e]));
    return this.batch("postings", [...byKey.keys()], async (missing) => {
      const es = missing.map((k) => byKey.get(k)!);
      const bufs = await this.readAll(es.map((e) => partRange(this.manifest.postings, e.offset, e.length)));
      return bufs.map((b, i) => readAscending(new ByteReader(b), es[i]!.count));
    });
  }

  /** A whole part of a file, read once. */
  private part(file: string, bytes: number): Promise<Uint8Array> {
    return this.memo(`part:${file}`, async () => (await this.readAll([{ file, start: 0, end: bytes }]))[0]!);
  }

  /**
   * Text blocks `bs` of a field. A part most of whose bytes are wanted (a page's commands, say) is read whole
   * in one request, and serves every later block of it too.
   */
  textBlocks(field: TextField, bs: readonly number[]): Promise<TextBlock[]> {
    return this.batch(`texts:${field}`, bs, async (missing) => {
      const { texts: ranges, textParts } = await this.blocks(field);
      const wanted = new Map<string, number>();
      for (const b of missing)
        wanted.set(ranges[b]!.file, (wanted.get(ranges[b]!.file) ?? 0) + ranges[b]!.end - ranges[b]!.start);
      const whole = new Set(
        [...wanted]
          .filter(
            ([file, n]) =>
              this.once.has(`part:${file}`) ||
              (textParts.get(file)! <= WHOLE_PART_BYTES && n >= WHOLE_PART * textParts.get(file)!),
          )
          .map(([f]) => f),
      );
      const byRange = missing.filter((b) => !whole.has(ranges[b]!.file));
      const read = await this.readAll(byRange.map((b) => ranges[b]!));
      const at = new Map(byRange.map((b, i) => [b, i]));
      const raw = await Promise.all(
        missing.map(async (b) => {
          const r = ranges[b]!;
          if (!whole.has(r.file)) return read[at.get(b)!]!;
          return (await this.part(r.file, textParts.get(r.file)!)).subarray(r.start, r.end);
        }),
      );
      return Promise.all(raw.map(async (b) => decodeTextBlock(await this.inflate(b))));
    });
  }

  /** The occurrences of texts `ids` of a field, whose places their text blocks gave. */
  occurrences(field: TextField, ids: readonly number[], refs: ReadonlyMap<number, OccRef>): Promise<Occurrences[]> {
    return this.batch(`occ:${field}`, ids, async (missing) => {
      const parts = (await this.blocks(field)).occurrences;
      const rs = missing.map((id) => refs.get(id)!);
      const away = rs.filter((r) => !r.inline);
      const read = await this.readAll(away.map((r) => partRange(parts, r.offset, r.length)));
      const at = new Map(away.map((r, i) => [r, i]));
      return Promise.all(
        rs.map(async (r) => {
          const b = r.inline ?? read[at.get(r)!]!;
          return decodeOccurrences(r.deflated ? await this.inflate(b) : b);
        }),
      );
    });
  }

  /** The step rows `gs` (step_index in (run, step) order). */
  rows(gs: readonly number[]): Promise<StepRow[]> {
    const { files, perFile } = this.manifest.rows;
    return this.batch("row", gs, async (missing) => {
      const ranges = missing.map((g) => {
        const start = (g % perFile) * ROW_BYTES;
        return { file: files[Math.floor(g / perFile)]!, start, end: start + ROW_BYTES };
      });
      return (await this.readAll(ranges)).map((b) => {
        const v = new DataView(b.buffer, b.byteOffset, b.byteLength);
        return Object.fromEntries(ROW_FIELDS.map((c, j) => [c, v.getInt32(j * 4, true)])) as StepRow;
      });
    });
  }
}

function decodeTextBlock(raw: Uint8Array): TextBlock {
  const r = new ByteReader(raw);
  const block: TextBlock = { texts: [], hays: [], occ: [] };
  let offset = r.varint();
  while (!r.done) {
    const flags = r.varint();
    block.texts.push(r.string());
    block.hays.push(flags & 1 ? r.string() : null);
    const length = r.varint();
    const inline = flags & 4 ? r.bytes(length) : null;
    block.occ.push({ offset, length, deflated: (flags & 2) !== 0, inline });
    if (!inline) offset += length;
  }
  return block;
}

function decodeOccurrences(raw: Uint8Array): Occurrences {
  const r = new ByteReader(raw);
  const n = r.varint();
  const rows = new Uint32Array(n);
  const ctx = new Uint32Array(n);
  for (let i = 0, g = 0; i < n; i++) {
    g += r.varint();
    rows[i] = g;
    ctx[i] = r.varint();
  }
  return { rows, ctx };
}
