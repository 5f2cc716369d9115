// A trajectory's step rows packed into a few buffers for the trip from the parse worker to the page: a million
// rows as objects cost the page's thread seconds to receive in one message, while buffers are handed over
// (transferred) at once. The page reads a row back only when it shows it (`StepRows.at`): the step list's window,
// the timeline's token sums and a review's step ids read no more than they need.
import type { StepRow } from "./rows";

export interface PackedRows {
  count: number;
  /** Per row: step id (NaN: none), file, tokens, cost (NaN: none). */
  numbers: Float64Array;
  /** Per row: bit 0 copied, bit 1 sidechain, bit 2 reasoning, bit 3 has a command. */
  flags: Uint8Array;
  /** Per row: its source's index in `sources`. */
  source: Uint32Array;
  sources: string[];
  /** UTF-8 of every row's preview, command and tools (as JSON), one after the other. */
  text: Uint8Array;
  /** Per row: where its preview, command and tools end in `text` (each starts where the one before ends). */
  ends: Uint32Array;
}

const NUMBERS = 4;
const TEXTS = 3;
const COPIED = 1;
const SIDECHAIN = 2;
const REASONING = 4;
const COMMAND = 8;

/** Grows a byte buffer as UTF-8 text is written into it. */
class Utf8Writer {
  bytes = new Uint8Array(1 << 16);
  length = 0;
  private readonly encoder = new TextEncoder();

  write(text: string): number {
    // A UTF-16 code unit is at most 3 bytes of UTF-8.
    const need = this.length + text.length * 3;
    if (need > this.bytes.length) {
      const grown = new Uint8Array(Math.max(need, this.bytes.length * 2));
      grown.set(this.bytes.subarray(0, this.length));
      this.bytes = grown;
    }
    this.length += this.encoder.encodeInto(text, this.bytes.subarray(this.length)).written;
    return this.length;
  }
}

export function packRows(rows: readonly StepRow[]): PackedRows {
  const count = rows.length;
  const numbers = new Float64Array(count * NUMBERS);
  const flags = new Uint8Array(count);
  const source = new Uint32Array(count);
  const ends = new Uint32Array(count * TEXTS);
  const sources: string[] = [];
  const sourceIndex = new Map<string, number>();
  const text = new Utf8Writer();
  rows.forEach((r, i) => {
    numbers[i * NUMBERS] = r.stepId ?? NaN;
    numbers[i * NUMBERS + 1] = r.file;
    numbers[i * NUMBERS + 2] = r.tokens;
    numbers[i * NUMBERS + 3] = r.cost ?? NaN;
    flags[i] =
      (r.copied ? COPIED : 0) |
      (r.sidechain ? SIDECHAIN : 0) |
      (r.reasoning ? REASONING : 0) |
      (r.command !== null ? COMMAND : 0);
    let s = sourceIndex.get(r.source);
    if (s === undefined) sourceIndex.set(r.source, (s = sources.push(r.source) - 1));
    source[i] = s;
    ends[i * TEXTS] = text.write(r.preview);
    ends[i * TEXTS + 1] = text.write(r.command ?? "");
    ends[i * TEXTS + 2] = text.write(r.tools.length ? JSON.stringify(r.tools) : "");
  });
  return { count, numbers, flags, source, sources, text: text.bytes.slice(0, text.length), ends };
}

/** The buffers a message carries by transfer. */
export function packedTransfer(p: PackedRows): ArrayBuffer[] {
  return [p.numbers, p.flags, p.source, p.text, p.ends].map((a) => a.buffer as ArrayBuffer);
}

/** Rows read back from their packed form, each decoded when first asked for and kept while it is on screen. */
export class StepRows {
  private readonly decoder = new TextDecoder();
  private readonly decoded = new Map<number, StepRow>();

  constructor(private readonly p: PackedRows) {}

  static of(rows: readonly StepRow[]): StepRows {
    return new StepRows(packRows(rows));
  }

  get length(): number {
    return this.p.count;
  }

  /** Step n (1-based), or undefined past the ends. The same object while it stays decoded (memoised rows). */
  row(n: number): StepRow | undefined {
    if (!(n >= 1 && n <= this.p.count)) return undefined;
    const kept = this.decoded.get(n);
    if (kept) return kept;
    // Only what is on screen is ever asked for; a bound keeps scrolling a long list from keeping every row.
    if (this.decoded.size >= 5_000) this.decoded.clear();
    const row = this.decode(n - 1);
    this.decoded.set(n, row);
    return row;
  }

  /** Step n's tokens, without decoding its texts (the timeline sums them per request). */
  tokens(n: number): number {
    return n >= 1 && n <= this.p.count ? this.p.numbers[(n - 1) * NUMBERS + 2]! : 0;
  }

  private text(i: number, k: number): string {
    const at = i * TEXTS + k;
    const start = at === 0 ? 0 : this.p.ends[at - 1]!;
    return this.decoder.decode(this.p.text.subarray(start, this.p.ends[at]));
  }

  private decode(i: number): StepRow {
    const num = (k: number) => this.p.numbers[i * NUMBERS + k]!;
    const flag = (bit: number) => (this.p.flags[i]! & bit) !== 0;
    const tools = this.text(i, 2);
    return {
      n: i + 1,
      stepId: Number.isNaN(num(0)) ? null : num(0),
      file: num(1),
      source: this.p.sources[this.p.source[i]!]!,
      preview: this.text(i, 0),
      tools: tools === "" ? [] : (JSON.parse(tools) as string[]),
      command: flag(COMMAND) ? this.text(i, 1) : null,
      tokens: num(2),
      cost: Number.isNaN(num(3)) ? null : num(3),
      copied: flag(COPIED),
      sidechain: flag(SIDECHAIN),
      reasoning: flag(REASONING),
    };
  }
}
