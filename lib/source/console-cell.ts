// A console result's value as the page shows it (lib/source/console.ts). Arrow hands DuckDB's HUGEINT
// and DECIMAL values (a SUM() of integers is a HUGEINT) as a multi-word "big number" whose toJSON() returns
// the digits wrapped in quotes, so they must be turned into numbers before any JSON fallback sees them.
export type Cell = string | number | boolean | null;

const BIG_NUM = Symbol.for("isArrowBigNum");

interface BigNumLike {
  buffer: ArrayBufferLike;
  byteOffset: number;
  byteLength: number;
  signed?: boolean;
}

function isBigNum(v: object): v is BigNumLike {
  return (v as Record<symbol, unknown>)[BIG_NUM] === true;
}

/** The little-endian two's-complement words of an Arrow big number as one bigint. */
function bigNumValue(v: BigNumLike): bigint {
  const words = new BigUint64Array(v.buffer, v.byteOffset, v.byteLength / 8);
  let n = 0n;
  for (let i = words.length - 1; i >= 0; i--) n = (n << 64n) | words[i]!;
  const bits = BigInt(64 * words.length);
  if (v.signed !== false && words.length > 0 && words[words.length - 1]! >> 63n === 1n) n -= 1n << bits;
  return n;
}

/** An integer, as a number while it is exact, else as its digits. */
function integerCell(n: bigint): Cell {
  return Number.isSafeInteger(Number(n)) ? Number(n) : n.toString();
}

/** A decimal with `scale` digits after the point: a number while exact, else its digits with the point. */
function decimalCell(n: bigint, scale: number): Cell {
  if (scale <= 0) return integerCell(n);
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(scale + 1, "0");
  const text = `${negative ? "-" : ""}${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return Number.isSafeInteger(Number(negative ? -n : n)) ? Number(text) : text;
}

/** One value of a result column; `scale` is the column's decimal scale (0 for integers and HUGEINT). */
export function cell(v: unknown, scale = 0): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === "bigint") return integerCell(v);
  if (typeof v === "number" || typeof v === "string" || typeof v === "boolean") return v;
  if (v instanceof Date) return v.toISOString();
  if (typeof v === "object" && isBigNum(v)) return decimalCell(bigNumValue(v), scale);
  if (v instanceof Uint8Array) return `<${v.byteLength} bytes>`;
  try {
    return JSON.stringify(v, (_k, x: unknown) =>
      typeof x === "bigint" ? x.toString() : x && typeof x === "object" && isBigNum(x) ? cell(x) : x,
    );
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- a value JSON cannot print (a cycle) shows its own toString
    return String(v);
  }
}

/** The decimal scale of an Arrow field's type (0 unless it is a DECIMAL). */
export function scaleOf(type: unknown): number {
  const s = (type as { scale?: unknown } | null)?.scale;
  return typeof s === "number" ? s : 0;
}
