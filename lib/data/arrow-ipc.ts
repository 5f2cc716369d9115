// Rows → Arrow IPC stream bytes, the format the browser's DuckDB-WASM ingests without any extension.
// Columns are gathered chunk by chunk (ArrowTableBuilder), so the data build can stream a table of 12.5 million
// test rows out of DuckDB (100× the sample, docs/scale.md) without ever holding it as JavaScript row objects.
import {
  Bool,
  Dictionary,
  Float64,
  Int32,
  Int64,
  Table,
  Utf8,
  makeData,
  makeVector,
  tableToIPC,
  type Vector,
} from "apache-arrow";
import type { ColumnType } from "./tables";

/**
 * Bytes of a bitmap of n bits as apache-arrow's builders size it (rounded up to 64, at least 64), so that the IPC
 * bytes stay those its builders wrote and a rebuilt release is byte-identical to the one before.
 */
const bitmapBytes = (n: number) => Math.max(64, Math.ceil(n / 8 / 64) * 64);

/** A validity bitmap (bit i set: row i has a value), or undefined when no row is null. */
function validity(n: number, isNull: (i: number) => boolean, nulls: number, size = bitmapBytes(n)): Uint8Array | undefined {
  if (nulls === 0) return undefined;
  const bitmap = new Uint8Array(size);
  for (let i = 0; i < n; i++) if (!isNull(i)) bitmap[i >> 3]! |= 1 << (i & 7);
  return bitmap;
}

const utf8Encoder = new TextEncoder();

/**
 * A Utf8 vector written straight into its offsets and bytes: apache-arrow's builder (vectorFromArray) costs
 * several times as much per string, which a release of 50,000 runs opened in the browser pays on every id column.
 * ASCII (ids, paths) is copied a character at a time; anything else goes through TextEncoder.encodeInto.
 */
function utf8Vector(n: number, valueAt: (i: number) => string | null): Vector {
  const offsets = new Int32Array(n + 1);
  let bytes = new Uint8Array(Math.max(64, n * 16));
  let at = 0;
  const nullRows: number[] = [];
  for (let i = 0; i < n; i++) {
    const s = valueAt(i);
    if (s === null) nullRows.push(i);
    else {
      // A UTF-16 unit is at most 3 bytes of UTF-8 (a surrogate pair, two units, is 4).
      if (at + s.length * 3 > bytes.length) {
        const grown = new Uint8Array(Math.max(bytes.length * 2, at + s.length * 3));
        grown.set(bytes.subarray(0, at));
        bytes = grown;
      }
      let k = 0;
      for (; k < s.length; k++) {
        const c = s.charCodeAt(k);
        if (c >= 0x80) break;
        bytes[at + k] = c;
      }
      at += k;
      if (k < s.length) at += utf8Encoder.encodeInto(s.slice(k), bytes.subarray(at)).written;
    }
    offsets[i + 1] = at;
  }
  const nulls = new Set(nullRows);
  return makeVector(
    makeData({
      type: new Utf8(),
      length: n,
      nullCount: nullRows.length,
      nullBitmap: validity(n, (i) => nulls.has(i), nullRows.length),
      valueOffsets: offsets,
      data: bytes.subarray(0, at),
    }),
  );
}

/** A string column as distinct values (first-seen order) and one index per row (−1: null). */
class StringColumn {
  private readonly ids = new Map<string, number>();
  readonly distinct: string[] = [];
  private indices = new Int32Array(1024);
  length = 0;
  nulls = 0;

  push(values: readonly unknown[]) {
    if (this.length + values.length > this.indices.length) {
      const grown = new Int32Array(Math.max(this.indices.length * 2, this.length + values.length));
      grown.set(this.indices.subarray(0, this.length));
      this.indices = grown;
    }
    for (const v of values) {
      if (v === null || v === undefined) {
        this.nulls++;
        this.indices[this.length++] = -1;
        continue;
      }
      const s = typeof v === "string" ? v : JSON.stringify(v);
      let id = this.ids.get(s);
      if (id === undefined) {
        id = this.distinct.length;
        this.ids.set(s, id);
        this.distinct.push(s);
      }
      this.indices[this.length++] = id;
    }
  }

