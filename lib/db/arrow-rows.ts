// An Arrow result (what DuckDB-WASM hands back) → plain JavaScript rows, a column at a time. Reading row by row
// through Arrow's row proxies (table.toArray().map(r => r.toJSON())) cost several times more on a scaled
// release's subset (docs/performance.md, "Scale").
// Nothing imported from apache-arrow: this file is in every page's first bundle (lib/db/wasm.ts, through the
// release source), Arrow's runtime comes with DuckDB-WASM's chunk on first need, and DuckDB-WASM carries its own
// copy of Arrow; what is read here is the shape both versions share.
interface Data {
  offset: number;
  length: number;
  nullCount: number;
  values?: unknown;
  valueOffsets?: unknown;
}

interface Vector {
  data?: readonly Data[];
  length: number;
  nullCount: number;
  type: { typeId: number };
  get(i: number): unknown;
  toArray(): unknown;
}

interface Table {
  numRows: number;
  schema: { fields: { name: string }[] };
  getChildAt(i: number): Vector | null;
}

// Arrow's type ids (format/Schema.fbs, `Type`): Int = 2, FloatingPoint = 3, Utf8 = 5.
const INT = 2;
const FLOAT = 3;
const UTF8 = 5;

const utf8 = new TextDecoder();

/**
 * A string column without nulls, each chunk's bytes decoded once and cut at its offsets, where Arrow's `get`
 * decodes every value on its own, where a scaled release's subset spent most of its time (docs/performance.md,
 * "Scale"). Cutting the decoded text at byte offsets holds only while every byte is ASCII;
 * any other chunk (or a shape this code does not know) is null and read value by value.
 */
function asciiStrings(v: Vector): string[] | null {
  if (!v.data || v.nullCount !== 0) return null;
  const out: string[] = [];
  for (const d of v.data) {
    const { values, valueOffsets } = d;
    if (d.offset !== 0 || !(values instanceof Uint8Array) || !(valueOffsets instanceof Int32Array)) return null;
    if (valueOffsets.length < d.length + 1) return null;
    const start = valueOffsets[0]!;
    const end = valueOffsets[d.length]!;
    for (let i = start; i < end; i++) if (values[i]! > 0x7f) return null;
    const text = utf8.decode(values.subarray(start, end));
    for (let i = 0; i < d.length; i++) out.push(text.slice(valueOffsets[i]! - start, valueOffsets[i + 1]! - start));
  }
  return out.length === v.length ? out : null;
}

function plain(value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value;
}

/** How many rows are made JavaScript between two yields to the page (`arrowRowsSliced`). */
export const ROWS_PER_SLICE = 4_000;

/**
 * A column's value at row i as Arrow's `get` gives it, with 64-bit integers made numbers. Integer and float columns
 * without nulls are read from their typed array; every other column (strings, nulls, timestamps, decimals) value
 * by value, since a typed array would show a null as 0 and a timestamp in its storage unit.
 */
function columnReader(v: Vector): (i: number) => unknown {
  if (v.type.typeId === UTF8) {
    const strings = asciiStrings(v);
    if (strings) return (i) => strings[i];
  }
  if (v.nullCount === 0 && (v.type.typeId === INT || v.type.typeId === FLOAT)) {
    const a = v.toArray() as ArrayLike<unknown>;
    if (a instanceof BigInt64Array || a instanceof BigUint64Array) return (i) => Number(a[i]!);
    return (i) => a[i];
  }
  return (i) => plain(v.get(i));
}

function rowsOf<T>(names: readonly string[], cols: readonly ((i: number) => unknown)[], from: number, to: number) {
  const rows = new Array<T>(to - from);
  for (let i = from; i < to; i++) {
    const row: Record<string, unknown> = {};
    for (let j = 0; j < names.length; j++) row[names[j]!] = cols[j]!(i);
    rows[i - from] = row as T;
  }
  return rows;
}

/**
 * The table's rows, made `ROWS_PER_SLICE` at a time with a yield to the page between slices (`pause`), so a
 * result of tens of thousands of rows never holds the page's thread in one task. A result of one slice or less
 * is made at once, with no yield.
 */
export async function arrowRowsSliced<T>(table: Table, pause: () => Promise<void> = nextTask): Promise<T[]> {
  const names = table.schema.fields.map((f) => f.name);
  const cols = names.map((_, j) => columnReader(table.getChildAt(j)!));
  if (table.numRows <= ROWS_PER_SLICE) return rowsOf<T>(names, cols, 0, table.numRows);
  const rows: T[] = [];
  for (let from = 0; from < table.numRows; from += ROWS_PER_SLICE) {
    await pause();
    for (const r of rowsOf<T>(names, cols, from, Math.min(table.numRows, from + ROWS_PER_SLICE))) rows.push(r);
  }
  return rows;
}

/** Resolves in a later task (a message to itself: unlike setTimeout, not clamped to 4 ms when repeated). */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
