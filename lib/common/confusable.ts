// Look-alike text (Unicode TS #39): "pаypal" with a Cyrillic а and "paypal" share one skeleton. Ids that do are one
// id (lib/data/validate-ids.ts, the submission check); display names that do are told apart on the page
// (lib/data/validate-names.ts).
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

type KeyFn = (text: string) => string;
/** Case folded first: case-only differences meet before the skeleton (I and i; m → rn for M and m alike). */
const foldFirst: KeyFn = (text) => caseFold(skeleton(caseFold(text)));
/** The skeleton first: upper-case look-alikes meet (Greek Β and Cyrillic В for B, which fold to β and в, unlike b). */
const skeletonFirst: KeyFn = (text) => caseFold(skeleton(text));

/** Printable ASCII: no invisible character, already NFC, and its keys are its characters' keys in a row. */
export const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * `key` with a fast path for printable ASCII, where it is per character: the characters whose key is not their
 * lower case (0 → o, 1 → l, m → rn, …) are found once. Most ids are ASCII, and a release can hold a million.
 */
function withAsciiPath(key: KeyFn): KeyFn {
  let table: { special: RegExp; keys: Map<string, string> } | null = null;
  return (text) => {
    if (!PRINTABLE_ASCII.test(text)) return key(text);
    if (!table) {
      const keys = new Map<string, string>();
      for (let cp = 0x20; cp < 0x7f; cp += 1) {
        const c = String.fromCharCode(cp);
        if (key(c) !== c.toLowerCase()) keys.set(c, key(c));
      }
      const escaped = [...keys.keys()].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`).join("");
      table = { special: new RegExp(`[${escaped}]`, "g"), keys };
    }
    const { special, keys } = table;
    return text.replace(special, (c) => keys.get(c)!).toLowerCase();
  };
}

const KEYS: readonly KeyFn[] = [withAsciiPath(foldFirst), withAsciiPath(skeletonFirst)];

/**
 * What ids are compared by: the TS #39 skeleton with case folding before it, and with case folding after it.
 * Two ids can pass for one another, on a page or as file names on a case-insensitive file system, when either
 * key is equal: "My-Agent" and "my-agent", "my-аgent" (Cyrillic а) and "my-agent", "ВОВ" (Cyrillic) and "bob".
 */
export const confusableKeys = (text: string): string[] => KEYS.map((key) => key(text));

export const looksAlike = (a: string, b: string): boolean => {
  const [x, y] = [confusableKeys(a), confusableKeys(b)];
  return x.some((k, i) => k === y[i]);
};

/** Runs of white space as one space, as a page shows them: names are compared so. */
export const collapseSpace = (text: string): string => text.replace(/\s+/gu, " ").trim();

/** Values by the ids they were added under; `find` returns the first whose id the given one can pass for. */
export class LookAlikes<T> {
  private readonly byKey = KEYS.map(() => new Map<string, T>());

  find(id: string): T | undefined {
    const keys = confusableKeys(id);
    for (let i = 0; i < keys.length; i += 1) {
      const hit = this.byKey[i]!.get(keys[i]!);
      if (hit !== undefined) return hit;
    }
    return undefined;
  }

  /** Adds `value` under `id`'s keys, keeping an earlier value under a key both share. */
  add(id: string, value: T): void {
    confusableKeys(id).forEach((k, i) => {
      if (!this.byKey[i]!.has(k)) this.byKey[i]!.set(k, value);
    });
  }
}