  // Repetitive strings (run ids in test_results, test ids, statuses) are dictionary-encoded: the browser
  // downloads each distinct value once, which shrinks the largest tables several-fold. The dictionary id is the
  // column index: apache-arrow would otherwise number dictionaries from a process-wide counter, and two builds in
  // one process would write different bytes. An empty table gets plain strings: a dictionary column with no
  // dictionary batch is refused by DuckDB-WASM.
  vector(index: number): Vector {
    const n = this.length;
    const keys = this.indices.subarray(0, n);
    const { distinct } = this;
    if (n === 0 || distinct.length * 2 > n) return utf8Vector(n, (i) => (keys[i]! < 0 ? null : distinct[keys[i]!]!));
    return makeVector(
      makeData({
        type: new Dictionary(new Utf8(), new Int32(), index),
        length: n,
        nullCount: this.nulls,
        // Unpadded, as this column always wrote it (see bitmapBytes).
        nullBitmap: validity(n, (i) => keys[i]! < 0, this.nulls, Math.ceil(n / 8)),
        data: keys.map((k) => Math.max(k, 0)),
        dictionary: utf8Vector(distinct.length, (i) => distinct[i]!),
      }),
    );
  }
}

/** A number or boolean column in its final typed array (null rows hold 0 / false), grown as chunks come. */
class ValueColumn {
  private values: Float64Array | Int32Array | BigInt64Array | Uint8Array;
  private readonly nullRows: number[] = [];
  length = 0;
  constructor(private readonly type: Exclude<ColumnType, "VARCHAR">) {
    this.values = this.allocate(1024);
  }
  private allocate(n: number) {
    switch (this.type) {
      case "INTEGER": return new Int32Array(n);
      case "BIGINT": return new BigInt64Array(n);
      case "DOUBLE": return new Float64Array(n);
      case "BOOLEAN": return new Uint8Array(n);
    }
  }
  push(values: readonly unknown[]) {
    if (this.length + values.length > this.values.length) {
      const grown = this.allocate(Math.max(this.values.length * 2, this.length + values.length));
      grown.set(this.values.subarray(0, this.length) as never);
      this.values = grown;
    }
    const out = this.values;
    for (const v of values) {
      const i = this.length++;
      if (v === null || v === undefined) this.nullRows.push(i);
      else if (out instanceof BigInt64Array) out[i] = BigInt(v as number | bigint);
      else if (this.type === "BOOLEAN") out[i] = v ? 1 : 0;
      else out[i] = Number(v);
    }
  }
  vector(): Vector {
    const n = this.length;
    const nulls = new Set(this.nullRows);
    const nullBitmap = validity(n, (i) => nulls.has(i), this.nullRows.length);
    const common = { length: n, nullCount: this.nullRows.length, nullBitmap };
    const values = this.values.subarray(0, n);
    switch (this.type) {
      case "INTEGER": return makeVector(makeData({ type: new Int32(), ...common, data: values as Int32Array }));
      case "BIGINT": return makeVector(makeData({ type: new Int64(), ...common, data: values as BigInt64Array }));
      case "DOUBLE": return makeVector(makeData({ type: new Float64(), ...common, data: values as Float64Array }));
      case "BOOLEAN": return makeVector(makeData({ type: new Bool(), ...common, data: packBits(values as Uint8Array) }));
    }
  }
}

/** One byte per row (0 or 1) → Arrow's bit-packed booleans. */
function packBits(flags: Uint8Array): Uint8Array {
  const bits = new Uint8Array(bitmapBytes(flags.length));
  for (let i = 0; i < flags.length; i++) if (flags[i]) bits[i >> 3]! |= 1 << (i & 7);
  return bits;
}

/** A table's columns gathered a chunk at a time, then written as one Arrow IPC stream. */
export class ArrowTableBuilder {
  private readonly columns: [string, StringColumn | ValueColumn][];
  constructor(types: Record<string, ColumnType>) {
    this.columns = Object.entries(types).map(([name, type]) => [
      name,
      type === "VARCHAR" ? new StringColumn() : new ValueColumn(type),
    ]);
  }
  /** One chunk of one column, by the column's position in `types`. */
  push(column: number, values: readonly unknown[]) {
    this.columns[column]![1].push(values);
  }
  toIPC(): Uint8Array {
    const vectors = Object.fromEntries(this.columns.map(([name, col], index) => [name, col.vector(index)]));
    return tableToIPC(new Table(vectors), "stream");
  }
}

export function rowsToArrowIPC(columns: Record<string, ColumnType>, rows: readonly Record<string, unknown>[]): Uint8Array {
  const builder = new ArrowTableBuilder(columns);
  Object.keys(columns).forEach((name, i) => builder.push(i, rows.map((r) => r[name])));
  return builder.toIPC();
}
