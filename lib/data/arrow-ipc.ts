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
  vectorFromArray,
  type DataType,
  type Vector,
} from "apache-arrow";
import type { ColumnType } from "./tables";

function arrowType(type: ColumnType): DataType {
  switch (type) {
    case "VARCHAR": return new Utf8();
    case "INTEGER": return new Int32();
    case "BIGINT": return new Int64();
    case "DOUBLE": return new Float64();
    case "BOOLEAN": return new Bool();
  }
}

function cell(type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === "BIGINT") return BigInt(value as number | bigint);
  if (type === "INTEGER" || type === "DOUBLE") return Number(value);
  return value;
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
    if (n === 0 || this.distinct.length * 2 > n)
      return vectorFromArray(Array.from(keys, (k) => (k < 0 ? null : this.distinct[k]!)), new Utf8());
    let nullBitmap: Uint8Array | undefined;
    if (this.nulls > 0) {
      nullBitmap = new Uint8Array(Math.ceil(n / 8));
      keys.forEach((k, i) => {
        if (k >= 0) nullBitmap![i >> 3]! |= 1 << (i & 7);
      });
    }
    return makeVector(
      makeData({
        type: new Dictionary(new Utf8(), new Int32(), index),
        length: n,
        nullCount: this.nulls,
        nullBitmap,
        data: keys.map((k) => Math.max(k, 0)),
        dictionary: vectorFromArray(this.distinct, new Utf8()),
      }),
    );
  }
}

class ValueColumn {
  private readonly values: unknown[] = [];
  constructor(private readonly type: ColumnType) {}
  push(values: readonly unknown[]) {
    for (const v of values) this.values.push(cell(this.type, v));
  }
  vector(): Vector {
    return vectorFromArray(this.values, arrowType(this.type));
  }
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
