// Characters that do not show (bidi controls, zero-width and other format characters, controls): ids refuse them
// (lib/data/validate-ids.ts), names show them visibly (docs/data-format.md, "Ids and names"). No dependency, so a
// view can mark a name without the confusables table (lib/common/confusable.ts).
/**
 * Characters that change or hide how text looks without showing themselves: controls (Cc), format characters
 * (Cf: the bidi controls U+202A–202E, U+2066–2069, U+200E/200F, U+061C; zero-width U+200B–200D, U+2060, U+FEFF;
 * soft hyphen; tags), the other default-ignorable code points (variation selectors, Hangul fillers, U+034F) and
 * the line and paragraph separators.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Zl}\p{Zp}]/gu;
const BIDI = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff]/u;
/** A UTF-16 surrogate alone: it has no UTF-8 form, so a file name, Parquet or Arrow string would hold U+FFFD instead. */
const LONE_SURROGATE = /\p{Cs}/u;

export type InvisibleKind = "bidi control" | "zero-width character" | "control character" | "invisible character";

export const codePointLabel = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;

function kindOf(ch: string): InvisibleKind {
  if (BIDI.test(ch)) return "bidi control";
  if (ZERO_WIDTH.test(ch)) return "zero-width character";
  if (/\p{Cc}/u.test(ch)) return "control character";
  return "invisible character";
}

/** The invisible characters of `text`, each once, in order of first appearance: "U+202E (bidi control)". */
export function invisibleCharacters(text: string): string[] {
  const seen = new Set<string>();
  for (const [ch] of text.matchAll(INVISIBLE)) seen.add(ch);
  return [...seen].map((ch) => `${codePointLabel(ch.codePointAt(0)!)} (${kindOf(ch)})`);
}

/** Each invisible character as a visible marker, ⟦U+202E⟧ (the marker lib/trajectory/text-safety.ts uses). */
export function markInvisible(text: string): string {
  return text.replace(INVISIBLE, (ch) => `⟦${codePointLabel(ch.codePointAt(0)!)}⟧`);
}

export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

/** The first `limit` UTF-16 code units of `text`, one fewer when the last would be half of a surrogate pair. */
export function wholePrefix(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const end = limit > 0 && /[\uD800-\uDBFF]/.test(text[limit - 1]!) ? limit - 1 : limit;
  return text.slice(0, end);
}
