// An Arrow result (what DuckDB-WASM hands back) → plain JavaScript rows, a column at a time. Reading row by row
// through Arrow's row proxies (table.toArray().map(r => r.toJSON())) cost 3–5× more: at 100× the sample a
// subset's 24,200 task scores took ~100 ms that way against ~20 ms here (docs/performance.md, "Scale").
// Nothing imported from apache-arrow: this file is in every page's first bundle (lib/db/wasm.ts, through the
// release source), Arrow's runtime comes with DuckDB-WASM's chunk on first need, and DuckDB-WASM carries its own
// copy of Arrow; what is read here is the shape both versions share.
interface Vector {
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

// Arrow's type ids (format/Schema.fbs, `Type`): Int = 2, FloatingPoint = 3.
const INT = 2;
const FLOAT = 3;

function plain(value: unknown): unknown {
  return typeof value === "bigint" ? Number(value) : value;
}

/**
 * A column's values as Arrow's `get` gives them, with 64-bit integers made numbers. Integer and float columns
 * without nulls are read from their typed array; every other column (strings, nulls, timestamps, decimals) value
 * by value, since a typed array would show a null as 0 and a timestamp in its storage unit.
 */
function columnValues(v: Vector): ArrayLike<unknown> {
  if (v.nullCount === 0 && (v.type.typeId === INT || v.type.typeId === FLOAT)) {
    const a = v.toArray() as ArrayLike<unknown>;
    return a instanceof BigInt64Array || a instanceof BigUint64Array ? Array.from(a, Number) : a;
  }
  const out = new Array<unknown>(v.length);
  for (let i = 0; i < v.length; i++) out[i] = plain(v.get(i));
  return out;
}

export function arrowRows<T>(table: Table): T[] {
  const names = table.schema.fields.map((f) => f.name);
  const cols = names.map((_, j) => columnValues(table.getChildAt(j)!));
  const rows = new Array<T>(table.numRows);
  for (let i = 0; i < table.numRows; i++) {
    const row: Record<string, unknown> = {};
    for (let j = 0; j < names.length; j++) row[names[j]!] = cols[j]![i];
    rows[i] = row as T;
  }
  return rows;
}
