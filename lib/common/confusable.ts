// Look-alike text (Unicode TS #39): "pаypal" with a Cyrillic а and "paypal" share one skeleton. Ids that do are one
// id (lib/data/validate-ids.ts, the submission check); display names that do are told apart on the page.
import unhomoglyph from "unhomoglyph";

const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

/**
 * Full case folding as JavaScript can do it (it has no case fold): upper case, then lower case, so that
 * ß ~ ss, ſ ~ s and final ς ~ σ as well as A ~ a.
 */
export const caseFold = (text: string): string => text.toUpperCase().toLowerCase();

/**
 * The confusable skeleton of Unicode TS #39 (section 4): NFD, default-ignorable code points removed, each
 * character replaced by its prototype from Unicode's confusables.txt (the table unhomoglyph bundles), NFD again.
 * Two strings with one skeleton look alike: "pаypal" (Cyrillic а) and "paypal".
 */
export function skeleton(text: string): string {
  return unhomoglyph(text.normalize("NFD").replace(DEFAULT_IGNORABLE, "")).normalize("NFD");
}

/**
 * What two ids are compared by: the skeleton, case folded, the skeleton of that, folded again. Skeleton first
 * keeps upper-case look-alikes (Greek Β and Cyrillic В for B, which fold to β and в, unlike b); the second round
 * makes case-only differences meet again where the skeleton maps one case only (m → rn, M stays). Equal keys
 * mean the ids can pass for one another, on a page or as file names on a case-insensitive file system.
 */
export function confusableKey(text: string): string {
  if (!PRINTABLE_ASCII.test(text)) return slowKey(text);
  const { special, keys } = asciiKeys();
  return text.replace(special, (c) => keys.get(c)!).toLowerCase();
}
const slowKey = (text: string): string => caseFold(skeleton(caseFold(skeleton(text))));

/** Printable ASCII: no invisible character, already NFC, and its key is the keys of its characters in a row. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
let asciiTable: { special: RegExp; keys: Map<string, string> } | null = null;
/**
 * The printable ASCII characters whose key is not their lower case (0 → o, 1 → l, m → rn, …), computed once:
 * most ids are ASCII, and a release can hold a million of them.
 */
function asciiKeys(): { special: RegExp; keys: Map<string, string> } {
  if (!asciiTable) {
    const keys = new Map<string, string>();
    for (let cp = 0x20; cp < 0x7f; cp += 1) {
      const c = String.fromCharCode(cp);
      if (slowKey(c) !== c.toLowerCase()) keys.set(c, slowKey(c));
    }
    const escaped = [...keys.keys()].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
    asciiTable = { special: new RegExp(`[${escaped}]`, "g"), keys };
  }
  return asciiTable;
}

/** What two names are compared by: as ids, with runs of white space read as one space (a page shows them so). */
export const nameKey = (text: string): string => confusableKey(text.replace(/\s+/gu, " ").trim());
