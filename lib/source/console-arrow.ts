// A console result's Arrow batches as bounded cells (lib/source/result-bounds.ts), read from Arrow's buffers so
// that nothing is decoded past its bound: a string's length is known from its offsets before any byte of it is
// decoded, and only the bytes of its first CELL_CHARS characters are; lists, structs and maps are written as
// JSON element by element until the bound; binary values show their size only. Nothing is imported from
// apache-arrow: the batches come from DuckDB-WASM's own copy of Arrow (lib/db/arrow-rows.ts says why), and what
// is read here is the shape every version shares.
import { cell, scaleOf, type Cell } from "./console-cell";
import {
  boundText,
  CELL_CHARS,
  cellChars,
  charsText,
  ResultBudget,
  RESULT_CHARS,
  truncationMark,
} from "./result-bounds";
import { byteLength, dictionaryEntry, JsonText, TYPE, writeValue, type ArrowData, type VectorOf } from "./console-json";
import { utf8Prefix } from "./utf8-prefix";

export interface ArrowVector {
  data: readonly ArrowData[];
  get(index: number): unknown;
}

export interface ArrowField {
  name: string;
  type: unknown;
}

export interface ArrowBatch {
  numRows: number;
  schema: { fields: readonly ArrowField[] };
  getChildAt(index: number): ArrowVector | null;
}

const BINARY: readonly number[] = [TYPE.binary, TYPE.largeBinary, TYPE.fixedBinary];
const UTF8: readonly number[] = [TYPE.utf8, TYPE.largeUtf8];
const NESTED: readonly number[] = [TYPE.list, TYPE.largeList, TYPE.fixedList, TYPE.struct, TYPE.map];

export interface BoundedCell {
  value: Cell;
  /** What was cut ("100,000,000 characters"), or null for a whole value. */
  cut: string | null;
}

const NULL_CELL: BoundedCell = { value: null, cut: null };

/** A cell whose value ends with the truncation mark of `cut`. */
function truncated(text: string, cut: string): BoundedCell {
  return { value: text + truncationMark(cut), cut };
}

/** A vector over any Data of the batch's Arrow (its own Vector class), made once per Data. */
function vectorMaker(sample: ArrowVector): VectorOf {
  const Vector = sample.constructor as new (data: ArrowData[]) => ArrowVector;
  const made = new WeakMap<ArrowData, ArrowVector>();
  return (d) => {
    let v = made.get(d);
    if (!v) made.set(d, (v = new Vector([d])));
    return v;
  };
}

/** Value `i` of `data` as a cell of at most `limit` characters (and its truncation mark). */
export function boundedCell(data: ArrowData, i: number, vectorOf: VectorOf, limit = CELL_CHARS): BoundedCell {
  if (!data.getValid(i)) return NULL_CELL;
  const t = data.type.typeId;
  if (UTF8.includes(t)) {
    const { text, chars } = utf8Prefix(data, i, limit);
    return chars > text.length ? truncated(text, charsText(chars)) : { value: text, cut: null };
  }
  if (BINARY.includes(t)) return { value: `<${byteLength(data, i).toLocaleString("en-US")} bytes>`, cut: null };
  if (t === TYPE.dictionary) {
    const entry = dictionaryEntry(data, i);
    return entry ? boundedCell(entry[0], entry[1], vectorOf, limit) : NULL_CELL;
  }
  if (NESTED.includes(t)) {
    const out = new JsonText(limit);
    writeValue(out, data, i, vectorOf);
    return out.full
      ? truncated(out.text(), out.what ?? `more than ${charsText(limit)}`)
      : { value: out.text(), cut: null };
  }
  const v = cell(vectorOf(data).get(i), scaleOf(data.type));
  if (typeof v !== "string") return { value: v, cut: null };
  const b = boundText(v, limit);
  return b.truncated ? { value: b.text, cut: charsText(v.length) } : { value: v, cut: null };
}

export interface BoundedResult {
  columns: { name: string; type: string }[];
  rows: Cell[][];
  /** The truncated cells, `row * columns + column` → what was cut ("100,000,000 characters"). */
  cuts: Map<number, string>;
  /** More rows than the row cap came back; only the first are kept. */
  capped: boolean;
  /** The rows passed the result's character bound: those before the first row that did not fit are kept. */
  stopped: boolean;
}

/** A result built batch by batch under the bounds; `add` says when to read no further. */
export class BoundedRows {
  readonly result: BoundedResult = { columns: [], rows: [], cuts: new Map(), capped: false, stopped: false };
  private readonly budget: ResultBudget;

  constructor(
    private readonly maxRows: number,
    private readonly cellLimit = CELL_CHARS,
    total = RESULT_CHARS,
  ) {
    this.budget = new ResultBudget(total);
  }

  setColumns(fields: readonly ArrowField[]): void {
    this.result.columns = fields.map((f) => ({ name: boundText(f.name).text, type: boundText(String(f.type)).text }));
  }

  /** Adds a batch's rows while they fit; false once the result is full (read no further batch then). */
  add(batch: ArrowBatch): boolean {
    const r = this.result;
    if (r.columns.length === 0) this.setColumns(batch.schema.fields);
    const vectors = r.columns.map((_, j) => batch.getChildAt(j)!);
    if (vectors.length === 0) return true;
    const vectorOf = vectorMaker(vectors[0]!);
    for (let i = 0; i < batch.numRows; i++) {
      if (r.rows.length >= this.maxRows) {
        r.capped = true;
        return false;
      }
      const row: Cell[] = [];
      const cuts: [number, string][] = [];
      let chars = 0;
      for (const [j, v] of vectors.entries()) {
        const [data, at] = chunkAt(v, i);
        const c = boundedCell(data, at, vectorOf, this.cellLimit);
        row.push(c.value);
        chars += cellChars(c.value);
        if (c.cut !== null) cuts.push([j, c.cut]);
      }
      if (!this.budget.take(chars)) {
        r.stopped = true;
        return false;
      }
      for (const [j, cut] of cuts) r.cuts.set(r.rows.length * vectors.length + j, cut);
      r.rows.push(row);
    }
    return true;
  }
}

/** The chunk of a vector holding row `i`, and the row's index in it. */
function chunkAt(v: ArrowVector, i: number): [ArrowData, number] {
  let k = i;
  for (const d of v.data) {
    if (k < d.length) return [d, k];
    k -= d.length;
  }
  throw new Error(`row ${i} is past the end of a result column`);
}
