// A nested console value (a list, struct or map, at any depth) written as JSON text up to a character bound,
// element by element, straight from Arrow's buffers: strings inside it are decoded only as far as the bound
// (lib/source/utf8-prefix.ts), and a list of millions of elements is read only up to the elements that fit. The
// Arrow shapes read here are those every apache-arrow version shares (lib/source/console-arrow.ts).
import { cell, scaleOf } from "./console-cell";
import { charsText, textPrefix } from "./result-bounds";
import { utf8Prefix } from "./utf8-prefix";

export interface ArrowData {
  type: { typeId: number; children?: readonly { name: string }[]; listSize?: number; byteWidth?: number };
  length: number;
  valueOffsets?: ArrayLike<number | bigint>;
  values?: unknown;
  children?: readonly ArrowData[];
  dictionary?: { data: readonly ArrowData[] } | null;
  getValid(index: number): boolean;
}

/** Arrow's own vector over a Data (for the values read through Arrow's getters: numbers, dates, decimals). */
export type VectorOf = (data: ArrowData) => { get(index: number): unknown };

// Arrow's type ids (format/Schema.fbs `Type`; apache-arrow numbers Dictionary -1).
export const TYPE = {
  binary: 4,
  utf8: 5,
  list: 12,
  struct: 13,
  fixedBinary: 15,
  fixedList: 16,
  map: 17,
  largeBinary: 19,
  largeUtf8: 20,
  largeList: 21,
  dictionary: -1,
} as const;

const count = (n: number) => n.toLocaleString("en-US");

/** JSON text that takes parts until `limit` characters; the part that passes the limit is cut and ends it. */
export class JsonText {
  private readonly parts: string[] = [];
  private left: number;
  /** The limit was reached: something was cut, and nothing more is written. */
  full = false;
  /** What was cut, named by the innermost value that knows its size ("a list of 3 elements"). */
  what: string | null = null;

  constructor(limit: number) {
    this.left = limit;
  }

  get room(): number {
    return this.left;
  }

  put(s: string): void {
    if (this.full) return;
    if (s.length <= this.left) {
      this.parts.push(s);
      this.left -= s.length;
      return;
    }
    this.parts.push(textPrefix(s, this.left));
    this.left = 0;
    this.full = true;
  }

  /** Ends the text here (a value was cut before its end). */
  stop(): void {
    this.full = true;
  }

  /** Names what was cut, when the text is full and nothing inside named it yet. */
  name(what: string): void {
    if (this.full && this.what === null) this.what = what;
  }

  text(): string {
    return this.parts.join("");
  }
}

/** The dictionary's Data holding the entry that value `i` names, and the entry's index in it. */
export function dictionaryEntry(data: ArrowData, i: number): [ArrowData, number] | null {
  let k = Number((data.values as ArrayLike<number | bigint>)[i]);
  for (const d of data.dictionary?.data ?? []) {
    if (k < d.length) return [d, k];
    k -= d.length;
  }
  return null;
}

/** The byte length of binary value `i` (from its offsets, or its type's fixed width). */
export function byteLength(data: ArrowData, i: number): number {
  const offsets = data.valueOffsets;
  if (!offsets) return data.type.byteWidth ?? 0;
  return Number(offsets[i + 1]) - Number(offsets[i]);
}

/** The child rows of list value `i`: [first, end). */
function listRange(data: ArrowData, i: number): [number, number] {
  if (data.type.typeId === TYPE.fixedList) {
    const size = data.type.listSize ?? 0;
    return [i * size, (i + 1) * size];
  }
  return [Number(data.valueOffsets![i]), Number(data.valueOffsets![i + 1])];
}

function writeString(out: JsonText, data: ArrowData, i: number): void {
  const { text, chars } = utf8Prefix(data, i, out.room);
  const quoted = JSON.stringify(text);
  if (chars > text.length) {
    out.put(quoted.slice(0, -1));
    out.stop();
  } else out.put(quoted);
  out.name(`a string of ${charsText(chars)}`);
}

function writeList(out: JsonText, data: ArrowData, i: number, vectorOf: VectorOf): void {
  const [first, end] = listRange(data, i);
  const child = data.children![0]!;
  const map = data.type.typeId === TYPE.map;
  out.put(map ? "{" : "[");
  for (let k = first; k < end && !out.full; k++) {
    if (k > first) out.put(",");
    if (map) {
      writeValue(out, child.children![0]!, k, vectorOf);
      out.put(":");
      writeValue(out, child.children![1]!, k, vectorOf);
    } else writeValue(out, child, k, vectorOf);
  }
  out.put(map ? "}" : "]");
  out.name(map ? `a map of ${count(end - first)} entries` : `a list of ${count(end - first)} elements`);
}

function writeStruct(out: JsonText, data: ArrowData, i: number, vectorOf: VectorOf): void {
  const fields = data.type.children ?? [];
  out.put("{");
  fields.forEach((f, k) => {
    out.put(`${k > 0 ? "," : ""}${JSON.stringify(f.name)}:`);
    writeValue(out, data.children![k]!, i, vectorOf);
  });
  out.put("}");
  out.name(`a struct of ${count(fields.length)} fields`);
}

/** Value `i` of `data` as JSON text into `out`, reading no more of it than `out` has room for. */
export function writeValue(out: JsonText, data: ArrowData, i: number, vectorOf: VectorOf): void {
  if (out.full) return;
  if (!data.getValid(i)) return out.put("null");
  const t = data.type.typeId;
  if (t === TYPE.utf8 || t === TYPE.largeUtf8) return writeString(out, data, i);
  if (t === TYPE.binary || t === TYPE.largeBinary || t === TYPE.fixedBinary)
    return out.put(JSON.stringify(`<${count(byteLength(data, i))} bytes>`));
  if (t === TYPE.list || t === TYPE.largeList || t === TYPE.fixedList || t === TYPE.map)
    return writeList(out, data, i, vectorOf);
  if (t === TYPE.struct) return writeStruct(out, data, i, vectorOf);
  if (t === TYPE.dictionary) {
    const entry = dictionaryEntry(data, i);
    return entry ? writeValue(out, entry[0], entry[1], vectorOf) : out.put("null");
  }
  const v = cell(vectorOf(data).get(i), scaleOf(data.type));
  out.put(typeof v === "string" ? JSON.stringify(v) : String(v));
}
