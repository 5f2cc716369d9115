// The first characters of an Arrow string value, decoded from its bytes without decoding the rest: the value's
// bytes are known from its offsets, its length in characters is counted from its bytes, and only a prefix long
// enough for the characters kept is decoded (lib/source/console-arrow.ts). Characters are UTF-16 code units, as
// JavaScript counts a string (lib/source/result-bounds.ts).
import { textPrefix } from "./result-bounds";

export interface Utf8Data {
  valueOffsets?: ArrayLike<number | bigint>;
  values?: unknown;
}

const decoder = new TextDecoder();

/** The UTF-16 length of UTF-8 bytes: one per code point, two for a code point above U+FFFF (four bytes). */
export function utf16Length(bytes: Uint8Array): number {
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if ((b & 0xc0) !== 0x80) n += b >= 0xf0 ? 2 : 1;
  }
  return n;
}

/** The first `limit` characters of string `i` of `data`, and the string's whole length in characters. */
export function utf8Prefix(data: Utf8Data, i: number, limit: number): { text: string; chars: number } {
  const offsets = data.valueOffsets!;
  const bytes = (data.values as Uint8Array).subarray(Number(offsets[i]), Number(offsets[i + 1]));
  if (bytes.length <= limit) {
    const text = decoder.decode(bytes);
    return { text, chars: text.length };
  }
  // A character kept takes at most three bytes (one above U+FFFF takes four for two characters), so this many
  // bytes hold `limit` characters; the cut moves back to the first byte of a character.
  let cut = Math.min(bytes.length, 3 * limit);
  while (cut > 0 && cut < bytes.length && (bytes[cut]! & 0xc0) === 0x80) cut--;
  return { text: textPrefix(decoder.decode(bytes.subarray(0, cut)), limit), chars: utf16Length(bytes) };
}
